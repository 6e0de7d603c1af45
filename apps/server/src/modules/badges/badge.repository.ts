import { and, asc, desc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certifications, memberBadges, memberCertifications, socialAccounts, users } from '../../db/schema/index.js';

export type BadgeInsert = typeof memberBadges.$inferInsert;

const badgeColumns = {
  id: memberBadges.id,
  userId: memberBadges.userId,
  issuerName: memberBadges.issuerName,
  issuerUrl: memberBadges.issuerUrl,
  issuedOn: memberBadges.issuedOn,
  expiresOn: memberBadges.expiresOn,
  status: memberBadges.status,
  verifiedAt: memberBadges.verifiedAt,
  certification: { id: certifications.id, slug: certifications.slug, name: certifications.name },
};

/**
 * The verified holders of a certification (docs/product.md#verified-holders): the members with a VERIFIED badge of it.
 * A subquery for `user_id in (…)`: the comments of a discussion are marked from it in their one query.
 */
export function verifiedHolderIds(certificationId: number | SQL | AnyColumn): SQL {
  return sql`select mb.user_id from ${memberBadges} mb where mb.certification_id = ${certificationId} and mb.status = 'VERIFIED'`;
}

/** Whether the member is a verified holder of the certification. */
export async function holdsVerifiedBadge(db: Executor, userId: number, certificationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: memberBadges.id })
    .from(memberBadges)
    .where(
      and(
        eq(memberBadges.userId, userId),
        eq(memberBadges.certificationId, certificationId),
        eq(memberBadges.status, 'VERIFIED'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The member's addresses a badge may be issued to: the account's, once verified, and those of linked sign-ins. */
export async function findVerifiedAddresses(db: Executor, userId: number): Promise<string[]> {
  const [user] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  const linked = await db
    .select({ email: socialAccounts.email })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), isNotNull(socialAccounts.email)));
  return [...(user?.verified ? [user.email] : []), ...linked.map((l) => l.email!)];
}

/** The approved certification whose `badgeClasses` name the class. */
export async function findCertificationByBadgeClass(db: Executor, badgeClass: string) {
  const [row] = await db
    .select({ id: certifications.id, validityMonths: certifications.validityMonths })
    .from(certifications)
    .where(and(eq(certifications.status, 'APPROVED'), sql`${badgeClass} = any(${certifications.badgeClasses})`))
    .orderBy(asc(certifications.id))
    .limit(1);
  return row;
}

/** Adds the badge; undefined when the member already has it. */
export async function insertBadge(db: Executor, values: BadgeInsert): Promise<number | undefined> {
  const [row] = await db
    .insert(memberBadges)
    .values(values)
    .onConflictDoNothing({ target: [memberBadges.userId, memberBadges.badgeKey] })
    .returning({ id: memberBadges.id });
  return row?.id;
}

export function findBadges(db: Executor, where: { userId?: number; id?: number; verifiedOnly?: boolean }) {
  return db
    .select(badgeColumns)
    .from(memberBadges)
    .innerJoin(certifications, eq(certifications.id, memberBadges.certificationId))
    .where(
      and(
        where.userId === undefined ? undefined : eq(memberBadges.userId, where.userId),
        where.id === undefined ? undefined : eq(memberBadges.id, where.id),
        where.verifiedOnly ? eq(memberBadges.status, 'VERIFIED') : undefined,
        where.verifiedOnly ? eq(certifications.status, 'APPROVED') : undefined,
      ),
    )
    .orderBy(desc(memberBadges.issuedOn), asc(memberBadges.id));
}

export type BadgeRow = Awaited<ReturnType<typeof findBadges>>[number];

/** Takes the member's badge away; the certification it proved, or undefined when the member has no such badge. */
export async function deleteBadge(db: Executor, userId: number, id: number): Promise<number | undefined> {
  const [removed] = await db
    .delete(memberBadges)
    .where(and(eq(memberBadges.userId, userId), eq(memberBadges.id, id)))
    .returning({ certificationId: memberBadges.certificationId });
  return removed?.certificationId;
}

/** The badges last checked before `before`, for the daily check: what is needed to verify them again. */
export function findBadgesToCheck(db: Executor, before: Date) {
  return db
    .select({
      id: memberBadges.id,
      userId: memberBadges.userId,
      sourceUrl: memberBadges.sourceUrl,
      credential: memberBadges.credential,
      status: memberBadges.status,
      certification: { id: certifications.id, slug: certifications.slug, name: certifications.name },
    })
    .from(memberBadges)
    .innerJoin(certifications, eq(certifications.id, memberBadges.certificationId))
    .where(lt(memberBadges.checkedAt, before))
    .orderBy(asc(memberBadges.id));
}

export async function setBadgeStatus(
  db: Executor,
  id: number,
  status: 'VERIFIED' | 'REVOKED' | 'UNVERIFIED',
  now: Date,
): Promise<void> {
  await db
    .update(memberBadges)
    .set({ status, checkedAt: now, ...(status === 'VERIFIED' ? { verifiedAt: now } : {}) })
    .where(eq(memberBadges.id, id));
}

/** The member's tracker entry for the certification, to keep its visibility when a badge marks it held. */
export async function findEntryVisibility(db: Executor, userId: number, certificationId: number) {
  const [row] = await db
    .select({ isPublic: memberCertifications.isPublic })
    .from(memberCertifications)
    .where(and(eq(memberCertifications.userId, userId), eq(memberCertifications.certificationId, certificationId)));
  return row?.isPublic;
}
