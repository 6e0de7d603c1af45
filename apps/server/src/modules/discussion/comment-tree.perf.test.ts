import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DATABASE_KIND } from '../../../test/database.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { comments } from '../../db/schema/index.js';
import { flatten } from '../../../test/support/discussion.js';

/**
 * A busy discussion: 5,000 comments on one certification, 2,000 threads nested up to the depth limit, read in
 * one query. How fast it answers is measured by bench/scale.mjs against its seeded size, not asserted here.
 */
const PER_DEPTH = [2000, 1500, 1000, 500];
const TOTAL = PER_DEPTH.reduce((a, b) => a + b, 0);

let t: TestApp;
let certId: number;

const words = 'exam practice labs passed study guide domain scenario questions renewal cloud security'.split(' ');
function text(i: number): string {
  const n = 8 + (i % 40);
  return Array.from({ length: n }, (_, k) => words[(i * 7 + k) % words.length]).join(' ');
}

beforeAll(async () => {
  t = await buildTestApp();
  const cert = await buildCertification(t.db.db);
  certId = cert.id;
  const authors = await Promise.all(Array.from({ length: 50 }, () => buildUser(t.db.db)));
  const start = Date.UTC(2024, 0, 1);
  let made = 0;
  let parents: number[] = [];
  for (const [depth, count] of PER_DEPTH.entries()) {
    const values = Array.from({ length: count }, (_, i) => {
      const n = made + i;
      return {
        certificationId: cert.id,
        userId: authors[n % authors.length]!.id,
        parentId: depth === 0 ? null : parents[(i * 13) % parents.length]!,
        depth,
        content: text(n),
        isEdited: n % 17 === 0,
        createdAt: new Date(start + n * 60_000),
        updatedAt: new Date(start + n * 60_000),
      };
    });
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += 500) {
      const rows = await t.db.db
        .insert(comments)
        .values(values.slice(i, i + 500))
        .returning({ id: comments.id });
      ids.push(...rows.map((r) => r.id));
    }
    made += count;
    parents = ids;
  }
}, 180_000);
afterAll(() => t.close());

describe(`reading a discussion of ${TOTAL} comments (${TEST_DATABASE_KIND})`, () => {
  it('is one query for the comments, however many there are', async () => {
    const select = vi.spyOn(t.db.db, 'select');
    const execute = vi.spyOn(t.db.db, 'execute');
    const res = await t.app.inject({ method: 'GET', url: `/api/certification/${certId}/comments` });
    expect(res.statusCode).toBe(200);
    // One query for the certification's visibility, one for every comment of it.
    expect(select.mock.calls.length + execute.mock.calls.length).toBe(2);
    select.mockRestore();
    execute.mockRestore();
    const tree = res.json();
    expect(tree).toHaveLength(PER_DEPTH[0]!);
    expect(flatten(tree)).toHaveLength(TOTAL);
  });
});
