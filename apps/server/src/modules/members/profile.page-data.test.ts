import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { appWithMember, type Member } from '../../../test/support/catalogue.js';
import { call } from '../../../test/support/members.js';

let t: TestApp;
let member: Member;
beforeAll(async () => ({ t, member } = await appWithMember()));
afterAll(() => t.close());

describe('the page data of /u/{username}', () => {
  it('is the public profile the API answers, whatever the case of the name', async () => {
    const cert = await buildCertification(t.db.db, { validityMonths: 24 });
    await call(t, member, 'PUT', `/api/user/certifications/${cert!.id}`, {
      status: 'HELD',
      earnedOn: '2024-03-01',
      public: true,
    });
    const api = (await call(t, undefined, 'GET', `/api/users/${member.user.username}`)).json();
    expect(await t.app.pageData.publicProfile(member.user.username.toUpperCase())).toEqual(api);
    expect(api.held).toHaveLength(1);
  });

  it('is null for an unknown name, a name no account can have and the system account', async () => {
    const system = await buildUser(t.db.db, { isSystem: true });
    for (const name of ['nobody_here', 'x'.repeat(60), 'a\u0000b', system.username]) {
      expect(await t.app.pageData.publicProfile(name), name).toBeNull();
    }
  });
});
