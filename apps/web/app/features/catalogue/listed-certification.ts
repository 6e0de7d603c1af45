import type { Certification } from '@certitude/shared';

/**
 * A certification as the home listing holds it: what its cards, its search and its edit form read. The facts only
 * the certification's own page shows (sources, renewal, prerequisites, badge classes) stay out of the listing's
 * first HTML, which carries the whole list for hydration (docs/performance.md#first-paint).
 */
export type ListedCertification = Omit<
  Certification,
  'sources' | 'renewal' | 'prerequisites' | 'prerequisiteNotes' | 'badgeClasses' | 'factsSource' | 'factsVerifiedAt'
>;

/** The listing's copy of a certification (on the server, in the home page's loader). */
export function listed({
  sources: _sources,
  renewal: _renewal,
  prerequisites: _prerequisites,
  prerequisiteNotes: _notes,
  badgeClasses: _badges,
  factsSource: _factsSource,
  factsVerifiedAt: _verifiedAt,
  ...rest
}: Certification): ListedCertification {
  return rest;
}
