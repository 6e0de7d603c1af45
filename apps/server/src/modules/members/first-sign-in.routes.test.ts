/* The first sign-in's questions, asked once per member whatever device they sign in on (docs/api.md#first-sign-in). */
import type { FirstSignIn } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/support/catalogue.js';
import { call } from '../../../test/support/members.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL = '/api/user/first-sign-in';

describe('GET and PUT /api/user/first-sign-in', () => {
  it('is pending for a new member until skipped, and stays skipped on every later sign-in', async () => {
    const member = await signedIn(t);
    expect((await call(t, member, 'GET', URL)).json()).toEqual({ pending: true, outcome: null, at: null });
    const skipped = await call(t, member, 'PUT', URL, { outcome: 'SKIPPED' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const state = skipped.json() as FirstSignIn;
    expect(state).toMatchObject({ pending: false, outcome: 'SKIPPED' });
    expect(Date.parse(state.at!)).toBeGreaterThan(Date.now() - 60_000);
    // Another device signs in with another token: the server's answer is the same.
    const again = await t.app.accessTokens.sign({
      userId: member.user.id,
      username: member.user.username,
      role: 'USER',
    });
    const other = await call(t, { ...member, headers: { authorization: `Bearer ${again}` } }, 'GET', URL);
    expect(other.json()).toEqual(state);
    const [row] = await t.db.db
      .select({ outcome: users.firstSignInOutcome })
      .from(users)
      .where(eq(users.id, member.user.id));
    expect(row!.outcome).toBe('SKIPPED');
  });

  it('records DONE when answered, later from the profile too; each member has their own', async () => {
    const member = await signedIn(t);
    const other = await signedIn(t);
    expect((await call(t, member, 'PUT', URL, { outcome: 'SKIPPED' })).statusCode).toBe(200);
    const done = await call(t, member, 'PUT', URL, { outcome: 'DONE' });
    expect(done.json()).toMatchObject({ pending: false, outcome: 'DONE' });
    expect((await call(t, other, 'GET', URL)).json()).toMatchObject({ pending: true });
  });

  it('answers 400 to another outcome and 401 to a visitor', async () => {
    const member = await signedIn(t);
    for (const body of [{ outcome: 'LATER' }, {}, { outcome: null }]) {
      const res = await call(t, member, 'PUT', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t, member, 'GET', URL)).json()).toMatchObject({ pending: true });
    expect((await call(t, undefined, 'GET', URL)).statusCode).toBe(401);
    expect((await call(t, undefined, 'PUT', URL, { outcome: 'DONE' })).statusCode).toBe(401);
  });
});
