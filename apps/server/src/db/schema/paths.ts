import { sql } from 'drizzle-orm';
import { index, integer, pgTable, pgView, primaryKey } from 'drizzle-orm/pg-core';
import { certifications } from './catalogue.js';

/**
 * How many members earned `from` and later `to` (docs/product.md#paths, decision 25): one row per pair with at
 * least one member. Kept in the transaction of every tracker write (modules/paths/common-next.repository.ts) and
 * of every account deletion (a trigger of migration 0010); `rebuildCommonNextCounts` recounts it from scratch.
 * No check on `members`: a write adds its changes in one ordered statement, negative ones included, and removes
 * the rows that reach 0 right after.
 */
export const commonNextCounts = pgTable(
  'common_next_counts',
  {
    fromId: integer('from_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({ name: 'common_next_counts_pkey', columns: [t.fromId, t.toId] }),
    // The pairs shown (COMMON_NEXT_MIN_MEMBERS, 3, as a literal: common-next.test.ts checks the two agree). A map reads
    // those of each of its certifications and "next" those of one, from this index alone, however many pairs
    // below the threshold the members made.
    index('common_next_counts_shown_idx')
      .on(t.fromId, t.toId, t.members)
      .where(sql`${t.members} >= 3`),
    // A certification deleted takes its pairs by both ends.
    index('common_next_counts_to_idx').on(t.toId),
  ],
);

/**
 * The rule of a COMMON_NEXT pair, written once (migration 0010): a member HELD `from` and `to`, and earned `from`
 * on a day strictly before `to`. Private entries count too (decision 25). The counts, their rebuild and the
 * account-deletion trigger all read it.
 */
export const memberHeldPairs = pgView('member_held_pairs', {
  userId: integer('user_id').notNull(),
  fromId: integer('from_id').notNull(),
  toId: integer('to_id').notNull(),
}).existing();
