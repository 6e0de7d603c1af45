import { MSG } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { appWithMember, signedIn, type Member } from '../../../test/support/catalogue.js';
import { call } from '../../../test/support/members.js';

let t: TestApp;
let member: Member;
beforeAll(async () => ({ t, member } = await appWithMember()));
afterAll(() => t.close());

const watching = async (who: Member, id: number | string) =>
  (await call(t, who, 'GET', `/api/certification/${id}/watch`)).json().watching as boolean;

describe('/api/certification/{id}/watch', () => {
  it('watches and unwatches; each is 204 whatever the state before', async () => {
    const cert = await buildCertification(t.db.db);
    expect(await watching(member, cert.id)).toBe(false);
    expect((await call(t, member, 'PUT', `/api/certification/${cert.slug}/watch`)).statusCode).toBe(204);
    expect((await call(t, member, 'PUT', `/api/certification/${cert.id}/watch`)).statusCode).toBe(204);
    expect(await watching(member, cert.slug)).toBe(true);
    expect(await watching(await signedIn(t), cert.id)).toBe(false);
    expect((await call(t, member, 'DELETE', `/api/certification/${cert.id}/watch`)).statusCode).toBe(204);
    expect(await watching(member, cert.id)).toBe(false);
    expect((await call(t, member, 'DELETE', `/api/certification/${cert.id}/watch`)).statusCode).toBe(204);
  });

  it('is for members: 401 for visitors', async () => {
    const cert = await buildCertification(t.db.db);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(t, undefined, method, `/api/certification/${cert.id}/watch`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.mustLoginToWatch);
    }
  });

  it('answers 404 for an unknown certification and one not approved', async () => {
    const pending = await buildCertification(t.db.db, { status: 'PENDING' });
    for (const id of ['no-such-certification', String(pending.id)]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(t, member, method, `/api/certification/${id}/watch`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(MSG.certificationNotFound);
      }
    }
  });
});
