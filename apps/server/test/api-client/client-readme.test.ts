import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCertitudeClient, rateLimitOf } from '@certitude/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../app.js';
import { signedIn } from '../support/catalogue.js';

/**
 * The client package (packages/client) against the app listening on a port: the example of its README, run as
 * it is written except for the server's address, and its rate-limit reader on a counted call.
 */
const CLIENT = new URL('../../../../packages/client/', import.meta.url);
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** The first TypeScript block of the README. */
function readmeExample(): string {
  const readme = readFileSync(new URL('README.md', CLIENT), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('packages/client/README.md has no ```ts example');
  return block;
}

describe('@certitude/client', () => {
  it('runs the README example against a real server', async () => {
    const source = readmeExample()
      .replace("'@certitude/client'", `'${new URL('src/index.ts', CLIENT).href}'`)
      .replace("'https://certitude.example.com'", `'${baseUrl}'`);
    expect(source).toContain(baseUrl);
    const dir = mkdtempSync(join(new URL('.', CLIENT).pathname, '.readme-'));
    const file = join(dir, 'example.ts');
    writeFileSync(file, source);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await import(pathToFileURL(file).href);
      const lines = log.mock.calls.map((c) => String(c[0]));
      expect(lines[0]).toMatch(/^AWS Certified Solutions Architect .*\(SAA-C0\d\): \d+ up, \d+ ratings$/);
      expect(lines[1]).toBe('again: 304');
      // The files' URLs are on the site's public address (PUBLIC_URL).
      const records = (await t.app.services.certifications.list()).length;
      expect(lines.slice(2)).toEqual([
        expect.stringMatching(`^certifications\\.jsonl\\.gz: ${records} records, ${t.config.publicUrl}/data/`),
        expect.stringMatching(`^certifications\\.csv: ${records} records, ${t.config.publicUrl}/data/`),
      ]);
    } finally {
      log.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs calls with a token and reads the rate limit they report', async () => {
    const member = await signedIn(t, 'USER', { createdAt: new Date('2020-01-01T00:00:00Z') });
    const token = member.headers.authorization.slice('Bearer '.length);
    const client = createCertitudeClient({ baseUrl, token: () => token });
    const { data: profile } = await client.GET('/api/user/profile');
    expect(profile?.username).toBe(member.user.username);
    const { response } = await client.POST('/api/vote/{type}/{id}/upvote', {
      params: { path: { type: 'certification', id: 'aws-certified-cloud-practitioner' } },
    });
    expect(response.status).toBe(200);
    expect(rateLimitOf(response)).toEqual({ limit: 30, remaining: 29, resetSeconds: 60, retryAfterSeconds: undefined });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const { response: list } = await createCertitudeClient({ baseUrl }).GET('/api/certification');
    expect(list.headers.get('access-control-allow-origin')).toBe('*');
    expect(rateLimitOf(list)).toBeUndefined();
  });
});
