import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { signedIn } from '../../../test/support/catalogue.js';

/** GET /api/admin/stale-facts: the certifications to check again, never checked first, then the oldest. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const read = (retrievedOn: string) => [
  { url: 'https://vendor.example/exam', kind: 'VENDOR' as const, retrievedOn, fields: ['exam.costUsd' as const] },
];

describe('the Stale facts list', () => {
  it('lists never-checked certifications, then those read over a year ago, oldest first; moderators only', async () => {
    const day = (monthsAgo: number) => {
      const d = new Date();
      d.setUTCMonth(d.getUTCMonth() - monthsAgo);
      return d.toISOString().slice(0, 10);
    };
    const never = await buildCertification(t.db.db, { name: 'Never Checked Cert' });
    const old = await buildCertification(t.db.db, { name: 'Old Cert', sources: read(day(18)) });
    const older = await buildCertification(t.db.db, { name: 'Older Cert', sources: read(day(30)) });
    const fresh = await buildCertification(t.db.db, { name: 'Fresh Cert', sources: read(day(2)) });

    const member = await signedIn(t);
    expect((await t.app.inject({ url: '/api/admin/stale-facts', headers: member.headers })).statusCode).toBe(403);
    const moderator = await signedIn(t, 'MODERATOR');
    const res = await t.app.inject({ url: '/api/admin/stale-facts', headers: moderator.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; checkedOn: string | null }[];
    const ids = list.map((r) => r.id);
    expect(ids).not.toContain(fresh.id);
    expect(ids.indexOf(never.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(old.id));
    expect(list.find((r) => r.id === never.id)?.checkedOn).toBeNull();
    expect(list.find((r) => r.id === old.id)?.checkedOn).toBe(day(18));
  });
});
