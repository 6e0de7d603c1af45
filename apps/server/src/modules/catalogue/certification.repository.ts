import { and, asc, countDistinct, desc, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { certifications, resources, users } from '../../db/schema/index.js';

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
};

export type CertificationRow = Awaited<ReturnType<typeof findApprovedCertifications>>[number];

export function findApprovedCertifications(db: Executor) {
  return db
    .select(certificationColumns)
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .where(eq(certifications.status, 'APPROVED'))
    .orderBy(asc(certifications.vendor), asc(certifications.name));
}

/** The text-search document of a certification: the same expression as the index certifications_search_idx. */
const searchDocument = sql`to_tsvector('simple'::regconfig, ${certifications.name} || ' ' || ${certifications.certCode} || ' ' || ${certifications.vendor} || ' ' || ${certifications.description})`;
/** How close in spelling a search must be to a name, code and vendor to count as a typo of it (0 to 1). */
const TYPO_SIMILARITY = 0.4;

/**
 * Approved certifications matching a search, best first: an exact exam code, then the full-text rank over
 * name, code, vendor and description, then closeness in spelling (pg_trgm), so that "kubernetis" still finds
 * Kubernetes. The words are bound parameters; websearch_to_tsquery never fails on odd input.
 *
 * Each way of matching reads its own index (certifications_search_idx, _code_trgm_idx, _label_trgm_idx) and
 * the matches are joined by id. The planner underrates the cost of computing a text-search document per row,
 * and at 5,000 certifications a scan takes ten times longer than the indexes, so sequential scans are
 * switched off for this transaction, as is the spelling threshold set for it (the `%>` operator reads it).
 */
export function searchApprovedCertifications(db: Database, q: string, limit: number) {
  const needle = q.toLowerCase();
  const query = sql`websearch_to_tsquery('simple'::regconfig, ${q})`;
  const label = sql`lower(${certifications.name} || ' ' || ${certifications.certCode} || ' ' || ${certifications.vendor})`;
  const score = sql`(case when lower(${certifications.certCode}) = ${needle} then 10 else 0 end)
    + 2 * ts_rank(${searchDocument}, ${query}) + word_similarity(${needle}, ${label})`;
  const matches = sql`select id from certifications where ${searchDocument} @@ ${query}
    union all select id from certifications where lower(${certifications.certCode}) % ${needle}
    union all select id from certifications where ${label} %> ${needle}`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true),
                 set_config('enable_seqscan', 'off', true)`,
    );
    return tx
      .select(certificationColumns)
      .from(certifications)
      .leftJoin(users, eq(users.id, certifications.submittedById))
      .where(and(eq(certifications.status, 'APPROVED'), sql`${certifications.id} in (${matches})`))
      .orderBy(desc(score), asc(certifications.vendor), asc(certifications.name))
      .limit(limit);
  });
}

/** A certification by numeric id or slug, whatever its status; the service decides who may see it. */
export async function findCertification(db: Executor, idOrSlug: string): Promise<CertificationRow | undefined> {
  const where = /^\d+$/.test(idOrSlug)
    ? eq(certifications.id, Number(idOrSlug))
    : eq(certifications.slug, idOrSlug.toLowerCase());
  const rows = await db
    .select(certificationColumns)
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .where(where)
    .limit(1);
  return rows[0];
}

/** Another certification with the same name and vendor, compared as the unique index does (case-insensitive). */
export async function findDuplicateCertification(
  db: Executor,
  name: string,
  vendor: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const same = and(
    sql`lower(${certifications.name}) = lower(${name})`,
    sql`lower(${certifications.vendor}) = lower(${vendor})`,
  );
  const rows = await db
    .select({ id: certifications.id })
    .from(certifications)
    .where(exceptId === undefined ? same : and(same, ne(certifications.id, exceptId)))
    .limit(1);
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

export async function updateCertification(
  db: Executor,
  id: number,
  values: Partial<Pick<NewCertification, 'name' | 'certCode' | 'vendor' | 'description' | 'url'>>,
): Promise<void> {
  await db
    .update(certifications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(certifications.id, id));
}

export async function countCatalogue(db: Executor) {
  const [certs] = await db
    .select({
      certifications: sql<number>`count(*)::int`,
      vendors: countDistinct(sql`lower(${certifications.vendor})`),
    })
    .from(certifications)
    .where(eq(certifications.status, 'APPROVED'));
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
    certifications: Number(certs?.certifications ?? 0),
    vendors: Number(certs?.vendors ?? 0),
    resources: Number(res?.resources ?? 0),
    members: Number(members?.members ?? 0),
  };
}
