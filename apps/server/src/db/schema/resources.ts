import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { certifications, statusCheck } from './catalogue.js';
import { users } from './users.js';

/** The learning resources members share for a certification, reviewed as certifications are. */
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
