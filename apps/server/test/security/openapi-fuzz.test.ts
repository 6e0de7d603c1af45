/*
 * Property-based attack tests: every call of the OpenAPI document, as a visitor, a member and an admin,
 * with generated paths, queries, bodies and content types. Whatever arrives, the answer is never a 5xx,
 * and every 4xx has the error shape of docs/api.md#errors. Seed and runs: FUZZ_SEED, FUZZ_RUNS (arbitraries.ts).
 */
import type { Role } from '@certitude/shared';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../app.js';
import { FUZZ_RUNS, FUZZ_SEED, requestFor, type KnownValues } from './arbitraries.js';
import {
  buildAccount,
  buildArticle,
  buildCertification,
  buildComment,
  buildResource,
  expectErrorShape,
  freshIp,
  openApiOperations,
  type Member,
} from './support.js';
import { bearer } from '../factories.js';

const t = await buildTestApp();
afterAll(() => t.close());

const operations = await openApiOperations(t.app);
const known = await fixtures();

/** Rows the generated requests can hit: certifications (approved and pending), resources, comments, articles. */
async function fixtures(): Promise<KnownValues> {
  const db = t.db.db;
  const owner = await buildAccount(db);
  const approved = await buildCertification(db, { submittedById: owner.id });
  const pending = await buildCertification(db, { submittedById: owner.id, status: 'PENDING' });
  const resource = await buildResource(db, approved.id, { submittedById: owner.id });
  const pendingResource = await buildResource(db, approved.id, { submittedById: owner.id, status: 'PENDING' });
  const comment = await buildComment(db, approved.id, owner.id);
  const article = await buildArticle(db, { authorId: owner.id });
  return {
    ids: [approved.id, pending.id, resource.id, pendingResource.id, comment.id, article.id, owner.id, 1],
    slugs: [approved.slug, pending.slug, article.slug, 'google', 'github', 'certification', 'resource'],
  };
}

type Caller = 'visitor' | Extract<Role, 'USER' | 'ADMIN'>;
const CALLERS: Caller[] = ['visitor', 'USER', 'ADMIN'];

/** Answers per call and caller, for the summary and to prove the rate limiter hid nothing. */
const seen = new Map<string, Map<number, number>>();

function note(key: string, status: number) {
  const counts = seen.get(key) ?? new Map<number, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  seen.set(key, counts);
}

describe.each(CALLERS)('every call of the OpenAPI document, as %s', (caller) => {
  it.each(operations.map((op) => [op.key, op] as const))('%s: no 5xx, 4xx in the error shape', async (key, op) => {
    await fc.assert(
      fc.asyncProperty(requestFor(op, known), async (req) => {
        // A fresh account per run: per-account limits (votes, posts, submissions) never pile up across runs.
        const user: Member | undefined = caller === 'visitor' ? undefined : await buildAccount(t.db.db, caller);
        const res = await t.app.inject({
          method: op.method,
          url: req.url,
          headers: { ...req.headers, ...(await bearer(t.app, user)) },
          payload: req.payload,
          remoteAddress: freshIp(),
        });
        note(`${key} as ${caller}`, res.statusCode);
        expect(res.statusCode, req.label).toBeLessThan(500);
        if (res.statusCode >= 400) expectErrorShape(res, key);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    // Each call was reached, not only refused by a limiter.
    const counts = seen.get(`${key} as ${caller}`)!;
    expect(
      [...counts.keys()].some((s) => s !== 429),
      `${key} as ${caller}: only 429s`,
    ).toBe(true);
  });
});

it('covers a fixed number of calls of the document', () => {
  // The document grows with the API; this pins that the generator saw all of it.
  expect(operations.length).toBeGreaterThan(40);
  if (process.env.FUZZ_SUMMARY) {
    const lines = [...seen].map(
      ([key, counts]) =>
        `${key}: ${[...counts]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    console.log(`seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs per call and caller\n${lines.join('\n')}`);
  }
});
