import { createHash, timingSafeEqual } from 'node:crypto';
import { MSG } from '@certitude/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { notFound, unauthorized } from '../lib/errors.js';
import { outboxBacklog } from '../mail/outbox.repository.js';

/** From a millisecond to the client's 15 s timeout. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** The request carries `Authorization: Bearer <token>`; compared as digests, in constant time. */
function bearsToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics in Prometheus' text format when METRICS=true (404 otherwise), never cached, and only to the
 * scraper that sends METRICS_TOKEN as a bearer token (401 to anyone else): the figures name routes, pool sizes
 * and backlogs that help an attacker time one. Each app has its
 * own registry, so that several in one process (tests) do not mix their figures. Routes are labelled by their
 * pattern (/api/certification/:id), never by the path asked for, so that the label set stays bounded.
 */
async function metrics(app: FastifyInstance) {
  const settings = app.config.metrics;
  if (!settings) {
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw notFound(MSG.routeNotFound);
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests received and not answered yet',
    registers: [registry],
  });
  const database = app.database;
  new Gauge({
    name: 'certitude_db_connections',
    help: `Database connections by state (${database.kind}: PGlite is one session)`,
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = database.stats();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
    },
  });
  new Gauge({
    name: 'certitude_db_waiting_queries',
    help: "Queries waiting for a pooled connection (PostgreSQL) or for PGlite's single session",
    registers: [registry],
    collect() {
      this.set(database.stats().waiting);
    },
  });
  const backlog = async () => {
    try {
      return await outboxBacklog(database.db);
    } catch {
      return undefined; // the database is away: /readyz says so; the figures are left out
    }
  };
  // Read once per scrape, by whichever of the three gauges is collected first.
  let scrape: ReturnType<typeof backlog> | undefined;
  const outbox = () => (scrape ??= backlog().finally(() => setTimeout(() => (scrape = undefined), 0)));
  new Gauge({
    name: 'certitude_outbox_pending',
    help: 'Mail waiting in the outbox to be sent',
    registers: [registry],
    async collect() {
      const b = await outbox();
      if (b) this.set(b.pending);
    },
  });
  new Gauge({
    name: 'certitude_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when none waits)',
    registers: [registry],
    async collect() {
      const b = await outbox();
      if (b) this.set(b.oldestPendingSeconds);
    },
  });
  new Gauge({
    name: 'certitude_outbox_failed',
    help: 'Mail given up on after every attempt, waiting for mail:retry',
    registers: [registry],
    async collect() {
      const b = await outbox();
      if (b) this.set(b.failed);
    },
  });
  const mailFailures = new Counter({
    name: 'certitude_mail_send_failures_total',
    help: 'Failed attempts to send a mail, by outcome (retried later, or given up)',
    labelNames: ['outcome', 'kind'] as const,
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'certitude_rate_limit_rejections_total',
    help: 'Requests refused with 429 by a rate limit, by rule',
    labelNames: ['rule'] as const,
    registers: [registry],
  });
  app.services.mail.onAttemptFailed = (outcome, kind) => mailFailures.inc({ outcome, kind });
  app.rateLimiter.onRejected = (rule) => rejections.inc({ rule });

  app.addHook('onRequest', async (_request, reply) => {
    inFlight.inc();
    reply.raw.once('close', () => inFlight.dec());
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true }, config: { ownBearer: true } }, async (request, reply) => {
    if (!bearsToken(request, settings.token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized(MSG.metricsTokenRequired);
    }
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

export default fp(metrics, { name: 'metrics' });
