import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  OPEN_DATA_KEEP_DAYS,
  OPEN_DATA_TEXT,
  openDataCertificationSchema,
  type Certification,
  type OpenDataIndex,
} from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildInstance, buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';
import { users } from '../../db/schema/index.js';
import { csvField } from './open-data-files.js';

const DAY = 24 * 60 * 60 * 1000;
/** The app's clock: a test moves it a day at a time. */
let clock = Date.parse('2031-05-10T03:00:00Z');
let t: TestApp;
let raters: Member[];

const OLD_ACCOUNT = { createdAt: new Date('2030-01-01T00:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  raters = [];
  // Members whose names and addresses must not reach the dump: they submit, rate, review, comment and vote.
  for (let i = 0; i < 3; i++) {
    raters.push(
      await signedIn(t, 'USER', {
        ...OLD_ACCOUNT,
        username: `private_member_${i}`,
        email: `private.member.${i}@secret-mail.example`,
      }),
    );
  }
  const submitter = raters[0]!.user;
  const quoted = await buildCertification(t.db.db, {
    name: 'Cloud "Pro", Associate',
    description: 'Two lines,\nwith a comma',
    submittedById: submitter.id,
  });
  await buildCertification(t.db.db, { submittedById: raters[1]!.user.id, status: 'PENDING', name: 'Not yet public' });
  for (const [i, r] of raters.entries()) {
    const rated = await t.app.inject({
      method: 'PUT',
      url: `/api/certification/${quoted.id}/rating`,
      headers: r.headers,
      payload: { difficulty: 3 + (i % 2), value: 4, recognition: 5, review: `Review by ${r.user.username}` },
    });
    expect(rated.statusCode).toBe(200);
    const voted = await t.app.inject({
      method: 'POST',
      url: `/api/vote/certification/${quoted.id}/upvote`,
      headers: r.headers,
    });
    expect(voted.statusCode).toBe(200);
  }
  const commented = await t.app.inject({
    method: 'POST',
    url: `/api/certification/${quoted.id}/comments`,
    headers: raters[2]!.headers,
    payload: { content: `Signed, ${raters[2]!.user.username}` },
  });
  expect(commented.statusCode).toBe(201);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const pathOf = (url: string) => new URL(url).pathname;

async function index(): Promise<OpenDataIndex> {
  const res = await get('/data/index.json');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function download(name: string): Promise<{ bytes: Buffer; text: string }> {
  const file = (await index()).files.find((f) => f.name === name)!;
  const res = await get(pathOf(file.url));
  expect(res.statusCode).toBe(200);
  const bytes = res.rawPayload;
  return { bytes, text: name.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8') };
}

describe('GET /data/index.json', () => {
  it('lists both files under CC BY-SA 4.0, with their size, SHA-256 and record count, as served', async () => {
    const idx = await index();
    expect(idx.license).toBe('CC-BY-SA-4.0');
    expect(idx.generatedAt).toBe(new Date(clock).toISOString());
    expect(idx.files.map((f) => f.name)).toEqual(['certifications.jsonl.gz', 'certifications.csv']);
    const approved = ((await get('/api/certification')).json() as Certification[]).length;
    for (const file of idx.files) {
      expect(file.url).toBe(`${t.config.publicUrl}/data/2031-05-10/${file.name}`);
      expect(file.records).toBe(approved);
      const served = (await get(pathOf(file.url))).rawPayload;
      expect(file.bytes).toBe(served.length);
      expect(file.sha256).toBe(createHash('sha256').update(served).digest('hex'));
    }
  });

  it('answers 304 to its ETag, and is cached briefly while the dated files are immutable', async () => {
    const first = await get('/data/index.json');
    expect(first.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const again = await get('/data/index.json', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const file = (first.json() as OpenDataIndex).files[0]!;
    const res = await get(pathOf(file.url));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers.etag).toBe(`"${file.sha256}"`);
    expect((await get(pathOf(file.url), { 'if-none-match': `"${file.sha256}"` })).statusCode).toBe(304);
  });

  it('answers 404 for a day or a file it does not have', async () => {
    const missing = await get('/data/2020-01-01/certifications.csv');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(OPEN_DATA_TEXT.fileNotFound);
    expect((await get('/data/2031-05-10/users.csv')).statusCode).toBe(400);
  });
});

describe('certifications.jsonl.gz', () => {
  it('holds every approved certification as the public API presents it, the submitter left out', async () => {
    const { text } = await download('certifications.jsonl.gz');
    const lines = text.trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const api = (await get('/api/certification')).json() as Certification[];
    expect(records).toEqual(api.map(({ submittedById: _, ...rest }) => rest));
    for (const r of records) {
      expect(openDataCertificationSchema.strict().safeParse(r).success).toBe(true);
      expect(r).not.toHaveProperty('submittedById');
    }
    const quoted = records.find((r) => r.name === 'Cloud "Pro", Associate')!;
    expect(quoted).toMatchObject({
      upvoteCount: 3,
      ratingCount: 3,
      value: 4,
      recognition: 5,
      lifecycle: 'ACTIVE',
      commentCount: 1,
    });
    expect(records.some((r) => r.name === 'Not yet public')).toBe(false);
  });
});

describe('certifications.csv', () => {
  it('has a header and a row per certification, quoted as RFC 4180 says', async () => {
    const { text } = await download('certifications.csv');
    const rows = text.split('\r\n');
    expect(rows.pop()).toBe('');
    expect(rows[0]!.split(',').slice(0, 5)).toEqual(['id', 'slug', 'name', 'certCode', 'vendor']);
    expect(rows.length - 1).toBe(((await get('/api/certification')).json() as Certification[]).length);
    expect(text).toContain(',"Cloud ""Pro"", Associate",');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField(['x', 'y'])).toBe('x; y');
    expect(csvField(null)).toBe('');
  });
});

describe('privacy', () => {
  it('no file holds any member’s username or email address', async () => {
    const members = await t.db.db.select({ username: users.username, email: users.email }).from(users);
    expect(members.length).toBeGreaterThanOrEqual(3);
    const files = [
      JSON.stringify(await index()),
      (await download('certifications.jsonl.gz')).text,
      (await download('certifications.csv')).text,
    ];
    for (const file of files) {
      for (const m of members) {
        expect(file).not.toContain(m.username);
        if (m.email) expect(file).not.toContain(m.email);
      }
    }
  });
});

describe('building', () => {
  it('builds each day aside, renames it whole, and keeps the last seven days', async () => {
    const root = join(t.config.dataDir, 'dumps');
    // A build interrupted by a crash left a folder aside: the next build removes it.
    mkdirSync(join(root, '.building-2031-05-09-dead'));
    for (let i = 0; i < OPEN_DATA_KEEP_DAYS + 2; i++) {
      clock += DAY;
      await t.app.services.openData.ensureToday();
    }
    const folders = readdirSync(root).sort();
    expect(folders).toHaveLength(OPEN_DATA_KEEP_DAYS);
    expect(folders.at(-1)).toBe(new Date(clock).toISOString().slice(0, 10));
    expect(folders.every((f) => /^\d{4}-\d{2}-\d{2}$/.test(f))).toBe(true);
    expect(readdirSync(join(root, folders[0]!)).sort()).toEqual([
      'certifications.csv',
      'certifications.jsonl.gz',
      'manifest.json',
    ]);
    const idx = await index();
    expect(idx.generatedAt).toBe(new Date(clock).toISOString());
    // A day no longer kept is gone, its files too.
    expect(existsSync(join(root, '2031-05-10'))).toBe(false);
    expect((await get('/data/2031-05-10/certifications.csv')).statusCode).toBe(404);
  });
});

describe('at start', () => {
  it('a server whose DATA_DIR has no dump builds today’s as it starts', async () => {
    const other = await buildInstance(t.db, { OPEN_DATA_INTERVAL_MS: '3600000' }, undefined, () => new Date(clock));
    try {
      const manifest = join(other.config.dataDir, 'dumps', new Date(clock).toISOString().slice(0, 10), 'manifest.json');
      await vi.waitFor(() => expect(existsSync(manifest)).toBe(true), { timeout: 20_000, interval: 20 });
    } finally {
      await other.app.close();
    }
  });
});
