/**
 * The floors of the catalogue report (npm run catalogue:report), in one place: CI fails when a share drops below
 * its floor (catalogue-report.test.ts). Set at the values of the catalogue of 2026-11-28 (after the research of that day); raise them as the catalogue fills, never
 * lower them to let a change through.
 */
export const CATALOGUE_FLOORS = {
  /** Share (%) of certifications whose fact a source names. */
  byFact: {
    'exam.costUsd': 10.3,
    'exam.durationMinutes': 17.7,
    'exam.questionCount': 12.4,
    'exam.passingScore': 15.4,
    'exam.formats': 15.9,
    'exam.delivery': 16.1,
    validityMonths: 59.3,
    renewal: 60.2,
    prerequisites: 6,
    aliases: 41.1,
    badgeClasses: 0,
  } as Record<string, number>,
  /** Share (%) of the report's facts known over the whole catalogue. */
  overall: 23.1,
  /**
   * Of the facts known, the share (%) read on the vendor's own pages: third parties only where no page of the vendor
   * could be read.
   */
  vendorShare: 73.3,
  /** At least this many certifications. */
  certifications: 435,
  /** At most this many facts without a source: the carried-over list only shrinks. */
  unsourcedAtMost: 84,
};
