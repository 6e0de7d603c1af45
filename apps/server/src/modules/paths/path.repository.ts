import { CERT_LEVELS, COMMON_NEXT_MIN_MEMBERS, ID_MAX, MAP_COMMON_NEXT_PER_CERTIFICATION } from '@certitude/shared';
import { and, asc, desc, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  certificationDomains,
  certificationPrerequisites,
  certifications,
  commonNextCounts,
  domains,
} from '../../db/schema/index.js';

/**
 * What a domain's map and a certification's next steps read (docs/product.md#paths). A certification is on a map,
 * and may be suggested, when it is public (APPROVED) and not RETIRED: `onOffer` is that rule.
 */
const onOffer = (): SQL => and(eq(certifications.status, 'APPROVED'), ne(certifications.lifecycle, 'RETIRED'))!;

const refColumns = { id: certifications.id, slug: certifications.slug, name: certifications.name };

/** Level order (CERT_LEVELS), unknown levels last. */
const levelRank = sql`array_position(array[${sql.join(
  CERT_LEVELS.map((l) => sql`${l}`),
  sql`, `,
)}]::text[], ${certifications.level})`;

/** The id of the domain of that slug, as a subquery (the edges are read side by side with the nodes). */
const domainOf = (slug: string) => sql`(select ${domains.id} from ${domains} where ${domains.slug} = ${slug})`;

/** The certifications on a domain's map (the ids), as a subquery. */
const onMap = (slug: string) =>
  sql`(select ${certificationDomains.certificationId} as id from ${certificationDomains} join ${certifications} on ${certifications.id} = ${certificationDomains.certificationId} where ${certificationDomains.domainId} = ${domainOf(slug)} and ${onOffer()})`;

/**
 * The certifications on a domain's map, by level (foundational first, unknown last), then name. Every
 * certification of the domain has a row, its columns null when it is not on offer; a domain without any has one
 * row of nulls, and a slug that is no domain none.
 */
export function findMapNodes(db: Executor, slug: string) {
  return db
    .select({
      domainId: domains.id,
      id: certifications.id,
      slug: certifications.slug,
      name: certifications.name,
      certCode: certifications.certCode,
      vendor: certifications.vendor,
      lifecycle: certifications.lifecycle,
      level: certifications.level,
    })
    .from(domains)
    .leftJoin(certificationDomains, eq(certificationDomains.domainId, domains.id))
    .leftJoin(certifications, and(eq(certifications.id, certificationDomains.certificationId), onOffer()))
    .where(eq(domains.slug, slug))
    .orderBy(sql`${levelRank} asc nulls last`, asc(certifications.name), asc(certifications.id));
}

export type MapEdgeRow = { from: number; to: number; kind: 'REQUIRED' | 'RECOMMENDED' | 'COMMON_NEXT'; weight: number };

/**
 * The threshold as a literal, not a parameter: the planner then knows the query's pairs are those of the partial
 * index `common_next_counts_shown_idx` (whose predicate holds the same figure, common-next.test.ts).
 */
const SHOWN = sql.raw(String(COMMON_NEXT_MIN_MEMBERS));
const PER_CERTIFICATION = sql.raw(String(MAP_COMMON_NEXT_PER_CERTIFICATION));

/**
 * The edges among a domain's map, in one statement: prerequisite links (take the prerequisite before the
 * certification, weight 1), then common next steps of at least COMMON_NEXT_MIN_MEMBERS members (weight: how many),
 * the MAP_COMMON_NEXT_PER_CERTIFICATION strongest out of each certification.
 * Each is read from the map's certifications through an index (the prerequisites' primary key, the shown pairs'
 * partial index), so the cost follows the size of the map, not the number of members.
 */
export async function findMapEdges(db: Executor, slug: string): Promise<MapEdgeRow[]> {
  const result = await db.execute(sql`
    with on_map as materialized ${onMap(slug)}
    select cp.prerequisite_id as "from", cp.certification_id as "to", cp.kind, 1 as weight
    from on_map t join ${certificationPrerequisites} cp on cp.certification_id = t.id
    where cp.prerequisite_id in (select id from on_map)
    union all
    select n.from_id, n.to_id, 'COMMON_NEXT', n.members
    from on_map f cross join lateral (
      select c.from_id, c.to_id, c.members from ${commonNextCounts} c
      where c.from_id = f.id and c.to_id in (select id from on_map) and c.members >= ${SHOWN}
      order by c.members desc, c.to_id
      limit ${PER_CERTIFICATION}
    ) n`);
  return (result as unknown as { rows: MapEdgeRow[] }).rows;
}

/** A public certification by id or slug, with what its SUCCESSOR step needs. */
export async function findPublicCertification(db: Executor, idOrSlug: string) {
  // An all-digit value is an id; one beyond the id column's range names nothing (and would fail the query).
  const where = /^\d+$/.test(idOrSlug)
    ? Number(idOrSlug) <= ID_MAX
      ? eq(certifications.id, Number(idOrSlug))
      : sql`false`
    : eq(certifications.slug, idOrSlug.toLowerCase());
  const [row] = await db
    .select({ ...refColumns, lifecycle: certifications.lifecycle, supersededById: certifications.supersededById })
    .from(certifications)
    .where(and(where, eq(certifications.status, 'APPROVED')))
    .limit(1);
  return row;
}

/** A certification by id, public or not, with its successor (to follow a chain of successors). */
export async function findSuccessorLink(db: Executor, id: number) {
  const [row] = await db
    .select({
      ...refColumns,
      status: certifications.status,
      lifecycle: certifications.lifecycle,
      supersededById: certifications.supersededById,
    })
    .from(certifications)
    .where(eq(certifications.id, id))
    .limit(1);
  return row;
}

/** Certifications on offer that list `id` as a prerequisite: REQUIRED before RECOMMENDED, then by name. */
export function findPrerequisiteOf(db: Executor, id: number) {
  return db
    .select(refColumns)
    .from(certificationPrerequisites)
    .innerJoin(certifications, eq(certifications.id, certificationPrerequisites.certificationId))
    .where(and(eq(certificationPrerequisites.prerequisiteId, id), onOffer()))
    .orderBy(
      sql`${certificationPrerequisites.kind} = 'REQUIRED' desc`,
      asc(certifications.name),
      asc(certifications.id),
    );
}

/** The most common next steps after `id` on offer (not among `except`), most members first, then by name. */
export function findCommonNextAfter(db: Executor, id: number, except: number[], limit: number) {
  return db
    .select({ ...refColumns, members: commonNextCounts.members })
    .from(commonNextCounts)
    .innerJoin(certifications, eq(certifications.id, commonNextCounts.toId))
    .where(
      and(
        eq(commonNextCounts.fromId, id),
        sql`${commonNextCounts.members} >= ${SHOWN}`,
        onOffer(),
        except.length ? notInArray(certifications.id, except) : undefined,
      ),
    )
    .orderBy(desc(commonNextCounts.members), asc(certifications.name), asc(certifications.id))
    .limit(limit);
}
