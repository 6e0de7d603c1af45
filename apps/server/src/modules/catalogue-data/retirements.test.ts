import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';

/** The retirement job, as the members' jobs run it: a RETIRING certification past its last exam day is RETIRED. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (id: number) => (await t.app.inject({ url: `/api/certification/${id}` })).json();

describe('the retirement job', () => {
  it('retires a RETIRING certification once its date has passed, by a revision of the system account, once', async () => {
    const due = await buildCertification(t.db.db, { lifecycle: 'RETIRING', retiresOn: '2026-11-26' });
    const today = await buildCertification(t.db.db, { lifecycle: 'RETIRING', retiresOn: '2026-11-27' });
    // The list is read once, before the job: the job's change must reach it.
    expect((await t.app.inject({ url: '/api/certification' })).json().length).toBeGreaterThan(0);

    const run = await t.app.services.memberJobs.runOnce(new Date('2026-11-27T08:00:00Z'));
    expect(run.retirements).toBe(1);
    expect(await get(due.id)).toMatchObject({ lifecycle: 'RETIRED', revision: 1 });
    // Its last exam day is today: it can still be taken.
    expect(await get(today.id)).toMatchObject({ lifecycle: 'RETIRING', revision: 0 });

    const list = (await t.app.inject({ url: '/api/certification' })).json();
    expect(list.find((c: { id: number }) => c.id === due.id)?.lifecycle).toBe('RETIRED');
    const history = (await t.app.inject({ url: `/api/certification/${due.id}/revisions` })).json();
    expect(history).toMatchObject([
      {
        author: 'certitude',
        status: 'APPLIED',
        summary: 'Retired: its last exam day, 26 Nov 2026, has passed',
        changes: [{ field: 'lifecycle', before: 'RETIRING', after: 'RETIRED' }],
      },
    ]);

    expect((await t.app.services.memberJobs.runOnce(new Date('2026-11-27T09:00:00Z'))).retirements).toBe(0);
    expect((await t.app.services.memberJobs.runOnce(new Date('2026-11-28T08:00:00Z'))).retirements).toBe(1);
    expect(await get(today.id)).toMatchObject({ lifecycle: 'RETIRED' });
  });
});
