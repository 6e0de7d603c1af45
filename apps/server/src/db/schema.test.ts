import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCertification, buildUser } from '../../test/factories.js';
import { createTestDatabase, TEST_DATABASE_KIND, type TestDatabase } from '../../test/database.js';
import { certificationVotes, comments, moderationLog, users } from './schema/index.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

/** Drizzle wraps driver errors; the constraint name is on the cause. */
async function violation(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const e = err as { cause?: { constraint?: string; message?: string }; message: string };
    return e.cause?.constraint ?? e.cause?.message ?? e.message;
  }
  throw new Error('expected the database to refuse the write');
}

describe(`database rules on ${TEST_DATABASE_KIND}`, () => {
  it('migrations are applied again without error', async () => {
    await expect(t.migrate()).resolves.toBeUndefined();
  });

  it('has the pg_trgm extension for typo-tolerant search', async () => {
    const rows = await t.db.execute(sql`select similarity('kubernetes', 'kubernets') > 0.5 as close`);
    expect((rows as unknown as { rows: { close: boolean }[] }).rows[0]?.close).toBe(true);
  });

  it('usernames and emails are unique whatever their case', async () => {
    await buildUser(t.db, { username: 'Alice', email: 'alice@example.com' });
    expect(await violation(buildUser(t.db, { username: 'alice', email: 'other@example.com' }))).toMatch(
      /users_username_lower_key/,
    );
    expect(await violation(buildUser(t.db, { username: 'alice2', email: 'ALICE@example.com' }))).toMatch(
      /users_email_lower_key/,
    );
  });

  it('a role outside USER, MODERATOR, ADMIN is refused', async () => {
    expect(await violation(buildUser(t.db, { role: 'ROOT' as 'USER' }))).toMatch(/users_role_check/);
  });

  it('one vote per member and certification, valued +1 or -1', async () => {
    const user = await buildUser(t.db);
    const cert = await buildCertification(t.db);
    await t.db.insert(certificationVotes).values({ userId: user.id, certificationId: cert.id, value: 1 });
    expect(
      await violation(t.db.insert(certificationVotes).values({ userId: user.id, certificationId: cert.id, value: -1 })),
    ).toMatch(/certification_votes_pkey/);
    const other = await buildUser(t.db);
    expect(
      await violation(t.db.insert(certificationVotes).values({ userId: other.id, certificationId: cert.id, value: 2 })),
    ).toMatch(/certification_votes_value_check/);
  });

  it('the same certification name and vendor cannot be listed twice', async () => {
    await buildCertification(t.db, { name: 'Unique Cert', vendor: 'Acme' });
    expect(await violation(buildCertification(t.db, { name: 'unique cert', vendor: 'ACME' }))).toMatch(
      /certifications_name_vendor_key/,
    );
  });

  it('a certification status outside PENDING, APPROVED, REJECTED is refused', async () => {
    expect(await violation(buildCertification(t.db, { status: 'DRAFT' as 'PENDING' }))).toMatch(
      /certifications_status_check/,
    );
  });

  it('comments nest at most 3 deep', async () => {
    const user = await buildUser(t.db);
    const cert = await buildCertification(t.db);
    let parentId: number | null = null;
    for (let depth = 0; depth <= 3; depth++) {
      const [row]: { id: number }[] = await t.db
        .insert(comments)
        .values({ certificationId: cert.id, userId: user.id, parentId, depth, content: `level ${depth}` })
        .returning();
      parentId = row!.id;
    }
    expect(
      await violation(
        t.db
          .insert(comments)
          .values({ certificationId: cert.id, userId: user.id, parentId, depth: 4, content: 'too deep' }),
      ),
    ).toMatch(/comments_depth_check/);
    expect(
      await violation(
        t.db
          .insert(comments)
          .values({ certificationId: cert.id, userId: user.id, parentId: null, depth: 1, content: 'orphan' }),
      ),
    ).toMatch(/comments_parent_depth_check/);
  });

  it('the moderation log is append-only', async () => {
    const [entry] = await t.db
      .insert(moderationLog)
      .values({ action: 'APPROVE_CERTIFICATION', itemType: 'certification', itemId: 1, moderatorUsername: 'mod' })
      .returning();
    expect(
      await violation(t.db.update(moderationLog).set({ reason: 'rewritten' }).where(eq(moderationLog.id, entry!.id))),
    ).toMatch(/append-only/);
    expect(await violation(t.db.delete(moderationLog).where(eq(moderationLog.id, entry!.id)))).toMatch(/append-only/);
  });

  it('deleting a member removes their votes', async () => {
    const user = await buildUser(t.db);
    const cert = await buildCertification(t.db);
    await t.db.insert(certificationVotes).values({ userId: user.id, certificationId: cert.id, value: 1 });
    await t.db.delete(users).where(eq(users.id, user.id));
    const left = await t.db.select().from(certificationVotes).where(eq(certificationVotes.userId, user.id));
    expect(left).toHaveLength(0);
  });
});
