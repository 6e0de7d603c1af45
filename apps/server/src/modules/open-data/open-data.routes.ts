import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { errorResponseSchema, OPEN_DATA_TEXT, openDataIndexSchema } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { ifNoneMatchHits } from '../feeds/feeds.service.js';
import { OPEN_DATA_FILES } from './open-data.service.js';

/** The index changes once a day: caches keep it briefly, then revalidate with its ETag. */
const INDEX_CACHE = 'public, max-age=300, must-revalidate';
/** A dated file never changes once published. */
const FILE_CACHE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  'certifications.jsonl.gz': 'application/gzip',
  'certifications.csv': 'text/csv; charset=utf-8; header=present',
};

/** The open data dump (docs/api.md#open-data): its index, and each day's files. */
export const openDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/data/index.json',
    {
      schema: {
        tags: ['open data'],
        summary: 'The newest open data dump (CC BY-SA 4.0): its files with their size, SHA-256 and record count',
        response: {
          200: openDataIndexSchema.describe('Cached for 5 minutes, with an ETag'),
          304: z.null().describe('Not modified: If-None-Match names the current ETag'),
        },
      },
    },
    async (request, reply) => {
      const { index } = await app.services.openData.latest();
      const etag = `"${createHash('sha256').update(JSON.stringify(index)).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag).header('cache-control', INDEX_CACHE);
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return index;
    },
  );

  app.get(
    '/data/:day/:file',
    {
      schema: {
        tags: ['open data'],
        summary: "One file of a day's dump, as the index lists it (kept for the last 7 days)",
        params: z.object({
          day: z.string().describe('The day of the dump, YYYY-MM-DD'),
          file: z.enum(OPEN_DATA_FILES),
        }),
        produces: ['application/gzip', 'text/csv'],
        response: {
          200: z
            .string()
            .describe(
              'certifications.jsonl.gz: one JSON certification a line, gzip compressed; certifications.csv: a header ' +
                'and a row per certification (RFC 4180). Immutable: cached for a year, with an ETag',
            ),
          304: z.null().describe('Not modified: If-None-Match names the ETag'),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { day, file } = request.params;
      const found = await app.services.openData.file(day, file);
      if (!found) throw notFound(OPEN_DATA_TEXT.fileNotFound);
      const etag = `"${found.sha256}"`;
      reply.header('etag', etag).header('cache-control', FILE_CACHE);
      if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return (
        reply
          .type(CONTENT_TYPES[file] ?? 'application/octet-stream')
          .header('content-disposition', `attachment; filename="certitude-${day}-${file}"`)
          // A stream is sent as it is, never serialized: the schema's string describes the bytes.
          .send(createReadStream(found.path) as unknown as string)
      );
    },
  );
};
