import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { certifications } from './catalogue.js';
import { users } from './users.js';

const TARGET_TYPES = sql`('certification', 'resource', 'comment', 'rating')`;

/**
 * Members' flags on items (docs/product.md#flags): one per member and item, ever. A flag is open until a moderator
 * resolves the item's flags together (DISMISS or REMOVE). The target is named by type and id, with no foreign key:
 * a flag outlives nothing it could point at wrongly, since removal keeps the row of every flaggable item.
 */
export const flags = pgTable(
  'flags',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type', { enum: ['certification', 'resource', 'comment', 'rating'] }).notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['SPAM', 'INCORRECT', 'OFFENSIVE', 'DUPLICATE', 'OTHER'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedById: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution', { enum: ['DISMISS', 'REMOVE'] }),
  },
  (t) => [
    uniqueIndex('flags_member_target_key').on(t.targetType, t.targetId, t.userId),
    // The Flags tab and the pending badge read the open flags only.
    index('flags_open_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.resolvedAt} is null`),
    index('flags_user_created_idx').on(t.userId, t.createdAt),
    check('flags_target_type_check', sql`${t.targetType} in ${TARGET_TYPES}`),
    check('flags_reason_check', sql`${t.reason} in ('SPAM', 'INCORRECT', 'OFFENSIVE', 'DUPLICATE', 'OTHER')`),
    check('flags_resolution_check', sql`${t.resolution} is null or ${t.resolution} in ('DISMISS', 'REMOVE')`),
    check('flags_resolved_together', sql`(${t.resolvedAt} is null) = (${t.resolution} is null)`),
  ],
);

/**
 * Items hidden pending review because enough members in good standing flagged them. The hiding itself is the item's
 * own state (a certification or resource goes back to PENDING, a comment or rating gets `hidden_at`); this row says
 * the flags did it, so that dismissing them puts the item back.
 */
export const flagHolds = pgTable(
  'flag_holds',
  {
    targetType: text('target_type', { enum: ['certification', 'resource', 'comment', 'rating'] }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId], name: 'flag_holds_pkey' }),
    check('flag_holds_target_type_check', sql`${t.targetType} in ${TARGET_TYPES}`),
  ],
);

/**
 * What the voting-ring job found (docs/product.md#voting-rings): a certification whose votes in a 24-hour window came
 * mostly from accounts younger than a week, with those accounts. Listed in the Flags tab until dismissed.
 */
export const votingRingSignals = pgTable(
  'voting_ring_signals',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
    votes: integer('votes').notNull(),
    newAccountVotes: integer('new_account_votes').notNull(),
    accountIds: integer('account_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('voting_ring_signals_certification_idx').on(t.certificationId, t.windowEnd)],
);
