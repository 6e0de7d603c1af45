import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMON_NEXT_MIN_MEMBERS, MAP_COMMON_NEXT_PER_CERTIFICATION, type PathMap } from '@certitude/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createTestDatabase, TEST_DATABASE_KIND } from '../../../test/database.js';
import { buildCertification } from '../../../test/factories.js';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';
import { certificationIn, countedMember, hold, untrack } from '../../../test/support/paths.js';
import { certifications, commonNextCounts, users, userSuspensions } from '../../db/schema/index.js';
import { findAllCommonNextCounts, rebuildCommonNextCounts } from './common-next.repository.js';

const DAY = 24 * 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The kept count of members who took `from` and later `to` (0 without a row). */
async function countOf(from: { id: number }, to: { id: number }): Promise<number> {
  const rows = await t.db.db.select().from(commonNextCounts).where(eq(commonNextCounts.fromId, from.id));
  return rows.find((r) => r.toId === to.id)?.members ?? 0;
}

const commonEdges = async (domain: string) =>
  ((await t.app.inject({ method: 'GET', url: `/api/paths/${domain}` })).json() as PathMap).edges.filter(
    (e) => e.kind === 'COMMON_NEXT',
  );

/** The counts kept so far equal a recount from scratch (which then replaces them, unchanged). */
async function expectKeptEqualsRebuilt() {
  const kept = await findAllCommonNextCounts(t.db.db);
  await rebuildCommonNextCounts(t.db.db);
  expect(await findAllCommonNextCounts(t.db.db)).toEqual(kept);
}

describe('members’ common next steps', () => {
  it('shows a pair on the map from 3 members up, with the number of members as its weight', async () => {
    const a = await certificationIn(t, ['devops'], { level: 'ASSOCIATE' });
    const b = await certificationIn(t, ['devops'], { level: 'PROFESSIONAL' });
    for (const n of [1, 2]) {
      const m = await countedMember(t);
      await hold(t, m, a, '2022-01-10', n === 1);
      await hold(t, m, b, '2023-06-01');
    }
    expect(await countOf(a, b)).toBe(2);
    expect(await commonEdges('devops')).toEqual([]);
    const third = await countedMember(t);
    await hold(t, third, b, '2024-02-02');
    await hold(t, third, a, '2023-02-02');
    expect(await countOf(a, b)).toBe(3);
    expect(await countOf(b, a)).toBe(0);
    expect(await commonEdges('devops')).toEqual([{ from: a.id, to: b.id, kind: 'COMMON_NEXT', weight: 3 }]);
  });

  it('draws only the strongest common next steps out of a certification on its map; next lists more', async () => {
    const a = await certificationIn(t, ['databases'], { level: 'ASSOCIATE' });
    const later = [];
    for (let i = 0; i < MAP_COMMON_NEXT_PER_CERTIFICATION + 2; i++) {
      later.push(await certificationIn(t, ['databases'], { level: 'PROFESSIONAL' }));
    }
    // Counts as the tracker would keep them: the weakest two fall off the map, one of them a tie broken by id.
    const weights = [9, 3, 7, 5, 5];
    await t.db.db
      .insert(commonNextCounts)
      .values(later.map((b, i) => ({ fromId: a.id, toId: b.id, members: weights[i]! })));
    const drawn = (await commonEdges('databases')).filter((e) => e.from === a.id);
    expect(drawn.map((e) => [e.to, e.weight])).toEqual(
      [
        [later[0]!.id, 9],
        [later[2]!.id, 7],
        [later[3]!.id, 5],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    const next = (await t.app.inject({ method: 'GET', url: `/api/certification/${a.id}/next` })).json() as {
      certification: { id: number };
      members: number;
    }[];
    expect(next.map((n) => n.members)).toEqual([9, 7, 5, 5, 3]);
    await t.db.db.delete(commonNextCounts).where(eq(commonNextCounts.fromId, a.id));
  });

  it('does not count two certifications earned on the same day, nor entries that are not held', async () => {
    const a = await buildCertification(t.db.db);
    const b = await buildCertification(t.db.db);
    const m = await countedMember(t);
    await hold(t, m, a, '2022-05-05');
    await hold(t, m, b, '2022-05-05');
    expect(await countOf(a, b)).toBe(0);
    expect(await countOf(b, a)).toBe(0);
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/certifications/${b.id}`,
      headers: m.headers,
      payload: { status: 'STUDYING', targetDate: '2030-01-01' },
    });
    expect(await countOf(a, b)).toBe(0);
    await hold(t, m, b, '2022-05-06');
    expect(await countOf(a, b)).toBe(1);
  });

  it('moves the counts when a member changes an earned date, changes status or removes an entry', async () => {
    const a = await buildCertification(t.db.db);
    const b = await buildCertification(t.db.db);
    const c = await buildCertification(t.db.db);
    const m = await countedMember(t);
    await hold(t, m, a, '2020-01-01');
    await hold(t, m, b, '2021-01-01');
    await hold(t, m, c, '2022-01-01');
    expect([await countOf(a, b), await countOf(b, c), await countOf(a, c)]).toEqual([1, 1, 1]);
    // A earned after all: A comes last.
    await hold(t, m, a, '2023-01-01');
    expect([await countOf(a, b), await countOf(b, a), await countOf(c, a), await countOf(b, c)]).toEqual([0, 1, 1, 1]);
    // B no longer held.
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/certifications/${b.id}`,
      headers: m.headers,
      payload: { status: 'PLANNED' },
    });
    expect([await countOf(b, a), await countOf(b, c), await countOf(c, a)]).toEqual([0, 0, 1]);
    await untrack(t, m, c);
    expect(await countOf(c, a)).toBe(0);
    const rows = await t.db.db
      .select()
      .from(commonNextCounts)
      .where(inArray(commonNextCounts.fromId, [a.id, b.id, c.id]));
    expect(rows, 'rows at 0 are removed').toEqual([]);
    // Removing an entry that is no longer there is answered 204 and changes nothing.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/user/certifications/${c.id}`, headers: m.headers });
    expect(again.statusCode).toBe(204);
    await expectKeptEqualsRebuilt();
  });

  it('forgets a deleted account’s steps with its entries', async () => {
    const a = await buildCertification(t.db.db);
    const b = await buildCertification(t.db.db);
    const stays = await countedMember(t);
    const leaves = await countedMember(t);
    for (const m of [stays, leaves]) {
      await hold(t, m, a, '2020-01-01');
      await hold(t, m, b, '2021-01-01');
    }
    expect(await countOf(a, b)).toBe(2);
    await t.db.db.delete(users).where(eq(users.id, leaves.user.id));
    expect(await countOf(a, b)).toBe(1);
    // A certification that goes takes its pairs with it.
    await t.db.db.delete(certifications).where(eq(certifications.id, b.id));
    expect(await countOf(a, b)).toBe(0);
    await expectKeptEqualsRebuilt();
  });

  it('counts only verified members in good standing past their first week, as their accounts change', async () => {
    const a = await certificationIn(t, ['networking'], { level: 'ASSOCIATE' });
    const b = await certificationIn(t, ['networking'], { level: 'PROFESSIONAL' });
    const takes = async (m: Member) => {
      await hold(t, m, a, '2021-01-10');
      await hold(t, m, b, '2022-01-10');
    };
    // One real member's private steps, and two throwaway accounts made today to reveal them: not shown.
    const real = await countedMember(t);
    await takes(real);
    const sybils = [await signedIn(t), await signedIn(t)];
    for (const m of sybils) await takes(m);
    // Nor by an unverified account, however old.
    const unverified = await signedIn(t, 'USER', { emailVerified: false, createdAt: new Date(Date.now() - 60 * DAY) });
    await takes(unverified);
    expect(await countOf(a, b)).toBe(1);
    expect(await commonEdges('networking')).toEqual([]);
    await expectKeptEqualsRebuilt();

    // A week later the accounts made today count, brought in by the member jobs (no write of theirs needed).
    const weekLater = new Date(Date.now() + 7 * DAY + 60_000);
    expect((await t.app.services.memberJobs.runOnce(weekLater)).commonNext).toBe(2);
    expect(await countOf(a, b)).toBe(3);
    expect((await t.app.services.memberJobs.runOnce(weekLater)).commonNext).toBe(0);

    // A suspension takes an account's steps out again, and its end brings them back.
    const [suspended] = sybils;
    await t.db.db.insert(userSuspensions).values({
      userId: suspended!.user.id,
      reason: 'Ring of accounts',
      endsAt: new Date(weekLater.getTime() + DAY),
    });
    expect((await t.app.services.memberJobs.runOnce(weekLater)).commonNext).toBe(1);
    expect(await countOf(a, b)).toBe(2);
    expect((await t.app.services.memberJobs.runOnce(new Date(weekLater.getTime() + 2 * DAY))).commonNext).toBe(1);
    expect(await countOf(a, b)).toBe(3);

    // A countable member's own write brings them in at once; a deleted account not counted takes nothing away.
    const unverifiedGone = await t.db.db.delete(users).where(eq(users.id, unverified.user.id)).returning();
    expect(unverifiedGone).toHaveLength(1);
    expect(await countOf(a, b)).toBe(3);
    // Back to today (a clock set back): the accounts in their first week leave the counts again.
    expect((await t.app.services.memberJobs.runOnce(new Date())).commonNext).toBe(2);
    expect(await countOf(a, b)).toBe(1);
    await expectKeptEqualsRebuilt();
  });

  it('keeps counts equal to a recount after a long series of writes by many members', async () => {
    const certs: { id: number }[] = [];
    for (let i = 0; i < 6; i++) certs.push(await buildCertification(t.db.db));
    const members: Member[] = [];
    for (let i = 0; i < 8; i++) members.push(await countedMember(t));
    // A small deterministic generator, so a failure can be replayed.
    let seed = 20_260_101;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const days = ['2019-03-01', '2019-03-01', '2020-07-15', '2021-01-31', '2022-11-30', '2024-02-29'];
    for (let step = 0; step < 150; step++) {
      const m = members[next(members.length)]!;
      const cert = certs[next(certs.length)]!;
      const roll = next(10);
      if (roll < 6) await hold(t, m, cert, days[next(days.length)]!, roll % 2 === 0);
      else if (roll < 8) {
        await t.app.inject({
          method: 'PUT',
          url: `/api/user/certifications/${cert.id}`,
          headers: m.headers,
          payload: { status: roll === 6 ? 'STUDYING' : 'PLANNED' },
        });
      } else {
        await t.app.inject({ method: 'DELETE', url: `/api/user/certifications/${cert.id}`, headers: m.headers });
      }
    }
    await t.db.db.delete(users).where(eq(users.id, members[0]!.user.id));
    expect((await findAllCommonNextCounts(t.db.db)).length).toBeGreaterThan(0);
    await expectKeptEqualsRebuilt();
  });

  it('keeps counts right when one member saves many entries at once, and many members share pairs', async () => {
    const certs: { id: number }[] = [];
    for (let i = 0; i < 5; i++) certs.push(await buildCertification(t.db.db));
    const members: Member[] = [];
    for (let i = 0; i < 6; i++) members.push(await countedMember(t));
    const days = ['2020-01-01', '2020-06-01', '2021-01-01', '2021-06-01', '2022-01-01'];
    // Each member saves every certification at the same moment (two tabs, many members).
    const answers = await Promise.all(
      members.flatMap((m, mi) =>
        certs.map((c, ci) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/user/certifications/${c.id}`,
            headers: m.headers,
            payload: { status: 'HELD', earnedOn: days[(ci + mi) % days.length] },
          }),
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    await expectKeptEqualsRebuilt();
    expect(await countOf(certs[0]!, certs[4]!)).toBeGreaterThan(0);
  });
});

describe(`caches on ${TEST_DATABASE_KIND}`, () => {
  it('drops the public pages (through the list) when a write shows or hides a step', async () => {
    const a = await buildCertification(t.db.db);
    const b = await buildCertification(t.db.db);
    let drops = 0;
    t.app.services.certifications.onListDropped(() => drops++);
    const members = [await countedMember(t), await countedMember(t), await countedMember(t), await countedMember(t)];
    for (const m of members.slice(0, 2)) {
      await hold(t, m, a, '2020-01-01');
      await hold(t, m, b, '2021-01-01');
    }
    expect(drops).toBe(0);
    await hold(t, members[2]!, a, '2020-01-01');
    await hold(t, members[2]!, b, '2021-01-01'); // the third member: shown
    expect(drops).toBe(1);
    // A fourth member, and back to three: the weight changes, the step stays shown. This instance's pages were
    // dropped by the write itself; other instances show the new weight within the page cache's 60 s.
    await hold(t, members[3]!, a, '2020-01-01');
    await hold(t, members[3]!, b, '2021-01-01');
    await untrack(t, members[3]!, b);
    expect(drops).toBe(1);
    await untrack(t, members[2]!, a); // two: hidden
    expect(drops).toBe(2);
    await hold(t, members[2]!, a, '2019-01-01'); // three again
    expect(drops).toBe(3);
    await hold(t, members[2]!, b, '2021-02-01'); // no pair changes
    expect(drops).toBe(3);
  });
});

/** A copy of the migrations up to `tag`: a database as an older version of Certitude left it. */
function migrationsUpTo(tag: string): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  const folder = mkdtempSync(join(tmpdir(), 'certitude-migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return folder;
}

describe(`migration 0010 on ${TEST_DATABASE_KIND}`, () => {
  it('indexes the pairs shown, at the threshold of the code', async () => {
    const result = (await t.db.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'common_next_counts_shown_idx'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(result.rows[0]?.indexdef).toMatch(new RegExp(`members >= ${COMMON_NEXT_MIN_MEMBERS}\\)?$`));
  });

  it('counts the steps of members who tracked certifications before it', async () => {
    const database = await createTestDatabase();
    const folder = migrationsUpTo('0009_member_emails');
    try {
      const db = database.db;
      await db.execute(sql.raw('drop schema if exists drizzle cascade'));
      await db.execute(sql.raw('drop schema public cascade'));
      await db.execute(sql.raw('create schema public'));
      await database.migrate(folder);
      // The certifications and tracker tables as migration 0009 left them: only the columns they had then.
      const certification = async (slug: string) =>
        (
          (await db.execute(sql`
            insert into certifications (slug, name, cert_code, vendor, description, url, status)
            values (${slug}, ${slug}, ${slug}, 'Old Vendor', 'A certification.', 'https://example.com', 'APPROVED')
            returning id`)) as unknown as { rows: { id: number }[] }
        ).rows[0]!;
      const a = await certification('old-cert-a');
      const b = await certification('old-cert-b');
      for (const [first, second] of [
        ['2020-01-01', '2021-01-01'],
        ['2020-01-01', '2021-01-01'],
        ['2019-05-05', '2024-05-05'],
        ['2022-01-01', '2021-01-01'],
        ['2022-01-01', '2022-01-01'],
      ] as const) {
        // The users table as migration 0009 left it: verified, long before.
        const inserted = (await db.execute(sql`
            insert into users (username, email, email_verified, created_at)
            values (${`old_${first}_${second}_${Math.random()}`}, ${`old_${Math.random()}@example.org`}, true, now() - interval '30 days')
            returning id`)) as unknown as { rows: { id: number }[] };
        const m = inserted.rows[0]!;
        await db.execute(sql`
            insert into member_certifications (user_id, certification_id, status, earned_on)
            values (${m.id}, ${a.id}, 'HELD', ${first}), (${m.id}, ${b.id}, 'HELD', ${second})`);
      }
      await database.migrate();
      expect(await findAllCommonNextCounts(db)).toEqual(
        [
          { fromId: a.id, toId: b.id, members: 3 },
          { fromId: b.id, toId: a.id, members: 1 },
        ].sort((x, y) => x.fromId - y.fromId),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await database.destroy();
    }
  });
});
