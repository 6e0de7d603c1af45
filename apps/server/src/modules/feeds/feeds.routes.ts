import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrecompressed } from '../../lib/precompressed.js';
import { FeedService, ifNoneMatchHits, type FeedDocument } from './feeds.service.js';

const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

const feedSchema = (summary: string) => ({
  tags: ['site'],
  summary,
  produces: ['application/atom+xml'],
  response: {
    200: z.string().describe('An Atom 1.0 document, with ETag and Last-Modified'),
    304: z.null().describe('Not modified: If-None-Match names the current ETag'),
  },
});

/**
 * A feed as the public certification list is answered: revalidated on every use (`no-cache`) with its ETag, and
 * 304 while it holds; a feed kept in memory as the bytes compressed once for every reader.
 */
function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: FeedDocument) {
  reply
    .header('etag', feed.etag)
    .header('last-modified', feed.updated.toUTCString())
    .header('cache-control', 'no-cache');
  if (ifNoneMatchHits(request.headers['if-none-match'], feed.etag)) return reply.code(304).send(null);
  if (feed.body) return sendPrecompressed(request, reply.type(ATOM_TYPE), feed.body);
  return reply
    .type(ATOM_TYPE)
    .serializer((p) => p as string)
    .send(feed.xml);
}

/** Atom feeds of new certifications and published articles (docs/api.md#feeds). */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feeds = new FeedService(
    app.database.db,
    app.services.articles,
    app.config.publicUrl,
    app.services.certifications,
  );

  app.get(
    '/feeds/certifications.atom',
    { schema: feedSchema('Atom feed of the certifications newly approved into the public catalogue') },
    async (request, reply) => sendFeed(request, reply, await feeds.certificationsFeed()),
  );

  app.get(
    '/feeds/articles.atom',
    { schema: feedSchema('Atom feed of the published articles') },
    async (request, reply) => sendFeed(request, reply, await feeds.articlesFeed()),
  );
};
