import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const statusCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('PENDING', 'APPROVED', 'REJECTED')`);

/** PostgreSQL's text-search document type, for the stored search column. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const certifications = pgTable(
  'certifications',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    certCode: text('cert_code').notNull(),
    vendor: text('vendor').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull().default(''),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    submittedById: integer('submitted_by_id').references(() => users.id, { onDelete: 'set null' }),
    upvoteCount: integer('upvote_count').notNull().default(0),
    downvoteCount: integer('downvote_count').notNull().default(0),
    reviewedById: integer('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Moves on every change to the certification's discussion, in the same transaction: a copy of the comment
     * tree made at one version is good for as long as the version stays (CommentService).
     */
    discussionVersion: integer('discussion_version').notNull().default(0),
    /**
     * What a search reads (GET /api/certification?q=), kept by PostgreSQL itself on every write: the words of
     * the name, exam code and vendor (weight A) and of the description (weight D), parsed once rather than for
     * every row of every search, and the lower-cased label that spelling mistakes are measured against.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, name || ' ' || cert_code || ' ' || vendor), 'A') || setweight(to_tsvector('simple'::regconfig, description), 'D')`,
      ),
    searchLabel: text('search_label')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || cert_code || ' ' || vendor)`),
  },
  (t) => [
    uniqueIndex('certifications_slug_key').on(t.slug),
    // Unique among the public catalogue only: a pending duplicate is caught at review, so that a submission
    // tells its member nothing about other members' pending items.
    uniqueIndex('certifications_name_vendor_key')
      .on(sql`lower(${t.name})`, sql`lower(${t.vendor})`)
      .where(sql`${t.status} = 'APPROVED'`),
    index('certifications_status_created_idx').on(t.status, t.createdAt),
    index('certifications_submitter_idx').on(t.submittedById),
    index('certifications_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Search (GET /api/certification?q=): words anywhere, and names, codes and vendors close in spelling. Only
    // approved certifications are searched, so only they are indexed.
    index('certifications_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.status} = 'APPROVED'`),
    // GiST rather than GIN: it hands out the labels nearest in spelling first, so a search reads 50 of them.
    // Signatures of 256 bytes rather than 12 are exact enough for labels of a few words: half the rechecks.
    index('certifications_search_label_trgm_idx')
      .using('gist', sql`${t.searchLabel} gist_trgm_ops(siglen=256)`)
      .where(sql`${t.status} = 'APPROVED'`),
    statusCheck('certifications_status_check', t.status),
    check('certifications_counts_check', sql`${t.upvoteCount} >= 0 and ${t.downvoteCount} >= 0`),
  ],
);

/**
 * A member's edit of an APPROVED certification, waiting for a moderator: the values the certification would
 * take. The public keeps seeing the certification as it is until a moderator approves (the edit is applied and
 * logged) or rejects (it is dropped). One per certification: a newer edit replaces the waiting one.
 */
export const certificationEdits = pgTable(
  'certification_edits',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    certCode: text('cert_code').notNull(),
    vendor: text('vendor').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certification_edits_certification_key').on(t.certificationId),
    index('certification_edits_created_idx').on(t.createdAt),
  ],
);

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull(),
    type: text('type', { enum: ['course', 'video', 'article', 'book', 'documentation', 'other'] }).notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    submittedById: integer('submitted_by_id').references(() => users.id, { onDelete: 'set null' }),
    upvoteCount: integer('upvote_count').notNull().default(0),
    downvoteCount: integer('downvote_count').notNull().default(0),
    reviewedById: integer('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('resources_certification_status_idx').on(t.certificationId, t.status),
    index('resources_status_created_idx').on(t.status, t.createdAt),
    index('resources_submitter_idx').on(t.submittedById),
    statusCheck('resources_status_check', t.status),
    check('resources_type_check', sql`${t.type} in ('course', 'video', 'article', 'book', 'documentation', 'other')`),
    check('resources_counts_check', sql`${t.upvoteCount} >= 0 and ${t.downvoteCount} >= 0`),
  ],
);

/** One vote per member and certification; +1 or -1. */
export const certificationVotes = pgTable(
  'certification_votes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'certification_votes_pkey', columns: [t.userId, t.certificationId] }),
    index('certification_votes_item_idx').on(t.certificationId),
    check('certification_votes_value_check', sql`${t.value} in (-1, 1)`),
  ],
);

/** One vote per member and resource; +1 or -1. */
export const resourceVotes = pgTable(
  'resource_votes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'resource_votes_pkey', columns: [t.userId, t.resourceId] }),
    index('resource_votes_item_idx').on(t.resourceId),
    check('resource_votes_value_check', sql`${t.value} in (-1, 1)`),
  ],
);
