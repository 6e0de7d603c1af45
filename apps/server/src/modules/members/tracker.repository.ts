import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationRatings, certifications, comments, memberCertifications, users } from '../../db/schema/index.js';
import { suspendedAt } from '../moderation/suspension.service.js';

export type TrackerValues = Pick<
  typeof memberCertifications.$inferInsert,
  'status' | 'earnedOn' | 'expiresOn' | 'expirySetByMember' | 'targetDate' | 'isPublic'
>;

const entryColumns = {
  status: memberCertifications.status,
  earnedOn: memberCertifications.earnedOn,
  expiresOn: memberCertifications.expiresOn,
  expirySetByMember: memberCertifications.expirySetByMember,
  targetDate: memberCertifications.targetDate,
  isPublic: memberCertifications.isPublic,
  createdAt: memberCertifications.createdAt,
  updatedAt: memberCertifications.updatedAt,
  certification: {
    id: certifications.id,
    slug: certifications.slug,
    name: certifications.name,
    vendor: certifications.vendor,
    certCode: certifications.certCode,
    validityMonths: certifications.validityMonths,
    factsVerifiedAt: certifications.factsVerifiedAt,
  },
};

/** Writes the member's entry for a certification, over the one they had; one statement, so two saves never clash. */
export async function saveTrackerEntry(
  db: Executor,
  userId: number,
  certificationId: number,
  values: TrackerValues,
): Promise<void> {
  await db
    .insert(memberCertifications)
    .values({ userId, certificationId, ...values })
    .onConflictDoUpdate({
      target: [memberCertifications.userId, memberCertifications.certificationId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/**
 * Works out again the expiry of every held entry of the certification that follows its validity (the member gave
 * none), from the validity it has now: earned plus the validity, none while it is unknown or unlimited. Called in the
 * transaction that changes the validity; PostgreSQL's month arithmetic ends on the month's last day as `addMonths`
 * does. Answers how many entries changed.
 */
export async function followValidity(db: Executor, certificationId: number): Promise<number> {
  const changed = await db
    .update(memberCertifications)
    .set({
      expiresOn: sql`(select case when c.validity_months is null then null
        else (${memberCertifications.earnedOn} + make_interval(months => c.validity_months))::date end
        from ${certifications} c where c.id = ${memberCertifications.certificationId})`,
    })
    .where(
      and(
        eq(memberCertifications.certificationId, certificationId),
        eq(memberCertifications.status, 'HELD'),
        eq(memberCertifications.expirySetByMember, false),
      ),
    )
    .returning({ id: memberCertifications.id });
  return changed.length;
}

export async function deleteTrackerEntry(db: Executor, userId: number, certificationId: number): Promise<boolean> {
  const removed = await db
    .delete(memberCertifications)
    .where(and(eq(memberCertifications.userId, userId), eq(memberCertifications.certificationId, certificationId)))
    .returning({ id: memberCertifications.id });
  return removed.length > 0;
}

/**
 * A member's entries with their certifications, in the order of what needs attention (docs/product.md#members):
 * held ones that expire, soonest (or longest lapsed) first; then those studied for and those planned, nearest
 * target first; then held ones that never expire. Ties by certification name.
 */
export function findTrackerEntries(db: Executor, userId: number, certificationId?: number) {
  return db
    .select(entryColumns)
    .from(memberCertifications)
    .innerJoin(certifications, eq(certifications.id, memberCertifications.certificationId))
    .where(
      and(
        eq(memberCertifications.userId, userId),
        certificationId === undefined ? undefined : eq(memberCertifications.certificationId, certificationId),
      ),
    )
    .orderBy(
      sql`case
        when ${memberCertifications.status} = 'HELD' and ${memberCertifications.expiresOn} is not null then 0
        when ${memberCertifications.status} = 'STUDYING' then 1
        when ${memberCertifications.status} = 'PLANNED' then 2
        else 3 end`,
      sql`coalesce(${memberCertifications.expiresOn}, ${memberCertifications.targetDate}) asc nulls last`,
      desc(memberCertifications.earnedOn),
      asc(certifications.name),
      asc(certifications.id),
    );
}

export type TrackerEntryRow = Awaited<ReturnType<typeof findTrackerEntries>>[number];

/** A member as anyone may see them, by username in any case; the system account is nobody's profile. */
/** The account of a profile, and whether it is suspended at `now`. */
export async function findProfileUser(db: Executor, username: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      suspended: suspendedAt(users.id, now),
    })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.isSystem, false)))
    .limit(1);
  return row;
}

/** The member's entries of these statuses that they made public, of approved certifications only. */
function shownEntries(userId: number, statuses: ('HELD' | 'STUDYING' | 'PLANNED')[]) {
  return and(
    eq(memberCertifications.userId, userId),
    inArray(memberCertifications.status, statuses),
    eq(memberCertifications.isPublic, true),
    eq(certifications.status, 'APPROVED'),
  );
}

/** The member's public held certifications (approved ones only), most recently earned first. */
export function findPublicHeld(db: Executor, userId: number) {
  return db
    .select({
      earnedOn: memberCertifications.earnedOn,
      expiresOn: memberCertifications.expiresOn,
      certification: entryColumns.certification,
    })
    .from(memberCertifications)
    .innerJoin(certifications, eq(certifications.id, memberCertifications.certificationId))
    .where(shownEntries(userId, ['HELD']))
    .orderBy(desc(memberCertifications.earnedOn), asc(certifications.name));
}

/**
 * The member's public studying and planned certifications (approved ones only), studying first, then by target day
 * (none last) and name: the part of their plan still to take that /u/{username} shows (docs/product.md#public-profile-page).
 */
export function findPublicAhead(db: Executor, userId: number) {
  return db
    .select({
      status: sql<'STUDYING' | 'PLANNED'>`${memberCertifications.status}`,
      targetDate: memberCertifications.targetDate,
      certification: entryColumns.certification,
    })
    .from(memberCertifications)
    .innerJoin(certifications, eq(certifications.id, memberCertifications.certificationId))
    .where(shownEntries(userId, ['STUDYING', 'PLANNED']))
    .orderBy(
      desc(sql`${memberCertifications.status} = 'STUDYING'`),
      sql`${memberCertifications.targetDate} asc nulls last`,
      asc(certifications.name),
    );
}

/** The member's ratings and standing comments on public certifications. */
export async function countContributions(db: Executor, userId: number) {
  const [[ratings], [posted]] = await Promise.all([
    db
      .select({ n: count() })
      .from(certificationRatings)
      .innerJoin(certifications, eq(certifications.id, certificationRatings.certificationId))
      .where(and(eq(certificationRatings.userId, userId), eq(certifications.status, 'APPROVED'))),
    db
      .select({ n: count() })
      .from(comments)
      .innerJoin(certifications, eq(certifications.id, comments.certificationId))
      .where(and(eq(comments.userId, userId), isNull(comments.deletedAt), eq(certifications.status, 'APPROVED'))),
  ]);
  return { ratingCount: ratings?.n ?? 0, commentCount: posted?.n ?? 0 };
}
