import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

/**
 * The words a search looks through, as one text-search document. The search query repeats this expression
 * exactly (certificationDocumentSql), so that PostgreSQL uses the index built on it.
 */
function certificationDocument(t: { name: unknown; certCode: unknown; vendor: unknown; description: unknown }) {
  return sql`to_tsvector('simple'::regconfig, ${t.name} || ' ' || ${t.certCode} || ' ' || ${t.vendor} || ' ' || ${t.description})`;
}

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
  },
  (t) => [
    uniqueIndex('certifications_slug_key').on(t.slug),
    uniqueIndex('certifications_name_vendor_key').on(sql`lower(${t.name})`, sql`lower(${t.vendor})`),
    index('certifications_status_created_idx').on(t.status, t.createdAt),
    index('certifications_submitter_idx').on(t.submittedById),
    index('certifications_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Search (GET /api/certification?q=): words anywhere, and exam codes close in spelling.
    index('certifications_search_idx').using('gin', certificationDocument(t)),
    index('certifications_code_trgm_idx').using('gin', sql`lower(${t.certCode}) gin_trgm_ops`),
    index('certifications_label_trgm_idx').using(
      'gin',
      sql`lower(${t.name} || ' ' || ${t.certCode} || ' ' || ${t.vendor}) gin_trgm_ops`,
    ),
    statusCheck('certifications_status_check', t.status),
    check('certifications_counts_check', sql`${t.upvoteCount} >= 0 and ${t.downvoteCount} >= 0`),
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
