import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Append-only record of every moderation action. It keeps the moderator's name as it was, with no foreign
 * key, so that removing an account never rewrites history; a trigger refuses UPDATE and DELETE.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    moderatorId: integer('moderator_id'),
    moderatorUsername: text('moderator_username'),
    action: text('action').notNull(),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    itemLabel: text('item_label'),
    /**
     * The certification a removed comment or a decided resource belongs to, so that the public log can name it once
     * the comment is gone (docs/product.md#moderation-log-page); null for other items and for entries before 0011.
     */
    certificationId: integer('certification_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_created_idx').on(t.createdAt),
    index('moderation_log_item_idx').on(t.itemType, t.itemId),
    check(
      'moderation_log_action_check',
      sql`${t.action} in ('APPROVE_CERTIFICATION', 'REJECT_CERTIFICATION', 'APPROVE_RESOURCE', 'REJECT_RESOURCE', 'REMOVE_COMMENT', 'CHANGE_ROLE', 'PUBLISH_ARTICLE', 'EDIT_ARTICLE', 'DELETE_ARTICLE', 'EDIT_CERTIFICATION', 'REJECT_EDIT', 'APPROVE_REVISION', 'REJECT_REVISION', 'REVERT_REVISION', 'SUSPEND_USER', 'LIFT_SUSPENSION', 'REVERSE_VOTES', 'HIDE_FLAGGED', 'REMOVE_FLAGGED', 'DISMISS_FLAGS')`,
    ),
  ],
);

/**
 * Suspensions of accounts (docs/product.md#suspensions, decision 27). A suspension is in force while it is not lifted
 * and its end (null: until lifted) is still ahead: the end needs no job, it is compared with the clock at every read.
 * Rows are kept as the account's history; a new suspension of a suspended account lifts the one in force.
 */
export const userSuspensions = pgTable(
  'user_suspensions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who suspended; null once that account is gone. */
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** Null: until a moderator lifts it. */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set by a lift, or by the suspension that replaced this one. */
    liftedAt: timestamp('lifted_at', { withTimezone: true, mode: 'date' }),
    liftedById: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // "The suspension in force of user X": the account's rows not lifted, a handful at most (the auth hook asks it).
    index('user_suspensions_open_idx')
      .on(t.userId, t.endsAt)
      .where(sql`${t.liftedAt} is null`),
    index('user_suspensions_user_idx').on(t.userId, t.createdAt),
    check('user_suspensions_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} > ${t.createdAt}`),
  ],
);
