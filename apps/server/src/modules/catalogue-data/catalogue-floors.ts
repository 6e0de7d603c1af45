/**
 * The floors of the catalogue report (npm run catalogue:report), in one place: CI fails when a share drops below
 * its floor (catalogue-report.test.ts). Set at the values of the catalogue of 2026-11-29 (after the tenth research pass); raise them as the catalogue fills, never
 * lower them to let a change through (the vendor share's floor is the one exception, decision 53).
 */
export const CATALOGUE_FLOORS = {
  /** Share (%) of certifications whose fact a source names. */
  byFact: {
    'exam.costUsd': 24.8,
    'exam.durationMinutes': 46.7,
    'exam.questionCount': 43.7,
    'exam.passingScore': 36.3,
    'exam.formats': 37.7,
    'exam.delivery': 49.7,
    validityMonths: 70.1,
    renewal: 70.6,
    prerequisites: 14.5,
    aliases: 50.1,
    badgeClasses: 0,
  } as Record<string, number>,
  /** Share (%) of the report's facts known over the whole catalogue. */
  overall: 40.4,
  /**
   * Of the facts known, the share (%) read on the vendor's own pages: third parties only where no page of the vendor
   * could be read. It guards against a vendor's source being replaced by a third party's; a pass that fills empty
   * facts from third parties sets it anew (docs/decisions/0053-third-party-facts-and-the-vendor-share.md).
   */
  vendorShare: 60,
  /** At least this many certifications. */
  certifications: 435,
  /** At most this many facts without a source: the carried-over list only shrinks. */
  unsourcedAtMost: 81,
};
