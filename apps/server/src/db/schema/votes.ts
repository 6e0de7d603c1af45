import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { certifications } from './catalogue.js';
import { resources } from './resources.js';
import { users } from './users.js';

/* The members' votes, one table per item type (decision 3). */

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
    // Trending reads the last 30 days of votes.
    index('certification_votes_updated_idx').on(t.updatedAt),
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
