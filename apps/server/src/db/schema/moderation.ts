import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_created_idx').on(t.createdAt),
    index('moderation_log_item_idx').on(t.itemType, t.itemId),
    check(
      'moderation_log_action_check',
      sql`${t.action} in ('APPROVE_CERTIFICATION', 'REJECT_CERTIFICATION', 'APPROVE_RESOURCE', 'REJECT_RESOURCE', 'REMOVE_COMMENT', 'CHANGE_ROLE', 'PUBLISH_ARTICLE', 'EDIT_ARTICLE', 'DELETE_ARTICLE', 'EDIT_CERTIFICATION', 'REJECT_EDIT')`,
    ),
  ],
);
