import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { articles, certifications, resources, users } from '../schema/index.js';
import { articles as seedArticles, certifications as seedCerts, resources as seedResources } from './data/index.js';
import { isEmpty, seedCatalogue } from './seed.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe('the catalogue seed', () => {
  it('holds at least 120 certifications from the required vendors', () => {
    expect(seedCerts.length).toBeGreaterThanOrEqual(120);
    const vendors = new Set(seedCerts.map((c) => c.vendor));
    expect(vendors.size).toBeGreaterThanOrEqual(10);
    for (const v of [
      'AWS',
      'Microsoft',
      'Google Cloud',
      'Cisco',
      'CompTIA',
      'ISC2',
      'ISACA',
      'Linux Foundation',
      'Red Hat',
      'HashiCorp',
      'Oracle',
    ]) {
      expect(vendors, v).toContain(v);
    }
    expect(vendors.has('OffSec') || vendors.has('EC-Council')).toBe(true);
  });

  it('has unique slugs, names per vendor, official https pages and real descriptions', () => {
    expect(new Set(seedCerts.map((c) => c.slug)).size).toBe(seedCerts.length);
    expect(new Set(seedCerts.map((c) => `${c.name.toLowerCase()}|${c.vendor.toLowerCase()}`)).size).toBe(
      seedCerts.length,
    );
    for (const c of seedCerts) {
      expect(c.slug, c.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.url, c.name).toMatch(/^https:\/\//);
      expect(c.certCode.trim(), c.name).not.toBe('');
      expect(c.description.length, c.name).toBeGreaterThan(120);
      expect(c.description, c.name).not.toMatch(/<[a-z]/i);
    }
  });

  it('has at least 60 resources, each tied to a seeded certification', () => {
    expect(seedResources.length).toBeGreaterThanOrEqual(60);
    const slugs = new Set(seedCerts.map((c) => c.slug));
    for (const r of seedResources) {
      expect(slugs, r.name).toContain(r.certificationSlug);
      expect(r.url, r.name).toMatch(/^https:\/\//);
    }
    expect(seedArticles).toHaveLength(3);
  });

  it('fills an empty database with approved content of the system account', async () => {
    expect(await isEmpty(t.db)).toBe(true);
    const result = await seedCatalogue(t.db);
    expect(result).toEqual({ certifications: seedCerts.length, resources: seedResources.length, articles: 3 });
    expect(await isEmpty(t.db)).toBe(false);

    const [system] = await t.db.select().from(users).where(eq(users.isSystem, true));
    expect(system?.passwordHash).toBeNull();
    const statuses = await t.db
      .select({ status: certifications.status, n: sql<number>`count(*)::int` })
      .from(certifications)
      .groupBy(certifications.status);
    expect(statuses).toEqual([{ status: 'APPROVED', n: seedCerts.length }]);
    const published = await t.db.select().from(articles).where(eq(articles.published, true));
    expect(published).toHaveLength(3);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const again = await seedCatalogue(t.db);
    expect(again).toEqual({ certifications: 0, resources: 0, articles: 0 });
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(resources);
    expect(Number(count?.n)).toBe(seedResources.length);
  });
});
