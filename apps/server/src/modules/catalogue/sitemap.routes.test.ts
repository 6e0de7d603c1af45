import { DOMAINS } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { articles } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /sitemap.xml', () => {
  it('lists the public pages, every approved certification and every published article', async () => {
    const approved = await buildCertification(t.db.db, { slug: 'approved-one' });
    await buildCertification(t.db.db, { slug: 'pending-one', status: 'PENDING' });
    await t.db.db.insert(articles).values([
      { slug: 'published-article', title: 'P', summary: 's', content: 'c', published: true, publishedAt: new Date() },
      { slug: 'draft-article', title: 'D', summary: 's', content: 'c', published: false },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ['/', '/articles', '/about', '/privacy', '/terms', '/cookies']) {
      expect(xml).toContain(`<loc>http://certitude.test${path}</loc>`);
    }
    expect(xml).toContain(`<loc>http://certitude.test/certification/${approved.slug}</loc>`);
    expect(xml).toContain('<loc>http://certitude.test/articles/published-article</loc>');
    expect(xml).not.toContain('pending-one');
    expect(xml).not.toContain('draft-article');
    expect(xml).not.toContain('/profile');
  });

  it('lists the certification paths: the domains page and every domain’s map', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).toContain('<loc>http://certitude.test/paths</loc>');
    for (const { slug } of DOMAINS) expect(xml).toContain(`<loc>http://certitude.test/paths/${slug}</loc>`);
    expect(xml.match(/\/paths\//g)).toHaveLength(DOMAINS.length);
  });
});

describe('GET /robots.txt', () => {
  it('allows the public site, keeps crawlers out of the API and private pages, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Sitemap: http://certitude.test/sitemap.xml');
  });
});
