import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildCertification } from '../../test/factories.js';
import { signedIn, type Member } from '../../test/support/catalogue.js';
import { VOTE_BURST } from '../modules/catalogue/catalogue-limits.js';

let t: TestApp;
let member: Member;
let slug: string;
let id: number;
beforeAll(async () => {
  t = await buildTestApp();
  member = await signedIn(t, 'USER', { createdAt: new Date('2020-01-01T00:00:00Z') });
  const cert = await buildCertification(t.db.db);
  slug = cert.slug;
  id = cert.id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('ETag and 304 on public reads', () => {
  it('a public GET answers an ETag; the same If-None-Match gets 304 without a body, until the answer changes', async () => {
    const first = await get(`/api/certification/${slug}`);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(`/api/certification/${slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Compressed or not, the ETag names the same JSON.
    const brotli = await get(`/api/certification/${slug}`, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(brotli.statusCode).toBe(304);

    const voted = await t.app.inject({ method: 'POST', url: `/api/vote/certification/${id}/upvote`, ...member });
    expect(voted.statusCode).toBe(200);
    const changed = await get(`/api/certification/${slug}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().upvoteCount).toBe(1);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('the list keeps its own ETag and 304, and other public reads get one too', async () => {
    const list = await get('/api/certification');
    const etag = String(list.headers.etag);
    expect((await get('/api/certification', { 'if-none-match': etag })).statusCode).toBe(304);
    for (const url of ['/api/domains', '/api/stats', `/api/certification/${id}/ratings`, '/api/search?q=test']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBeDefined();
      expect((await get(url, { 'if-none-match': String(res.headers.etag) })).statusCode, url).toBe(304);
    }
  });

  it('an answer for a signed-in member has no ETag of ours and varies by Authorization', async () => {
    const res = await get(`/api/certification/${slug}`, member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/Authorization/);
  });
});

describe('CORS', () => {
  it('public reads answer Access-Control-Allow-Origin: * without credentials, and expose the useful headers', async () => {
    const res = await get('/api/certification', { origin: 'https://other.example' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers'])).toContain('ETag');
    expect(String(res.headers['access-control-expose-headers'])).toContain('RateLimit-Remaining');
  });

  it('answers for a signed-in member and writes carry no CORS header', async () => {
    const mine = await get('/api/user/profile', { ...member.headers, origin: 'https://other.example' });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['access-control-allow-origin']).toBeUndefined();
    const detail = await get(`/api/certification/${slug}`, { ...member.headers, origin: 'https://other.example' });
    expect(detail.headers['access-control-allow-origin']).toBeUndefined();
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/vote/certification/${id}/downvote`,
      headers: { ...member.headers, origin: 'https://other.example' },
    });
    expect(write.statusCode).toBe(200);
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
    const anonymousWrite = await t.app.inject({
      method: 'POST',
      url: '/api/certification',
      headers: { origin: 'https://other.example', 'content-type': 'application/json' },
      payload: {},
    });
    expect(anonymousWrite.statusCode).toBe(401);
    expect(anonymousWrite.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a preflight allows GET with If-None-Match from any origin, and nothing else', async () => {
    const preflight = (method: string, headers?: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/certification',
        headers: {
          origin: 'https://other.example',
          'access-control-request-method': method,
          ...(headers ? { 'access-control-request-headers': headers } : {}),
        },
      });
    const read = await preflight('GET', 'if-none-match');
    expect(read.statusCode).toBe(204);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(read.headers['access-control-max-age']).toBe('86400');
    for (const [method, headers] of [
      ['POST', 'content-type'],
      ['GET', 'authorization'],
      ['DELETE', undefined],
    ] as const) {
      const refused = await preflight(method, headers);
      expect(refused.statusCode).toBe(204);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const data = await t.app.inject({
      method: 'OPTIONS',
      url: '/data/index.json',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'GET' },
    });
    expect(data.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('RateLimit headers', () => {
  it('a counted call tells its limit, what is left and when it resets; past it, 429 with Retry-After', async () => {
    const voter = await signedIn(t, 'USER', { createdAt: new Date('2020-01-01T00:00:00Z') });
    const target = await buildCertification(t.db.db);
    const vote = () =>
      t.app.inject({ method: 'POST', url: `/api/vote/certification/${target.id}/upvote`, headers: voter.headers });
    const first = await vote();
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe(String(VOTE_BURST.max));
    expect(first.headers['ratelimit-remaining']).toBe(String(VOTE_BURST.max - 1));
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(VOTE_BURST.windowSeconds);
    for (let i = 1; i < VOTE_BURST.max; i++) expect((await vote()).statusCode).toBe(200);
    const refused = await vote();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(VOTE_BURST.windowSeconds);
  });

  it('a call with a JSON body is counted in its own scope too (a login attempt)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'nobody_here', password: 'Wrong-Password-1' },
      remoteAddress: '203.0.113.77',
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers['ratelimit-limit']).toBeDefined();
    expect(Number(login.headers['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  });

  it('a call no limit counts has no RateLimit header', async () => {
    const res = await get('/api/certification');
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});
