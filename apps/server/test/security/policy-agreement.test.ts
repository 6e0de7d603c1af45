/*
 * The server answers as the shared policy says (packages/shared/src/policy.ts), for every case of the table the
 * web's test also checks (packages/shared/testing/policy-cases.ts): a viewer, a certification in each status,
 * and each certification action, made through HTTP.
 */
import { POLICY_CASES, SUBMITTER, type PolicyCase, type Who } from '@certitude/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app.js';
import { buildCertification, buildUser } from '../factories.js';

let t: TestApp;
const headers: Partial<Record<Who, Record<string, string>>> = {};
let submitterId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const roles = { submitter: 'USER', member: 'USER', moderator: 'MODERATOR', admin: 'ADMIN' } as const;
  for (const [who, role] of Object.entries(roles) as [Exclude<Who, 'visitor'>, (typeof roles)[keyof typeof roles]][]) {
    const user = await buildUser(t.db.db, { role, ...(who === 'submitter' ? { username: SUBMITTER } : {}) });
    if (who === 'submitter') submitterId = user.id;
    const token = await t.app.accessTokens.sign({ userId: user.id, username: user.username, role });
    headers[who] = { authorization: `Bearer ${token}` };
  }
});
afterAll(() => t.close());

/** Makes the call that stands for the action and says whether the server allowed it. */
async function attempt(c: PolicyCase): Promise<boolean> {
  const cert = await buildCertification(t.db.db, { status: c.status, submittedById: submitterId });
  const h = headers[c.who] ?? {};
  switch (c.action) {
    case 'certification:view':
      return (
        (await t.app.inject({ method: 'GET', url: `/api/certification/${cert.id}`, headers: h })).statusCode === 200
      );
    case 'certification:edit': {
      const body = { name: `${cert.name} edited`, certCode: cert.certCode, vendor: cert.vendor };
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/certification/${cert.id}`,
        headers: h,
        payload: body,
      });
      return res.statusCode === 200;
    }
    case 'certification:suggest':
    case 'certification:change-directly': {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/certification/${cert.id}/revisions`,
        headers: h,
        payload: { changes: { renewal: 'Renewed by policy.' }, summary: 'Policy case' },
      });
      if (c.action === 'certification:suggest') return res.statusCode === 201;
      return res.statusCode === 201 && res.json().status === 'APPLIED';
    }
    case 'certification:take-part': {
      const res = await t.app.inject({ method: 'POST', url: `/api/vote/certification/${cert.id}/upvote`, headers: h });
      return res.statusCode === 200;
    }
  }
}

describe('the server agrees with the shared policy', () => {
  it.each(POLICY_CASES.map((c) => [`${c.who} ${c.action} ${c.status}`, c] as const))('%s', async (_name, c) => {
    expect(await attempt(c)).toBe(c.allowed);
  });
});
