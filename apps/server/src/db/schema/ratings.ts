import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { certifications } from './catalogue.js';
import { users } from './users.js';

/**
 * One rating per member and certification (docs/product.md#ratings). The certification's sums and count move in
 * the same transaction as every write, under a lock of its row, so they always equal these rows.
 */
export const certificationRatings = pgTable(
  'certification_ratings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    difficulty: smallint('difficulty').notNull(),
    value: smallint('value').notNull(),
    recognition: smallint('recognition').notNull(),
    studyHours: integer('study_hours'),
    outcome: text('outcome', { enum: ['PASSED_FIRST_TRY', 'PASSED_RETAKE', 'FAILED', 'STUDYING'] }),
    examYear: integer('exam_year'),
    review: text('review'),
    /**
     * The review hidden pending review by members' flags, or removed by a moderator through one (docs/product.md#flags):
     * either way it is not shown; the scores still count.
     */
    reviewHiddenAt: timestamp('review_hidden_at', { withTimezone: true, mode: 'date' }),
    reviewRemovedAt: timestamp('review_removed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certification_ratings_user_certification_key').on(t.userId, t.certificationId),
    index('certification_ratings_certification_idx').on(t.certificationId, t.id),
    // Trending reads the last 30 days of ratings.
    index('certification_ratings_updated_idx').on(t.updatedAt),
    check('certification_ratings_difficulty_check', sql`${t.difficulty} between 1 and 5`),
    check('certification_ratings_value_check', sql`${t.value} between 1 and 5`),
    check('certification_ratings_recognition_check', sql`${t.recognition} between 1 and 5`),
    check('certification_ratings_study_hours_check', sql`${t.studyHours} between 0 and 2000`),
    check(
      'certification_ratings_outcome_check',
      sql`${t.outcome} in ('PASSED_FIRST_TRY', 'PASSED_RETAKE', 'FAILED', 'STUDYING')`,
    ),
    check('certification_ratings_exam_year_check', sql`${t.examYear} >= 1990`),
  ],
);
