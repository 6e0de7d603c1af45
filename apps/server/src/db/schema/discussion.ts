import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { certifications } from './catalogue.js';
import { users } from './users.js';

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** 0 for a top-level comment; replies go at most 3 deep. */
    depth: smallint('depth').notNull().default(0),
    content: text('content').notNull(),
    isEdited: boolean('is_edited').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Hidden pending review by members' flags (docs/product.md#flags): shown as a placeholder until decided. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    /** Removed by a moderator through a flag: keeps its place in the thread as "[removed by a moderator]". */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_certification_created_idx').on(t.certificationId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId),
    // Trending reads the last 30 days of comments.
    index('comments_created_idx').on(t.createdAt),
    index('comments_user_idx').on(t.userId),
    check('comments_depth_check', sql`${t.depth} between 0 and 3`),
    check('comments_parent_depth_check', sql`(${t.parentId} is null) = (${t.depth} = 0)`),
    check('comments_content_length_check', sql`char_length(${t.content}) <= 2000`),
  ],
);
