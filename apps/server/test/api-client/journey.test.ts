import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstance } from '../app.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { buildCertification } from '../factories.js';
import type { paths } from '@certitude/client';

/**
 * A client written from the OpenAPI document alone: its types are generated from the document by
 * openapi-typescript (npm run api:types writes packages/client/src/schema.d.ts), its calls made by openapi-fetch over real HTTP.
 * It drives a member's whole first visit: register, verify the address with the mailed link, sign in, vote,
 * comment, refresh the session. `npm run typecheck` checks every call against the types.
 */
let db: TestDatabase;
let app: Awaited<ReturnType<typeof buildInstance>>['app'];
let dataDir: string;
let baseUrl: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const built = await buildInstance(db, { MAIL_WORKER_INTERVAL_MS: '50' });
  app = built.app;
  dataDir = built.config.dataDir;
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
});

const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The verification link's token, from the mail the app wrote to DATA_DIR/mail (no SMTP_URL). */
async function mailedToken(to: string): Promise<string> {
  const dir = join(dataDir, 'mail');
  for (let i = 0; i < 200; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      // nothing written yet
    }
    for (const f of files) {
      const eml = decodeQp(readFileSync(join(dir, f), 'utf8'));
      const token = eml.includes(`To: ${to}`) ? /verify-email\?token=([\w-]+)/.exec(eml)?.[1] : undefined;
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification mail for ${to}`);
}

describe('a typed client generated from the OpenAPI document', () => {
  it('is generated from the document as served (npm run api:types after a route changes)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const generated = astToString(await openapiTS(doc));
    const committed = readFileSync(new URL('../../../../packages/client/src/schema.d.ts', import.meta.url), 'utf8');
    expect(committed.includes(generated), 'schema.d.ts is out of date: run npm run api:types').toBe(true);
  });

  it('registers, verifies through the mailed link, signs in, votes, comments and refreshes', async () => {
    const cert = await buildCertification(db.db);
    const client = createClient<paths>({ baseUrl });
    const username = `typed_${Date.now().toString(36)}`;
    const email = `${username}@example.org`;
    const password = 'A-long-enough-secret';

    const registered = await client.POST('/auth/register', {
      body: { username, email, password, confirmPassword: password },
    });
    expect(registered.response.status).toBe(201);

    const verified = await client.POST('/api/email-verification/verify', {
      params: { query: { token: await mailedToken(email) } },
    });
    expect(verified.response.status).toBe(200);

    const login = await client.POST('/auth/login', { body: { username, password } });
    expect(login.response.status).toBe(200);
    expect(login.data?.user).toMatchObject({ username, emailVerified: true, role: 'USER' });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    let session = login.data!;

    const vote = await client.POST('/api/vote/{type}/{id}/upvote', {
      params: { path: { type: 'certification', id: String(cert.id) } },
      headers: bearer(session.token),
    });
    expect(vote.response.status).toBe(200);
    // Field by field, so that the typecheck holds the client to the document's names.
    expect([vote.data?.hasVoted, vote.data?.isUpvote, vote.data?.upvoteCount]).toEqual([true, true, 1]);

    const comment = await client.POST('/api/certification/{id}/comments', {
      params: { path: { id: String(cert.id) } },
      body: { content: 'Passed it last spring: the labs are what count.' },
      headers: bearer(session.token),
    });
    expect(comment.response.status).toBe(201);
    expect(comment.data?.content).toBe('Passed it last spring: the labs are what count.');

    const refreshed = await client.POST('/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.response.status).toBe(200);
    expect(refreshed.data!.refreshToken).not.toBe(session.refreshToken);
    session = refreshed.data!;

    const profile = await client.GET('/api/user/profile', { headers: bearer(session.token) });
    expect([profile.data?.username, profile.data?.email, profile.data?.emailVerified]).toEqual([username, email, true]);
    const status = await client.GET('/api/vote/{type}/{id}/status', {
      params: { path: { type: 'certification', id: String(cert.id) } },
      headers: bearer(session.token),
    });
    expect([status.data?.hasVoted, status.data?.isUpvote]).toEqual([true, true]);
    const thread = await client.GET('/api/certification/{id}/comments', { params: { path: { id: String(cert.id) } } });
    expect(JSON.stringify(thread.data)).toContain('the labs are what count');

    // The error answers are typed too.
    const wrong = await client.POST('/auth/login', { body: { username, password: 'not-the-password' } });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error?.statusCode).toBe(401);
    expect(wrong.error?.message).toEqual(expect.any(String));
  });
});
