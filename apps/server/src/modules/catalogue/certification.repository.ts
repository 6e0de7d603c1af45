import { ID_MAX, type CertificationSort, type CertLevel, type DomainSlug, type Lifecycle } from '@certitude/shared';
import { and, asc, type AnyColumn, desc, eq, inArray, isNotNull, like, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  certificationDomains,
  certifications,
  domains,
  flagHolds,
  resources,
  trendingScores,
  users,
} from '../../db/schema/index.js';
import { factColumns } from './fact-columns.js';

const certificationColumns = {
  id: certifications.id,
  slug: certifications.slug,
  name: certifications.name,
  certCode: certifications.certCode,
  vendor: certifications.vendor,
  description: certifications.description,
  url: certifications.url,
  status: certifications.status,
  submittedByUserId: certifications.submittedById,
  submittedBy: users.username,
  upvoteCount: certifications.upvoteCount,
  downvoteCount: certifications.downvoteCount,
  createdAt: certifications.createdAt,
  updatedAt: certifications.updatedAt,
  ...factColumns,
};

export type CertificationRow = Awaited<ReturnType<typeof findApprovedCertifications>>[number];

export function findApprovedCertifications(db: Executor) {
  return db
    .select(certificationColumns)
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .where(eq(certifications.status, 'APPROVED'))
    .orderBy(asc(certifications.vendor), asc(certifications.name), asc(certifications.id));
}

/** Which approved certifications a page of the list holds (GET /api/certification with `limit`). */
export interface ListFilter {
  lifecycles: readonly Lifecycle[];
  /** Any case. */
  vendor?: string;
  domains?: readonly DomainSlug[];
  levels?: readonly CertLevel[];
  maxCostUsd?: number;
}

function listWhere(f: ListFilter): SQL | undefined {
  return and(
    eq(certifications.status, 'APPROVED'),
    inArray(certifications.lifecycle, [...f.lifecycles]),
    f.vendor === undefined ? undefined : sql`lower(${certifications.vendor}) = lower(${f.vendor})`,
    f.levels && inArray(certifications.level, [...f.levels]),
    f.maxCostUsd === undefined
      ? undefined
      : and(isNotNull(certifications.examCostUsd), lte(certifications.examCostUsd, f.maxCostUsd)),
    f.domains &&
      sql`exists (select 1 from ${certificationDomains} cd join ${domains} d on d.id = cd.domain_id
        where cd.certification_id = ${certifications.id} and d.slug in ${[...f.domains]})`,
  );
}

/**
 * The orders of the list in SQL (decision 21), each as the service orders the whole list (ranking.ts): the sort's
 * key, then vendor and name in ICU's root collation (the browser's) and the id. `certification_score` and
 * `rating_mean` (migration 0014) round as the answers do, and each order has its index (schema/catalogue.ts).
 * Without a sort the list keeps the database's order of vendor and name, as the whole list does.
 */
const icu = (column: AnyColumn) => sql`${column} collate "und-x-icu"`;
const ties = [icu(certifications.vendor), icu(certifications.name), asc(certifications.id)];
const mean = (sum: AnyColumn) => sql`rating_mean(${sum}, ${certifications.ratingCount})`;
const listOrders: Record<CertificationSort | 'list', SQL[]> = {
  list: [asc(certifications.vendor), asc(certifications.name), asc(certifications.id)],
  name: ties,
  new: [desc(certifications.createdAt), desc(certifications.id)],
  top: [sql`(${certifications.upvoteCount} - ${certifications.downvoteCount}) desc`, ...ties],
  best: [sql`certification_score(${certifications.upvoteCount}, ${certifications.downvoteCount}) desc`, ...ties],
  trending: [desc(trendingScores.score), ...ties],
  hardest: [sql`${mean(certifications.difficultySum)} desc nulls last`, ...ties],
  easiest: [sql`${mean(certifications.difficultySum)} nulls last`, ...ties],
  value: [sql`${mean(certifications.valueSum)} desc nulls last`, ...ties],
  rated: [desc(certifications.ratingCount), ...ties],
};

/**
 * One page of the approved certifications that pass the filter, in the sort's order (trending: trending_scores):
 * their ids, or their rows with `rows`.
 */
export function findApprovedPage(
  db: Executor,
  filter: ListFilter,
  sort: CertificationSort | undefined,
  page: { limit: number; offset: number },
) {
  return pageQuery(db.select({ id: certifications.id }).from(certifications).$dynamic(), filter, sort, page);
}

export function findApprovedPageRows(
  db: Executor,
  filter: ListFilter,
  sort: CertificationSort | undefined,
  page: { limit: number; offset: number },
) {
  const rows = db
    .select(certificationColumns)
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .$dynamic();
  return pageQuery(rows, filter, sort, page);
}

function pageQuery<T extends PgSelect>(
  query: T,
  filter: ListFilter,
  sort: CertificationSort | undefined,
  page: { limit: number; offset: number },
) {
  // Every certification has its row of trending_scores (migration 0014): the page walks that table's index.
  const joined =
    sort === 'trending'
      ? query.innerJoin(trendingScores, eq(trendingScores.certificationId, certifications.id))
      : query;
  return joined
    .where(listWhere(filter))
    .orderBy(...listOrders[sort ?? 'list'])
    .limit(page.limit)
    .offset(page.offset);
}

/** Whether members' flags hide the certification until a moderator decides (a `flag_holds` row, decision 30). */
const heldByFlags = sql<boolean>`exists (select 1 from ${flagHolds} where ${and(
  eq(flagHolds.targetType, 'certification'),
  eq(flagHolds.targetId, certifications.id),
)})`;

/**
 * A certification by numeric id or slug, whatever its status, and whether members' flags hide it (`held`); the service
 * decides who may see it.
 */
export async function findCertification(
  db: Executor,
  idOrSlug: string,
): Promise<(CertificationRow & { held: boolean }) | undefined> {
  // An all-digit value is an id; one beyond the id column's range names nothing (and would fail the query).
  const where = /^\d+$/.test(idOrSlug)
    ? Number(idOrSlug) <= ID_MAX
      ? eq(certifications.id, Number(idOrSlug))
      : sql`false`
    : eq(certifications.slug, idOrSlug.toLowerCase());
  const rows = await db
    .select({ ...certificationColumns, held: heldByFlags })
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .where(where)
    .limit(1);
  return rows[0];
}

/**
 * Locks a certification's row until the transaction ends and reads, under the lock, what decides who may change it
 * directly: its status and whether members' flags hide it. A moderator's decision takes the same lock
 * (moderation/pending.repository.ts), so a change and a decision take turns. Undefined when the row is gone.
 */
export async function lockCertificationState(
  db: Executor,
  id: number,
): Promise<{ status: CertificationRow['status']; held: boolean; revision: number } | undefined> {
  const [row] = await db
    .select({ status: certifications.status, revision: certifications.revision, held: heldByFlags })
    .from(certifications)
    .where(eq(certifications.id, id))
    .for('update');
  return row;
}

/** Another certification with the same name and vendor, compared as the unique index does (case-insensitive). */
/**
 * A certification of that name and vendor (any case) that the submitter may know of: an approved one, or one of
 * their own still pending. Other members' pending items are not looked at (the review catches those duplicates),
 * so that the answer says nothing about them.
 */
export async function findDuplicateCertification(
  db: Executor,
  name: string,
  vendor: string,
  options: { exceptId?: number; submitterId?: number } = {},
): Promise<{ id: number } | undefined> {
  const same = and(
    sql`lower(${certifications.name}) = lower(${name})`,
    sql`lower(${certifications.vendor}) = lower(${vendor})`,
    options.exceptId === undefined ? undefined : ne(certifications.id, options.exceptId),
    options.submitterId === undefined
      ? eq(certifications.status, 'APPROVED')
      : or(
          eq(certifications.status, 'APPROVED'),
          and(eq(certifications.status, 'PENDING'), eq(certifications.submittedById, options.submitterId)),
        ),
  );
  const rows = await db.select({ id: certifications.id }).from(certifications).where(same).limit(1);
  return rows[0];
}

/** Slugs already taken by `base` or `base-N`, to pick the next free one. */
export async function findSlugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: certifications.slug })
    .from(certifications)
    .where(or(eq(certifications.slug, base), like(certifications.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

export type NewCertification = Pick<
  typeof certifications.$inferInsert,
  'slug' | 'name' | 'certCode' | 'vendor' | 'description' | 'url' | 'status' | 'submittedById'
>;

export async function insertCertification(db: Executor, values: NewCertification): Promise<number> {
  const [row] = await db.insert(certifications).values(values).returning({ id: certifications.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function setCertificationSlug(db: Executor, id: number, slug: string) {
  await db.update(certifications).set({ slug }).where(eq(certifications.id, id));
}

/** The About page's counts of resources and members; its certifications and vendors are the home list's (service). */
export async function countCatalogue(db: Executor) {
  const [res] = await db
    .select({ resources: sql<number>`count(*)::int` })
    .from(resources)
    .innerJoin(certifications, eq(certifications.id, resources.certificationId))
    .where(and(eq(resources.status, 'APPROVED'), eq(certifications.status, 'APPROVED')));
  const [members] = await db
    .select({ members: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.isSystem, false));
  return {
    resources: Number(res?.resources ?? 0),
    members: Number(members?.members ?? 0),
  };
}
