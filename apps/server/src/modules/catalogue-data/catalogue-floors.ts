/**
 * The floors of the catalogue report (npm run catalogue:report), in one place: CI fails when a share drops below
 * its floor (catalogue-report.test.ts). Set at the values of the catalogue of 2026-11-28 (after the second research pass of that day); raise them as the catalogue fills, never
 * lower them to let a change through.
 */
export const CATALOGUE_FLOORS = {
  /** Share (%) of certifications whose fact a source names. */
  byFact: {
    'exam.costUsd': 13.1,
    'exam.durationMinutes': 24.1,
    'exam.questionCount': 17,
    'exam.passingScore': 18.9,
    'exam.formats': 21.4,
    'exam.delivery': 24.1,
    validityMonths: 63.9,
    renewal: 65.7,
    prerequisites: 11.5,
    aliases: 49,
    badgeClasses: 0,
  } as Record<string, number>,
  /** Share (%) of the report's facts known over the whole catalogue. */
  overall: 28.1,
  /**
   * Of the facts known, the share (%) read on the vendor's own pages: third parties only where no page of the vendor
   * could be read.
   */
  vendorShare: 73.3,
  /** At least this many certifications. */
  certifications: 435,
  /** At most this many facts without a source: the carried-over list only shrinks. */
  unsourcedAtMost: 83,
};
