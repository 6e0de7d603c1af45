import type { Comment } from '@certitude/shared';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';

// The whole list and a whole discussion are kept compressed (lib/precompressed.ts) until the catalogue or the
// discussion changes: a client that accepts brotli or gzip must see a vote, an edit or a comment on its next request.
let t: TestApp;
let member: Member;
let moderator: Member;
beforeAll(async () => {
  t = await buildTestApp();
  member = await signedIn(t, 'USER', { createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
  moderator = await signedIn(t, 'MODERATOR');
});
afterAll(() => t.close());

const ENCODINGS = [
  ['br', brotliDecompressSync],
  ['gzip', gunzipSync],
] as const;

async function compressedList(encoding: 'br' | 'gzip', etag?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/certification',
    headers: { 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  return res;
}

const listed = (res: Awaited<ReturnType<typeof compressedList>>, decode: (b: Buffer) => Buffer, id: number) => {
  expect(res.statusCode).toBe(200);
  const list = JSON.parse(decode(res.rawPayload).toString('utf8')) as {
    id: number;
    name: string;
    upvoteCount: number;
  }[];
  return list.find((c) => c.id === id);
};

describe('the whole list, kept compressed', () => {
  it('shows a vote on the next request in each encoding, under a new ETag', async () => {
    const cert = await buildCertification(t.db.db);
    t.app.services.changes.announce({ kind: 'catalogue' });
    const before = { br: await compressedList('br'), gzip: await compressedList('gzip') };
    for (const [e, decode] of ENCODINGS) expect(listed(before[e], decode, cert.id)?.upvoteCount).toBe(0);
    // Held copies answer 304 while nothing changed.
    expect((await compressedList('br', before.br.headers.etag as string)).statusCode).toBe(304);

    const voted = await t.app.inject({
      method: 'POST',
      url: `/api/vote/certification/${cert.id}/upvote`,
      headers: member.headers,
    });
    expect(voted.statusCode).toBe(200);
    for (const [e, decode] of ENCODINGS) {
      const after = await compressedList(e, before[e].headers.etag as string);
      expect(after.headers.etag).not.toBe(before[e].headers.etag);
      expect(listed(after, decode, cert.id)?.upvoteCount).toBe(1);
    }
  });

  it('shows an applied revision on the next request', async () => {
    const cert = await buildCertification(t.db.db);
    // Written past the server, as the factories do: announced as the services announce their writes.
    t.app.services.changes.announce({ kind: 'catalogue' });
    const first = await compressedList('br');
    expect(listed(first, brotliDecompressSync, cert.id)?.name).toBe(cert.name);
    const revised = await t.app.inject({
      method: 'POST',
      url: `/api/certification/${cert.id}/revisions`,
      headers: moderator.headers,
      payload: { changes: { name: `${cert.name} (renamed)` }, summary: 'Its new name' },
    });
    expect(revised.json()).toMatchObject({ status: 'APPLIED' });
    for (const [e, decode] of ENCODINGS) {
      expect(listed(await compressedList(e), decode, cert.id)?.name).toBe(`${cert.name} (renamed)`);
    }
  });
});

describe('a whole discussion, kept compressed', () => {
  it('shows a new comment and an edit on the next request', async () => {
    const cert = await buildCertification(t.db.db);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/certification/${cert.id}/comments`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      return (JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as Comment[]).map((c) => c.content);
    };
    expect(await read()).toEqual([]);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/certification/${cert.id}/comments`,
      headers: member.headers,
      payload: { content: 'Passed it last week.' },
    });
    expect(posted.statusCode).toBe(201);
    expect(await read()).toEqual(['Passed it last week.']);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/comments/${(posted.json() as Comment).id}`,
      headers: member.headers,
      payload: { content: 'Passed it last month.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await read()).toEqual(['Passed it last month.']);
  });
});
