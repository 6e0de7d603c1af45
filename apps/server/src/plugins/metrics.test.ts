import { createServer } from 'node:net';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { MSG } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../mail/outbox.repository.js';
import { buildInstance } from '../../test/app.js';
import { createTestDatabase, TEST_DATABASE_KIND, type TestDatabase } from '../../test/database.js';
import { buildCertification, buildUser } from '../../test/factories.js';

/** A port where nothing listens: the SMTP server that is down. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const TOKEN = 'scraper-token-of-forty-characters-long!!';

let db: TestDatabase;
let app: Awaited<ReturnType<typeof buildInstance>>['app'];
let off: Awaited<ReturnType<typeof buildInstance>>['app'];

beforeAll(async () => {
  db = await createTestDatabase();
  const smtp = `smtp://127.0.0.1:${await closedPort()}`;
  ({ app } = await buildInstance(db, {
    METRICS: 'true',
    METRICS_TOKEN: TOKEN,
    SMTP_URL: smtp,
    MAIL_WORKER_INTERVAL_MS: '0',
  }));
  ({ app: off } = await buildInstance(db, { MAIL_WORKER_INTERVAL_MS: '0' }));
});
afterAll(async () => {
  await app.close();
  await off.close();
  await db.destroy();
});

/**
 * The families of a scrape. parse-prometheus-text-format folds the series of a labelled histogram into one
 * (it keeps only unlabelled ones apart), so the histogram is read a second time without its TYPE line: its
 * _bucket, _count and _sum series then come out one by one with their labels.
 */
async function scrape(): Promise<Map<string, PrometheusFamily>> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  const families = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
  expect(families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
  const untyped = res.body.replace(/^# TYPE http_request_duration_seconds histogram\n/m, '');
  // Each run of lines of one name comes out as a family of its own: they are gathered by name.
  for (const f of parsePrometheusTextFormat(untyped)) {
    if (!f.name.startsWith('http_request_duration_seconds_')) continue;
    const seen = families.get(f.name);
    if (seen) seen.metrics.push(...f.metrics);
    else families.set(f.name, f);
  }
  return families;
}

/** One series of the request duration histogram: its count and its bucket counts by upper bound. */
function durationSeries(m: Map<string, PrometheusFamily>, route: string, status: string) {
  const match = (s: { labels?: Record<string, string> }) =>
    s.labels?.route === route && s.labels?.status_code === status;
  const count = m.get('http_request_duration_seconds_count')?.metrics.find(match)?.value;
  const buckets = Object.fromEntries(
    (m.get('http_request_duration_seconds_bucket')?.metrics ?? [])
      .filter(match)
      .map((s) => [s.labels!.le!, Number(s.value)]),
  );
  return { count: count === undefined ? undefined : Number(count), buckets };
}

describe('GET /metrics', () => {
  it('is off unless METRICS=true', async () => {
    const res = await off.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });

  it('answers only to the bearer token of METRICS_TOKEN', async () => {
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, message: MSG.metricsTokenRequired });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    // A member's own access token opens nothing either.
    const member = await buildUser(db.db);
    const token = await app.accessTokens.sign({ userId: member.id, username: member.username, role: 'USER' });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, in flight, database, outbox, mail failures and 429s', async () => {
    const cert = await buildCertification(db.db);
    const member = await buildUser(db.db, { createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const token = await app.accessTokens.sign({ userId: member.id, username: member.username, role: 'USER' });
    expect((await app.inject({ method: 'GET', url: `/api/certification/${cert.id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/certification/999999' })).statusCode).toBe(404);
    // Two comments inside the posting interval: the second is refused by the rate limit.
    const post = () =>
      app.inject({
        method: 'POST',
        url: `/api/certification/${cert.id}/comments`,
        headers: { authorization: `Bearer ${token}` },
        payload: { content: 'Worth it for the networking part.' },
      });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(429);
    // A mail to an SMTP server that is down: one failed attempt, retried later, so still pending.
    await enqueueMail(db.db, {
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
      kind: 'verify-email',
    });
    const run = await app.services.mail.runOnce();
    expect(run.retried).toBeGreaterThanOrEqual(1);

    const m = await scrape();
    expect(durationSeries(m, '/api/certification/:id', '200').count).toBe(1);
    expect(durationSeries(m, '/api/certification/:id', '404').count).toBe(1);
    expect(durationSeries(m, '/api/certification/:id/comments', '429').count).toBe(1);
    expect(durationSeries(m, '/api/certification/:id/comments', '201').count).toBe(1);
    const buckets = durationSeries(m, '/api/certification/:id', '200').buckets;
    expect(buckets['+Inf']).toBe(1);
    expect(buckets['15']).toBe(1);
    expect(buckets['0.001']).toBeLessThanOrEqual(1);
    // Paths are never labels: the route pattern is.
    expect(m.get('http_request_duration_seconds_count')!.metrics.some((s) => s.labels?.route?.includes('999999'))).toBe(
      false,
    );

    // The scrape itself is the request in flight.
    expect(m.get('http_requests_in_flight')!.metrics[0]!.value).toBe('1');
    const connections = m.get('certitude_db_connections')!.metrics;
    expect(connections.map((s) => s.labels?.state).sort()).toEqual(['idle', 'total']);
    expect(Number(connections.find((s) => s.labels?.state === 'total')!.value)).toBeGreaterThanOrEqual(1);
    expect(Number(m.get('certitude_db_waiting_queries')!.metrics[0]!.value)).toBe(0);
    expect(Number(m.get('certitude_outbox_pending')!.metrics[0]!.value)).toBeGreaterThanOrEqual(1);
    expect(Number(m.get('certitude_outbox_oldest_pending_age_seconds')!.metrics[0]!.value)).toBeGreaterThan(0);
    const failures = m.get('certitude_mail_send_failures_total')!.metrics;
    expect(failures).toContainEqual({
      value: String(run.retried),
      labels: { outcome: 'retried', kind: 'verify-email' },
    });
    expect(m.get('certitude_rate_limit_rejections_total')!.metrics).toContainEqual({
      value: '1',
      labels: { rule: 'comment-post' },
    });
    expect(m.get('certitude_db_connections')!.help).toContain(TEST_DATABASE_KIND);
    // Process figures of the default collectors.
    expect(Number(m.get('process_cpu_user_seconds_total')!.metrics[0]!.value)).toBeGreaterThan(0);
    expect(Number(m.get('process_resident_memory_bytes')!.metrics[0]!.value)).toBeGreaterThan(10 * 2 ** 20);
    expect(m.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('the scrape itself is counted by the next one, under its own pattern', async () => {
    const m = await scrape();
    expect(durationSeries(m, '/metrics', '200').count).toBeGreaterThanOrEqual(1);
  });
});
