import { type Domain, type NextStep, type PathDomain, type PathEdge, type PathMap } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import {
  findCommonNextAfter,
  findMapEdges,
  findMapNodes,
  findPrerequisiteOf,
  findPublicCertification,
  findSuccessorLink,
} from './path.repository.js';

/**
 * How other modules keep the counts of members' common next steps: around each tracker write, in its transaction,
 * and for the members whose standing changed with no write (docs/architecture.md#module-boundaries).
 */
export { keepCommonNextCounts, syncCommonNextMembers } from './common-next.repository.js';

/** At most this many COMMON_NEXT suggestions after a certification (docs/product.md#paths). */
const COMMON_NEXT_SUGGESTIONS = 5;
/** How far a chain of retired successors is followed to reach one on offer. */
const SUCCESSOR_HOPS = 5;
/** A domain slug as the taxonomy writes them; anything else names no domain and never reaches a query. */
const DOMAIN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const EDGE_ORDER: Record<PathEdge['kind'], number> = { REQUIRED: 0, RECOMMENDED: 1, COMMON_NEXT: 2 };

/**
 * Paths (docs/product.md#paths): the domains, a domain's map of certifications and the links between them, and
 * what to take after a certification. Everything is read live from the database (the counts of COMMON_NEXT are
 * kept by the tracker's writes, common-next.repository.ts), so nothing here needs dropping.
 */
export class PathService {
  constructor(
    private readonly db: Database,
    /** The catalogue's domains with the number of certifications on each map (CertificationService.domains). */
    private readonly domainCounts: () => Promise<Domain[]>,
  ) {}

  /** Every domain of the taxonomy, in its order, with the number of certifications on its map. */
  async list(): Promise<PathDomain[]> {
    return (await this.domainCounts()).map((d) => ({
      domain: d.slug,
      name: d.name,
      certificationCount: d.certificationCount,
    }));
  }

  /** A domain's map; null for a slug that is no domain. */
  async map(slug: string): Promise<PathMap | null> {
    if (!DOMAIN_SLUG.test(slug)) return null;
    // Side by side: on PostgreSQL the map costs one round trip, whatever the number of members.
    const [rows, edgeRows] = await Promise.all([findMapNodes(this.db, slug), findMapEdges(this.db, slug)]);
    if (!rows.length) return null;
    // A certification's columns are all set when it is there (the left join leaves them null otherwise).
    const nodes = rows.flatMap((r) =>
      r.id === null
        ? []
        : [
            {
              certification: {
                id: r.id,
                slug: r.slug!,
                name: r.name!,
                certCode: r.certCode!,
                vendor: r.vendor!,
                lifecycle: r.lifecycle!,
              },
              level: r.level,
            },
          ],
    );
    // The two reads are two snapshots: an edge whose end left the map in between is left out with it.
    const onMap = new Set(nodes.map((n) => n.certification.id));
    const edges: PathEdge[] = edgeRows
      .filter((e) => onMap.has(e.from) && onMap.has(e.to))
      .map((e) => ({ from: e.from, to: e.to, kind: e.kind, weight: e.weight }))
      .sort((a, b) => EDGE_ORDER[a.kind] - EDGE_ORDER[b.kind] || a.from - b.from || a.to - b.to);
    return { nodes, edges };
  }

  /**
   * What to take after a public certification, each suggestion once, the first reason winning: its successor
   * (when it is retiring or retired), the certifications that build on it, then members' common next steps. Null
   * for a certification that is unknown or not public.
   */
  async next(idOrSlug: string): Promise<NextStep[] | null> {
    const cert = await findPublicCertification(this.db, idOrSlug);
    if (!cert) return null;
    const steps: NextStep[] = [];
    const listed = new Set<number>([cert.id]);
    const push = (
      c: { id: number; slug: string; name: string },
      reason: NextStep['reason'],
      members: number | null,
    ) => {
      if (listed.has(c.id)) return;
      listed.add(c.id);
      steps.push({ certification: { id: c.id, slug: c.slug, name: c.name }, reason, members });
    };
    if (cert.lifecycle !== 'ACTIVE' && cert.supersededById !== null) {
      const successor = await this.successorOnOffer(cert.supersededById, cert.id);
      if (successor) push(successor, 'SUCCESSOR', null);
    }
    for (const c of await findPrerequisiteOf(this.db, cert.id)) push(c, 'PREREQUISITE_OF', null);
    for (const c of await findCommonNextAfter(this.db, cert.id, [...listed], COMMON_NEXT_SUGGESTIONS)) {
      push(c, 'COMMON_NEXT', c.members);
    }
    return steps;
  }

  /** The successor, or when it is retired too, its own successor, and so on: the first one on offer. */
  private async successorOnOffer(firstId: number, fromId: number) {
    const seen = new Set([fromId]);
    let id: number | null = firstId;
    for (let hop = 0; hop < SUCCESSOR_HOPS && id !== null && !seen.has(id); hop++) {
      seen.add(id);
      const row = await findSuccessorLink(this.db, id);
      if (!row || row.status !== 'APPROVED') return undefined;
      if (row.lifecycle !== 'RETIRED') return row;
      id = row.supersededById;
    }
    return undefined;
  }
}
