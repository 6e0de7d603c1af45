import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeXml } from '../../lib/escape.js';
import { findPublishedArticleSlugs } from './sitemap.repository.js';

/** Public pages (docs/product.md#routes) worth indexing; /profile and /admin are private, reset and verify links are personal. */
const STATIC_PAGES = ['/', '/articles', '/about', '/privacy', '/terms', '/cookies'];

function urlEntry(loc: string, lastmod?: string) {
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.publicUrl;

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['site'],
        summary: 'Every public page, certification, path and article',
        response: { 200: z.string().describe('sitemap XML') },
      },
    },
    async (_request, reply) => {
      const [certs, posts, paths] = await Promise.all([
        app.services.certifications.list(),
        findPublishedArticleSlugs(app.database.db),
        app.services.paths.list(),
      ]);
      const entries = [
        ...STATIC_PAGES.map((p) => urlEntry(`${base}${p}`)),
        // The certification paths (docs/product.md#paths): every domain has its map, empty or not.
        urlEntry(`${base}/paths`),
        ...paths.map((d) => urlEntry(`${base}/paths/${d.domain}`)),
        ...certs.map((c) => urlEntry(`${base}/certification/${c.slug}`, c.updatedAt.slice(0, 10))),
        ...posts.map((a) => urlEntry(`${base}/articles/${a.slug}`, a.updatedAt.toISOString().slice(0, 10))),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
      return (
        reply
          .type('application/xml; charset=utf-8')
          // A removed or renamed certification must leave the sitemap at once, not after a CDN's hour: caches ask again.
          .header('cache-control', 'public, no-cache')
          .serializer((p) => p as string)
          .send(xml)
      );
    },
  );

  app.get(
    '/robots.txt',
    { schema: { tags: ['site'], summary: 'Crawler rules and the sitemap', response: { 200: z.string() } } },
    async (_request, reply) => {
      const text = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /auth/',
        'Disallow: /admin',
        'Disallow: /profile',
        'Disallow: /reset-password',
        'Disallow: /verify-email',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n');
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .serializer((p) => p as string)
        .send(text);
    },
  );
};
