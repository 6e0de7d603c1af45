/** The kinds of edge on a domain's map (docs/product.md#paths). */
export const PATH_EDGE_KINDS = ['REQUIRED', 'RECOMMENDED', 'COMMON_NEXT'] as const;
export type PathEdgeKind = (typeof PATH_EDGE_KINDS)[number];

/** Why a certification is suggested as the next one after another. */
export const NEXT_REASONS = ['SUCCESSOR', 'PREREQUISITE_OF', 'COMMON_NEXT'] as const;
export type NextReason = (typeof NEXT_REASONS)[number];

/**
 * A COMMON_NEXT edge (members who earned A and later B) is shown only when at least this many members made that
 * step, so no path reveals one person's history.
 */
export const COMMON_NEXT_MIN_MEMBERS = 3;

/**
 * A domain's map draws at most this many COMMON_NEXT edges out of each certification, the strongest (most members)
 * first: at scale a busy certification has dozens of later steps, and a map with all of them is unreadable. The
 * certification's own "What to take next" list shows up to five.
 */
export const MAP_COMMON_NEXT_PER_CERTIFICATION = 3;
