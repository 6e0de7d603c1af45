import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { appWithMember, type Member } from '../../../test/support/catalogue.js';

let t: TestApp;
let member: Member;
beforeAll(async () => ({ t, member } = await appWithMember()));
afterAll(() => t.close());

const good = { difficulty: 4, value: 5, recognition: 3 };

/** docs/decisions/0050-own-rating-without-a-404.md */
describe('GET /api/certification/{id}/rating?missing=null', () => {
  it('?missing=null answers 200 with null when the member has not rated it, and still 404 for no certification', async () => {
    const cert = await buildCertification(t.db.db);
    const own = (id: number | string, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/certification/${id}/rating${query}`, headers: member.headers });
    const none = await own(cert.id, '?missing=null');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    await t.app.inject({
      method: 'PUT',
      url: `/api/certification/${cert.id}/rating`,
      headers: member.headers,
      payload: good,
    });
    expect((await own(cert.slug, '?missing=null')).json()).toMatchObject(good);
    expect((await own(999_999, '?missing=null')).statusCode).toBe(404);
    const bad = await own(cert.id, '?missing=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('missing');
  });

  it('keeps the contract’s 404 without it, and asks a visitor to log in either way', async () => {
    const cert = await buildCertification(t.db.db);
    const url = `/api/certification/${cert.id}/rating`;
    expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}?missing=null` })).statusCode).toBe(401);
  });
});
