import { brotliDecompressSync } from 'node:zlib';
import { parseFeed } from '@rowanmanning/feed-parser';
import { FEED_TITLES, type Article, type Certification } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { buildRole, call, type Member } from '../../../test/support/moderation.js';
import { certifications } from '../../db/schema/index.js';
import { FEED_ENTRIES_MAX } from './feeds.service.js';

const SITE = 'http://certitude.test';
const CERTIFICATIONS = '/feeds/certifications.atom';
const ARTICLES = '/feeds/articles.atom';

let t: TestApp;
let member: Member;
let moderator: Member;

// A database without the seeded catalogue: the feeds hold only what these tests add.
beforeAll(async () => {
  t = await buildTestApp();
  member = await buildRole(t, 'USER');
  moderator = await buildRole(t, 'MODERATOR');
});
afterAll(() => t.close());

async function read(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** The feed as a feed reader sees it, after checking the answer's headers. */
async function readFeed(url: string) {
  const res = await read(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  const feed = parseFeed(res.body);
  expect(feed.meta.type).toBe('atom');
  return { res, feed };
}

let seq = 0;
async function submit(by: Member, over: Partial<Record<'name' | 'certCode' | 'vendor' | 'description', string>> = {}) {
  seq++;
  const res = await call(t, by, 'POST', '/api/certification', {
    name: `Feed Certification ${seq}`,
    certCode: `FC-${seq}`,
    vendor: 'Feed Vendor',
    description: 'A certification for the **feed** tests, see [the guide](https://example.com/guide).',
    url: 'https://example.com/feed',
    ...over,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Certification;
}

async function approve(id: number): Promise<Certification> {
  const res = await call(t, moderator, 'POST', `/api/admin/certification/${id}/approve`);
  expect(res.statusCode).toBe(200);
  return res.json() as Certification;
}

describe('GET /feeds/certifications.atom', () => {
  it('is an Atom feed with its title, id, links and a fixed time while it is empty', async () => {
    const { res, feed } = await readFeed(CERTIFICATIONS);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/,
    );
    expect(feed.title).toBe('Certitude: new certifications');
    expect(feed.title).toBe(FEED_TITLES.certifications);
    expect(feed.self).toBe(`${SITE}/feeds/certifications.atom`);
    expect(feed.url).toBe(`${SITE}/`);
    expect(feed.items).toEqual([]);
    expect(feed.updated?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(res.body).toContain('<id>tag:certitude.test,2024:feeds/certifications</id>');
    expect(feed.authors.map((a) => a.name)).toEqual(['Certitude']);
  });

  it('leaves out a pending certification, and holds it as soon as a moderator approves it', async () => {
    const pending = await submit(member, {
      name: 'Pending Feed Certification',
      certCode: 'PF-1',
      vendor: 'Acme Cloud',
      description: '## Overview\n\nProves **skills** in [Acme](https://acme.example) clouds.\n\n- one\n- two',
    });
    expect(pending.status).toBe('PENDING');
    expect((await readFeed(CERTIFICATIONS)).feed.items.map((i) => i.title)).not.toContain(
      'Pending Feed Certification (PF-1)',
    );

    const approved = await approve(pending.id);
    const { feed } = await readFeed(CERTIFICATIONS);
    const entry = feed.items[0]!;
    expect(entry.title).toBe('Pending Feed Certification (PF-1)');
    expect(entry.url).toBe(`${SITE}/certification/${approved.slug}`);
    expect(approved.slug).toBe('pending-feed-certification');
    expect(entry.id).toBe(`tag:certitude.test,2024:certification/${approved.id}`);
    expect(entry.description).toBe('Overview Proves skills in Acme clouds. one two');
    expect(entry.categories.map((c) => c.term)).toEqual(['Acme Cloud']);
    expect(entry.authors.map((a) => a.name)).toEqual(['Certitude']);
    expect(entry.published).toBeInstanceOf(Date);
    expect(entry.updated!.getTime()).toBeGreaterThanOrEqual(entry.published!.getTime());
    // The feed's time is its newest entry's.
    expect(feed.updated!.getTime()).toBe(Math.max(...feed.items.map((i) => i.updated!.getTime())));
  });

  it('orders by approval time: an old submission approved now comes before one approved at once yesterday', async () => {
    const now = Date.now();
    const yesterday = await buildCertification(t.db.db, {
      name: 'Approved Yesterday',
      certCode: 'AY-1',
      createdAt: new Date(now - 86_400_000),
      updatedAt: new Date(now - 86_400_000),
    });
    const old = await buildCertification(t.db.db, {
      name: 'Submitted Long Ago',
      certCode: 'SL-1',
      status: 'PENDING',
      createdAt: new Date(now - 30 * 86_400_000),
      updatedAt: new Date(now - 30 * 86_400_000),
    });
    await approve(old.id);
    const { feed } = await readFeed(CERTIFICATIONS);
    const titles = feed.items.map((i) => i.title);
    expect(titles[0]).toBe('Submitted Long Ago (SL-1)');
    expect(titles.indexOf('Approved Yesterday (AY-1)')).toBeGreaterThan(0);
    const entry = feed.items.find((i) => i.title === 'Approved Yesterday (AY-1)')!;
    expect(entry.published!.toISOString()).toBe(yesterday.createdAt.toISOString());
    const dates = feed.items.map((i) => i.published!.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('escapes names and descriptions, which come back to a reader as they were written', async () => {
    const name = `Tom & Jerry's <b>Bold</b> "Quoted" <&>"`;
    const description = 'Ends the feed early? </summary></entry></feed> <script>alert(1)</script> & more\u0007 text';
    const cert = await submit(moderator, { name, certCode: 'X&<>"1', vendor: 'R&D <Labs>', description });
    expect(cert.status).toBe('APPROVED');
    const { res, feed } = await readFeed(CERTIFICATIONS);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('\u0007');
    expect(res.body).toContain('Tom &amp; Jerry&apos;s &lt;b&gt;Bold&lt;/b&gt; &quot;Quoted&quot; &lt;&amp;&gt;&quot;');
    expect(res.body.match(/<\/feed>/g)).toHaveLength(1);
    const entry = feed.items[0]!;
    expect(entry.title).toBe(`${name} (X&<>"1)`);
    expect(entry.description).toBe(
      'Ends the feed early? </summary></entry></feed> <script>alert(1)</script> & more text',
    );
    expect(entry.categories.map((c) => c.term)).toEqual(['R&D <Labs>']);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once a certification is approved', async () => {
    const first = await read(CERTIFICATIONS);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['last-modified']).toBe(new Date(parseFeed(first.body).updated!).toUTCString());
    // The same revalidation as the public list's.
    const list = await read('/api/certification');
    expect(first.headers['cache-control']).toBe(list.headers['cache-control']);
    expect(first.headers['cache-control']).toBe('no-cache');

    for (const ifNoneMatch of [etag, etag.slice(2), `"stale", ${etag}`, '*']) {
      const again = await read(CERTIFICATIONS, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    expect((await read(CERTIFICATIONS, { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);

    const pending = await submit(member, { name: 'Revalidated Certification', certCode: 'RV-1' });
    expect((await read(CERTIFICATIONS, { 'if-none-match': etag })).statusCode).toBe(304);
    await approve(pending.id);
    const changed = await read(CERTIFICATIONS, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseFeed(changed.body).items[0]!.title).toBe('Revalidated Certification (RV-1)');
  });

  it(`holds the newest ${FEED_ENTRIES_MAX} certifications only`, async () => {
    const base = Date.now() - 60 * 86_400_000;
    await t.db.db.insert(certifications).values(
      Array.from({ length: FEED_ENTRIES_MAX + 5 }, (_, i) => ({
        slug: `bulk-feed-certification-${i}`,
        name: `Bulk Feed Certification ${i}`,
        certCode: `BF-${i}`,
        vendor: 'Bulk Vendor',
        description: 'One of many.',
        status: 'APPROVED' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    // Written past the services, as an operator's command writes: the kept feed learns of it with the list.
    t.app.services.changes.announce({ kind: 'catalogue' });
    const { feed } = await readFeed(CERTIFICATIONS);
    expect(feed.items).toHaveLength(FEED_ENTRIES_MAX);
    expect(feed.items[0]!.title).toBe('Revalidated Certification (RV-1)');
  });
});

describe('the certifications feed kept in memory, as the public list is', () => {
  it('is the same document until the list is dropped, then holds what changed', async () => {
    const kept = await read(CERTIFICATIONS);
    // Written past the services: nothing drops the list, so the kept feed is answered as it was.
    await buildCertification(t.db.db, { name: 'Written Directly', certCode: 'WD-1' });
    const again = await read(CERTIFICATIONS);
    expect(again.body).toBe(kept.body);
    expect(again.headers.etag).toBe(kept.headers.etag);

    t.app.services.changes.announce({ kind: 'catalogue' });
    const { res, feed } = await readFeed(CERTIFICATIONS);
    expect(feed.items[0]!.title).toBe('Written Directly (WD-1)');
    expect(res.headers.etag).not.toBe(kept.headers.etag);
  });

  it('is read live while the list’s cache cannot be trusted (its Redis subscriber away)', async () => {
    const service = t.app.services.certifications;
    const bus = service.bus;
    await read(CERTIFICATIONS);
    service.bus = { canCache: false };
    try {
      await buildCertification(t.db.db, { name: 'Read Live', certCode: 'RL-1' });
      expect((await readFeed(CERTIFICATIONS)).feed.items[0]!.title).toBe('Read Live (RL-1)');
    } finally {
      service.bus = bus;
    }
  });

  it('is sent compressed as the same bytes to every reader that accepts it', async () => {
    const plain = await read(CERTIFICATIONS);
    const compressed = await read(CERTIFICATIONS, { 'accept-encoding': 'br' });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('GET /feeds/articles.atom', () => {
  const article = async (over: Record<string, unknown>) => {
    const res = await call(t, moderator, 'POST', '/api/articles', {
      summary: 'What our members learned.',
      content: '## Notes\n\nStudy every day.',
      ...over,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Article;
  };

  it('lists the published articles newest first, with their authors, and no drafts', async () => {
    const { feed: empty } = await readFeed(ARTICLES);
    expect(empty.items).toEqual([]);
    expect(empty.title).toBe('Certitude: articles');

    const older = await article({ title: 'Older & wiser', slug: 'older-and-wiser', summary: 'A <first> look.' });
    const draft = await article({ title: 'Still a draft', slug: 'still-a-draft', published: false });
    const newer = await article({ title: 'Newer article', slug: 'newer-article' });

    const { feed } = await readFeed(ARTICLES);
    expect(feed.title).toBe(FEED_TITLES.articles);
    expect(feed.self).toBe(`${SITE}/feeds/articles.atom`);
    expect(feed.url).toBe(`${SITE}/articles`);
    expect(feed.items.map((i) => i.title)).toEqual(['Newer article', 'Older & wiser']);
    const [first, second] = feed.items;
    expect(first!.url).toBe(`${SITE}/articles/newer-article`);
    expect(first!.id).toBe(`tag:certitude.test,2024:article/${newer.id}`);
    expect(second!.description).toBe('A <first> look.');
    expect(second!.authors.map((a) => a.name)).toEqual([moderator.username]);
    expect(second!.published!.toISOString()).toBe(older.publishedAt);
    expect(feed.items.map((i) => i.url)).not.toContain(`${SITE}/articles/still-a-draft`);

    // Publishing the draft puts it in the next answer, with a new ETag.
    const etag = (await read(ARTICLES)).headers.etag as string;
    expect((await read(ARTICLES, { 'if-none-match': etag })).statusCode).toBe(304);
    const published = await call(t, moderator, 'PUT', `/api/articles/${draft.id}`, {
      title: draft.title,
      summary: draft.summary,
      content: 'Finished.',
      published: true,
    });
    expect(published.statusCode).toBe(200);
    const after = await read(ARTICLES, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(parseFeed(after.body).items[0]!.title).toBe('Still a draft');
  });
});
