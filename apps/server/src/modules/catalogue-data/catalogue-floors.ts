/**
 * The floors of the catalogue report (npm run catalogue:report), in one place: CI fails when a share drops below
 * its floor (catalogue-report.test.ts). Set at the values of 2026-11-27; raise them as the catalogue fills, never
 * lower them to let a change through.
 */
export const CATALOGUE_FLOORS = {
  /** Share (%) of certifications whose fact a source names. */
  byFact: {
    'exam.costUsd': 1.2,
    'exam.durationMinutes': 7.7,
    'exam.questionCount': 6.2,
    'exam.passingScore': 1.2,
    'exam.formats': 6.2,
    'exam.delivery': 10.8,
    validityMonths: 21.2,
    renewal: 21.2,
    prerequisites: 3.5,
    aliases: 0,
    badgeClasses: 0,
  } as Record<string, number>,
  /** Share (%) of the report's facts known over the whole catalogue. */
  overall: 7.2,
  /** Of the facts known, the share (%) read on the vendor's own pages: third parties only where it publishes nothing. */
  vendorShare: 80,
  /** At least this many certifications. */
  certifications: 260,
  /** At most this many facts without a source: the carried-over list only shrinks. */
  unsourcedAtMost: 87,
};
