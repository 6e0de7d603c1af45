import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../../db/schema/index.js';
import { buildAccountsApp, createMember, unique, type AccountsTestApp } from '../../../test/support/accounts.js';

let t: AccountsTestApp;
let base: string;
beforeAll(async () => {
  t = await buildAccountsApp({ TRUST_PROXY: 'true' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const ROUNDS = 21;
/** How long each reset token's write is held up in the forgot-password test. */
const TOKEN_WRITE_MS = 300;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The client runs in a process of its own, as a remote one would: in this process its reading of the
 * answer would wait for whatever the server does after answering (with PGlite, in this very thread).
 * Each request comes from its own address (no rate limit interferes) and 100 ms after the previous answer.
 */
const CLIENT = `
const [base, list] = [process.argv[1], JSON.parse(process.argv[2])];
const out = [];
for (const [i, r] of list.entries()) {
  await new Promise((s) => setTimeout(s, 100));
  const start = performance.now();
  const res = await fetch(base + r.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.' + Math.floor(i / 250) + '.' + (i % 250) },
    body: JSON.stringify(r.body),
  });
  await res.text();
  out.push([res.status, performance.now() - start]);
}
console.log(JSON.stringify(out));
`;

async function timeFromOutside(requests: { path: string; body: unknown }[]): Promise<[number, number][]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    CLIENT,
    base,
    JSON.stringify(requests),
  ]);
  return JSON.parse(stdout) as [number, number][];
}

describe('no account enumeration through timing', () => {
  it('an unknown username takes about as long to refuse as a wrong password (both verify an argon2id hash)', async () => {
    const members = await Promise.all(Array.from({ length: ROUNDS + 1 }, () => createMember(t.db.db)));
    // Interleaved, so that load on the machine weighs on both alike; the first pair warms up.
    const results = await timeFromOutside(
      members.flatMap((m) => [
        { path: '/auth/login', body: { username: `ghost_${unique()}`, password: 'Wrong-pass-1' } },
        { path: '/auth/login', body: { username: m.username, password: 'Wrong-pass-1' } },
      ]),
    );
    expect(results.every(([status]) => status === 401)).toBe(true);
    const u = median(results.filter((_, i) => i % 2 === 0 && i > 1).map(([, ms]) => ms));
    const w = median(results.filter((_, i) => i % 2 === 1 && i > 1).map(([, ms]) => ms));
    console.info(
      `login timing (median of ${ROUNDS}): unknown user ${u.toFixed(1)} ms, wrong password ${w.toFixed(1)} ms`,
    );
    // Without the dummy hash an unknown name is refused in about a millisecond, a wrong password in tens.
    expect(u / w).toBeGreaterThan(0.5);
    expect(u / w).toBeLessThan(2);
  });

  it('forgot-password answers a known address without waiting for its reset token to be written (mail leaves later)', async () => {
    const members = await Promise.all(Array.from({ length: ROUNDS + 1 }, () => createMember(t.db.db)));
    // Every reset token's write takes TOKEN_WRITE_MS. Had the answer waited for it, a known address would be
    // answered that much later than an unknown one; written after the answer, it is not. (On PGlite the wait
    // holds the server's one thread, and so delays the next request instead: the unknown address after it.)
    await t.db.db.execute(
      sql.raw(`create function slow_token_write() returns trigger language plpgsql as $$
        begin perform pg_sleep(${TOKEN_WRITE_MS / 1000}); return new; end $$`),
    );
    await t.db.db.execute(
      sql.raw(
        'create trigger slow_token_write before insert on email_tokens for each row execute function slow_token_write()',
      ),
    );
    try {
      const results = await timeFromOutside(
        members.flatMap((m) => [
          { path: '/auth/forgot-password', body: { email: m.email } },
          { path: '/auth/forgot-password', body: { email: `n_${unique()}@example.org` } },
        ]),
      );
      expect(results.every(([status]) => status === 200)).toBe(true);
      const k = median(results.filter((_, i) => i % 2 === 0 && i > 1).map(([, ms]) => ms));
      const u = median(results.filter((_, i) => i % 2 === 1 && i > 1).map(([, ms]) => ms));
      console.info(
        `forgot-password timing (median of ${ROUNDS}, token writes held ${TOKEN_WRITE_MS} ms): known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`,
      );
      expect(k).toBeLessThan(TOKEN_WRITE_MS / 2);
      await t.app.services.accounts.settle();
      // The tokens were written all the same, one per known address.
      const [row] = await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailTokens)
        .where(eq(emailTokens.purpose, 'RESET_PASSWORD'));
      expect(row!.n).toBe(ROUNDS + 1);
    } finally {
      await t.db.db.execute(sql.raw('drop trigger slow_token_write on email_tokens'));
      await t.db.db.execute(sql.raw('drop function slow_token_write()'));
    }
  });
});
