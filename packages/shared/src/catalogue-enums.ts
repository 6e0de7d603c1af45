/**
 * The catalogue's fixed lists (docs/product.md#certification-facts, docs/product.md#ratings). Apart from enums.ts:
 * the home page's first paint loads enums.ts, and these lists are read only where facts, filters and forms are.
 */
/** How far along a certification sits (docs/product.md#certification-facts). */
export const CERT_LEVELS = ['FOUNDATIONAL', 'ASSOCIATE', 'PROFESSIONAL', 'EXPERT', 'SPECIALTY'] as const;
export type CertLevel = (typeof CERT_LEVELS)[number];

/** Whether a certification can still be earned: RETIRING has a date set, RETIRED is past it. */
export const LIFECYCLES = ['ACTIVE', 'RETIRING', 'RETIRED'] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];

export const PREREQUISITE_KINDS = ['REQUIRED', 'RECOMMENDED'] as const;
export type PrerequisiteKind = (typeof PREREQUISITE_KINDS)[number];

/** The ways an exam is sat; each certification lists the ones it offers. */
export const EXAM_DELIVERIES = ['TEST_CENTER', 'ONLINE_PROCTORED', 'ONLINE_UNPROCTORED'] as const;
export type ExamDelivery = (typeof EXAM_DELIVERIES)[number];

/** Question and task formats an exam uses. */
export const EXAM_FORMATS = [
  'MULTIPLE_CHOICE',
  'MULTIPLE_RESPONSE',
  'PERFORMANCE_BASED',
  'HANDS_ON_LAB',
  'CASE_STUDY',
  'ESSAY',
  'PRACTICAL_PROJECT',
  'ORAL',
] as const;
export type ExamFormat = (typeof EXAM_FORMATS)[number];

/** Who published the page a fact was read on: the vendor itself, or someone else where the vendor publishes nothing. */
export const SOURCE_KINDS = ['VENDOR', 'THIRD_PARTY'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Orders of the certification list (GET /api/certification?sort=). */
export const CERTIFICATION_SORTS = [
  'best',
  'top',
  'new',
  'trending',
  'hardest',
  'easiest',
  'value',
  'rated',
  'name',
] as const;
export type CertificationSort = (typeof CERTIFICATION_SORTS)[number];

/** How a member's exam went, as they tell it with their rating. */
export const RATING_OUTCOMES = ['PASSED_FIRST_TRY', 'PASSED_RETAKE', 'FAILED', 'STUDYING'] as const;
export type RatingOutcome = (typeof RATING_OUTCOMES)[number];
