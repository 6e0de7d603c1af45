import type { FactSource } from '@certitude/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const statusCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('PENDING', 'APPROVED', 'REJECTED')`);

/** PostgreSQL's text-search document type, for the stored search column. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The indexes of the list's orders (GET /api/certification?sort=&limit=, decision 21): each sort's key, then vendor
 * and name in ICU's root collation (the browser's, which English uses unchanged) and the id, over approved
 * certifications only. `certification_score` and `rating_mean` are the SQL functions of migration 0014.
 */
function listOrderIndexes(
  t: Record<
    | 'id'
    | 'vendor'
    | 'name'
    | 'status'
    | 'upvoteCount'
    | 'downvoteCount'
    | 'ratingCount'
    | 'difficultySum'
    | 'valueSum',
    AnyPgColumn
  >,
) {
  const ties = [sql`${t.vendor} collate "und-x-icu"`, sql`${t.name} collate "und-x-icu"`, t.id] as const;
  const ordered = (name: string, key?: SQL) =>
    (key ? index(name).on(key, ...ties) : index(name).on(...ties)).where(sql`${t.status} = 'APPROVED'`);
  return [
    ordered('certifications_order_name_idx'),
    ordered('certifications_order_best_idx', sql`certification_score(${t.upvoteCount}, ${t.downvoteCount}) desc`),
    ordered('certifications_order_top_idx', sql`(${t.upvoteCount} - ${t.downvoteCount}) desc`),
    ordered('certifications_order_rated_idx', sql`${t.ratingCount} desc`),
    ordered('certifications_order_hardest_idx', sql`rating_mean(${t.difficultySum}, ${t.ratingCount}) desc nulls last`),
    ordered('certifications_order_easiest_idx', sql`rating_mean(${t.difficultySum}, ${t.ratingCount}) nulls last`),
    ordered('certifications_order_value_idx', sql`rating_mean(${t.valueSum}, ${t.ratingCount}) desc nulls last`),
  ];
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
    /**
     * Moves on every change to the certification's discussion, in the same transaction: a copy of the comment
     * tree made at one version is good for as long as the version stays (CommentService).
     */
    discussionVersion: integer('discussion_version').notNull().default(0),
    // Facts (docs/product.md#certification-facts); null where not known.
    level: text('level', { enum: ['FOUNDATIONAL', 'ASSOCIATE', 'PROFESSIONAL', 'EXPERT', 'SPECIALTY'] }),
    examCostUsd: numeric('exam_cost_usd', { precision: 10, scale: 2, mode: 'number' }),
    examDurationMinutes: integer('exam_duration_minutes'),
    examQuestionCount: integer('exam_question_count'),
    /** The high end when the vendor states a range (then `examQuestionCount` is the low end). */
    examQuestionCountMax: integer('exam_question_count_max'),
    examPassingScore: text('exam_passing_score'),
    examFormats: text('exam_formats')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    examDelivery: text('exam_delivery')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    validityMonths: integer('validity_months'),
    renewal: text('renewal'),
    prerequisiteNotes: text('prerequisite_notes'),
    lifecycle: text('lifecycle', { enum: ['ACTIVE', 'RETIRING', 'RETIRED'] })
      .notNull()
      .default('ACTIVE'),
    retiresOn: date('retires_on', { mode: 'string' }),
    supersededById: integer('superseded_by_id'),
    previousCodes: text('previous_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    factsVerifiedAt: date('facts_verified_at', { mode: 'string' }),
    factsSource: text('facts_source'),
    /** What people call it ("Sec+"): a search finds it by these too. */
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Open Badges BadgeClasses (or a badge platform's template pages) that prove holding it. */
    badgeClasses: text('badge_classes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where each fact was read: `[{ url, kind, retrievedOn, fields }]` (docs/catalogue.md). */
    sources: jsonb('sources')
      .$type<FactSource[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Ratings (docs/product.md#ratings): sums and count, moved with every rating write under a lock of this row.
    ratingCount: integer('rating_count').notNull().default(0),
    difficultySum: integer('difficulty_sum').notNull().default(0),
    valueSum: integer('value_sum').notNull().default(0),
    recognitionSum: integer('recognition_sum').notNull().default(0),
    /** Applied revisions so far: a proposal made against an older number is stale. */
    revision: integer('revision').notNull().default(0),
    /**
     * Words a search also finds it by that live outside its own text: previous exam codes and domain names.
     * Written with them (FactsRepository), read by the search columns below.
     */
    searchExtra: text('search_extra').notNull().default(''),
    /**
     * What a search reads (GET /api/certification?q=), kept by PostgreSQL itself on every write: the words of
     * the name, exam code and vendor (weight A) and of the description (weight D), parsed once rather than for
     * every row of every search, and the lower-cased label that spelling mistakes are measured against.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, name || ' ' || cert_code || ' ' || vendor || ' ' || search_extra), 'A') || setweight(to_tsvector('simple'::regconfig, description), 'D')`,
      ),
    searchLabel: text('search_label')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || cert_code || ' ' || vendor || ' ' || search_extra)`),
  },
  (t) => [
    uniqueIndex('certifications_slug_key').on(t.slug),
    // Unique among the public catalogue only: a pending duplicate is caught at review, so that a submission
    // tells its member nothing about other members' pending items.
    uniqueIndex('certifications_name_vendor_key')
      .on(sql`lower(${t.name})`, sql`lower(${t.vendor})`)
      .where(sql`${t.status} = 'APPROVED'`),
    index('certifications_status_created_idx').on(t.status, t.createdAt),
    index('certifications_submitter_idx').on(t.submittedById),
    index('certifications_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Search (GET /api/certification?q=): words anywhere, and names, codes and vendors close in spelling. Only
    // approved certifications are searched, so only they are indexed.
    index('certifications_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.status} = 'APPROVED'`),
    // GiST rather than GIN: it hands out the labels nearest in spelling first, so a search reads 50 of them.
    // Signatures of 256 bytes rather than 12 are exact enough for labels of a few words: half the rechecks.
    index('certifications_search_label_trgm_idx')
      .using('gist', sql`${t.searchLabel} gist_trgm_ops(siglen=256)`)
      .where(sql`${t.status} = 'APPROVED'`),
    // The orders of a page of the list (GET /api/certification?sort=&limit=, decision 21): each sort's key, then
    // vendor and name as the list shows them (ICU's collation, as the browser's) and the id. The functions are
    // those of migration 0014; only approved certifications are listed.
    ...listOrderIndexes(t),
    statusCheck('certifications_status_check', t.status),
    check('certifications_counts_check', sql`${t.upvoteCount} >= 0 and ${t.downvoteCount} >= 0`),
    foreignKey({
      name: 'certifications_superseded_by_fk',
      columns: [t.supersededById],
      foreignColumns: [t.id],
    }).onDelete('set null'),
    check(
      'certifications_level_check',
      sql`${t.level} in ('FOUNDATIONAL', 'ASSOCIATE', 'PROFESSIONAL', 'EXPERT', 'SPECIALTY')`,
    ),
    check('certifications_lifecycle_check', sql`${t.lifecycle} in ('ACTIVE', 'RETIRING', 'RETIRED')`),
    check('certifications_superseded_self_check', sql`${t.supersededById} <> ${t.id}`),
    check('certifications_exam_cost_check', sql`${t.examCostUsd} between 0 and 100000`),
    check('certifications_exam_duration_check', sql`${t.examDurationMinutes} between 0 and 2880`),
    check('certifications_exam_questions_check', sql`${t.examQuestionCount} between 0 and 1000`),
    check('certifications_exam_questions_max_check', sql`${t.examQuestionCountMax} between 0 and 1000`),
    check('certifications_validity_check', sql`${t.validityMonths} between 1 and 240`),
    check(
      'certifications_exam_formats_check',
      sql`${t.examFormats} <@ array['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'PERFORMANCE_BASED', 'HANDS_ON_LAB', 'CASE_STUDY', 'ESSAY', 'PRACTICAL_PROJECT', 'ORAL']::text[]`,
    ),
    check(
      'certifications_exam_delivery_check',
      sql`${t.examDelivery} <@ array['TEST_CENTER', 'ONLINE_PROCTORED', 'ONLINE_UNPROCTORED']::text[]`,
    ),
    check('certifications_revision_check', sql`${t.revision} >= 0`),
    check(
      'certifications_rating_sums_check',
      sql`${t.ratingCount} >= 0 and ${t.difficultySum} >= 0 and ${t.valueSum} >= 0 and ${t.recognitionSum} >= 0`,
    ),
  ],
);

/**
 * The trending score of every certification (decision 21), recomputed at most every TRENDING_TTL_MS from the votes,
 * ratings and comments of the last 30 days; all rows of a computation share `computed_at`. A certification created
 * since has a row scoring 0 (a trigger of migration 0014, `computed_at` -infinity), so that a page of the list
 * ordered by trending reads this table's index and joins each row's certification.
 */
export const trendingScores = pgTable(
  'trending_scores',
  {
    certificationId: integer('certification_id')
      .primaryKey()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trending_scores_score_idx').on(sql`${t.score} desc`)],
);

/**
 * A member's edit of an APPROVED certification, waiting for a moderator: the values the certification would
 * take. The public keeps seeing the certification as it is until a moderator approves (the edit is applied and
 * logged) or rejects (it is dropped). One per certification: a newer edit replaces the waiting one.
 */
export const certificationEdits = pgTable(
  'certification_edits',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    certCode: text('cert_code').notNull(),
    vendor: text('vendor').notNull(),
    description: text('description').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certification_edits_certification_key').on(t.certificationId),
    index('certification_edits_created_idx').on(t.createdAt),
  ],
);
