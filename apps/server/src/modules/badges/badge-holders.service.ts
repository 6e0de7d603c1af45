/**
 * How other modules ask who holds a verified badge: a member's verified badges for their profile, one member's badge
 * for a certification, and the holders as a subquery of their own queries (docs/architecture.md#module-boundaries).
 */
export { findBadges, holdsVerifiedBadge, verifiedHolderIds } from './badge.repository.js';
