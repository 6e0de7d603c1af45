import type { SourceInput } from '@certitude/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { certifications } from './catalogue.js';
import { users } from './users.js';

/** The domain taxonomy (docs/product.md#certification-facts): filled by the migration, changed only by one. */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('domains_slug_key').on(t.slug)],
);

export const certificationDomains = pgTable(
  'certification_domains',
  {
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'certification_domains_pkey', columns: [t.certificationId, t.domainId] }),
    index('certification_domains_domain_idx').on(t.domainId),
  ],
);

/** "Take B before A": REQUIRED by the vendor, or RECOMMENDED. The service refuses cycles of REQUIRED links. */
export const certificationPrerequisites = pgTable(
  'certification_prerequisites',
  {
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    prerequisiteId: integer('prerequisite_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['REQUIRED', 'RECOMMENDED'] }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'certification_prerequisites_pkey', columns: [t.certificationId, t.prerequisiteId] }),
    index('certification_prerequisites_prerequisite_idx').on(t.prerequisiteId),
    check('certification_prerequisites_self_check', sql`${t.certificationId} <> ${t.prerequisiteId}`),
    check('certification_prerequisites_kind_check', sql`${t.kind} in ('REQUIRED', 'RECOMMENDED')`),
  ],
);

/**
 * One change of a certification, as a wiki keeps it: the before and after of every field it changed. An
 * APPLIED revision is part of the certification's current state; a PENDING one waits for a moderator.
 */
export const certificationRevisions = pgTable(
  'certification_revisions',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    /** `[{ field, before, after }]` in the stored form of each field (links by id, domains by slug). */
    changes: jsonb('changes').notNull(),
    /** Where the change was read (`{ url, kind, retrievedOn }`): added to the certification's sources when applied. */
    source: jsonb('source').$type<SourceInput>(),
    status: text('status', { enum: ['PENDING', 'APPLIED', 'REJECTED'] }).notNull(),
    reason: text('reason'),
    /** The certification's `revision` the proposal was made against. */
    baseRevision: integer('base_revision').notNull(),
    revertOf: integer('revert_of'),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('certification_revisions_certification_idx').on(t.certificationId, t.createdAt),
    index('certification_revisions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('certification_revisions_author_idx').on(t.authorId),
    check('certification_revisions_status_check', sql`${t.status} in ('PENDING', 'APPLIED', 'REJECTED')`),
  ],
);
