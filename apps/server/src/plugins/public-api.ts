import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimitScope, rateLimitScopes } from '../lib/rate-limiter.js';
import { ifNoneMatchHits } from '../modules/feeds/feeds.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    rateLimitScope: RateLimitScope | null;
  }
}

/** The headers a page of another origin may read from a public answer. */
const EXPOSED = [
  'ETag',
  'Link',
  'X-Total-Count',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
].join(', ');

/** What another origin may send with a public read: If-None-Match to revalidate, and the CORS-safelisted ones. */
const PREFLIGHT_HEADERS = new Set(['if-none-match', 'accept', 'accept-language', 'content-language']);

/** The API and the open data, not the web app's pages, feeds or operations endpoints. */
const isPublicSurface = (url: string) => url.startsWith('/api/') || url.startsWith('/data/');

/** A read that does not depend on who asks: GET or HEAD without Authorization (decision 0004: no cookie signs in). */
function isPublicRead(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers.authorization === undefined &&
    isPublicSurface(request.url)
  );
}

function addVary(reply: FastifyReply, name: string) {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (
    !list
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  ) {
    reply.header('vary', list ? `${list}, ${name}` : name);
  }
}

/**
 * What clients of other sites need from the API (docs/api.md#caching-cors-and-rate-limits):
 * - an ETag on every public read, and 304 for a matching If-None-Match (routes that set their own keep it);
 * - `Access-Control-Allow-Origin: *` on public reads only, never with credentials: a write or an answer for a
 *   signed-in member (a request with Authorization) carries no CORS header, so a page of another origin cannot
 *   read it; preflights allow GET and HEAD with If-None-Match, and nothing else;
 * - RateLimit-Limit, -Remaining and -Reset on the calls a limit counted, from the limiter's scope of the request.
 * Registered before compression, so that the ETag is of the JSON itself, whatever the encoding.
 */
async function publicApi(app: FastifyInstance) {
  app.decorateRequest('rateLimitScope', null);

  // Every limit a request meets is noted in its scope: the handler runs inside it (after the body is read, since
  // the body's stream events run outside any request's context).
  app.addHook('preHandler', (request, _reply, done) => {
    const scope = new RateLimitScope();
    request.rateLimitScope = scope;
    rateLimitScopes.run(scope, done);
  });

  app.route({
    method: 'OPTIONS',
    url: '/api/*',
    schema: { hide: true },
    handler: async (request, reply) => preflight(request, reply),
  });
  app.route({
    method: 'OPTIONS',
    url: '/data/*',
    schema: { hide: true },
    handler: async (request, reply) => preflight(request, reply),
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const standing = request.rateLimitScope?.standing;
    if (standing) {
      reply.header('ratelimit-limit', String(standing.limit));
      reply.header('ratelimit-remaining', String(standing.remaining));
      reply.header('ratelimit-reset', String(standing.resetSeconds));
    }
    if (!isPublicSurface(request.url) || request.method === 'OPTIONS') return payload;
    // The same URL answers a visitor and a member differently.
    addVary(reply, 'Authorization');
    if (!isPublicRead(request)) return payload;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED);
    if (reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}

/**
 * A preflight: another origin may read publicly (GET, HEAD) with If-None-Match. Anything else (a write, a request
 * with Authorization or another header) is answered without CORS headers, so that the browser refuses it.
 */
function preflight(request: FastifyRequest, reply: FastifyReply) {
  const method = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
  const headers = String(request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if ((method === 'GET' || method === 'HEAD') && headers.every((h) => PREFLIGHT_HEADERS.has(h))) {
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'If-None-Match')
      .header('access-control-max-age', '86400');
  }
  return reply.code(204).send();
}

export default fp(publicApi, { name: 'public-api' });
