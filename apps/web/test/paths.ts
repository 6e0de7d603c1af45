/** Fixtures of the paths' tests: a small domain map with every kind of edge, and a level not set. */
import type { CertLevel, PathEdge, PathMap } from '@certitude/shared';

export function pathNode(id: number, level: CertLevel | null, vendor = 'Vendor') {
  return {
    certification: {
      id,
      slug: `cert-${id}`,
      name: `Certification ${id}`,
      certCode: `C-${id}`,
      vendor,
      lifecycle: 'ACTIVE' as const,
    },
    level,
  };
}

/** 1 (foundational) -> 2 (associate) required; 2 -> 3 (professional) recommended; 2 -> 4 (expert) by 7 members. */
export const smallMap: PathMap = {
  nodes: [
    pathNode(1, 'FOUNDATIONAL', 'AWS'),
    pathNode(2, 'ASSOCIATE', 'AWS'),
    pathNode(3, 'PROFESSIONAL', 'Microsoft'),
    pathNode(4, 'EXPERT', 'Cisco'),
    pathNode(5, 'SPECIALTY', 'Cisco'),
    pathNode(6, null, 'Other'),
  ],
  edges: [
    { from: 1, to: 2, kind: 'REQUIRED', weight: 1 },
    { from: 2, to: 3, kind: 'RECOMMENDED', weight: 1 },
    { from: 2, to: 4, kind: 'COMMON_NEXT', weight: 7 },
  ] satisfies PathEdge[],
};
