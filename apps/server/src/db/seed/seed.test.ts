import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { articles, certifications, resources, users } from '../schema/index.js';
import { CERT_LEVELS, DOMAIN_SLUGS } from '@certitude/shared';
import { requiredCycle } from '../../modules/catalogue/facts.js';
import { insertRevision } from '../../modules/catalogue/revision.repository.js';
import { articles as seedArticles, certifications as seedCerts, resources as seedResources } from './data/index.js';
import { isEmpty, seedCatalogue } from './seed.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe('the catalogue seed', () => {
  it('holds at least 250 certifications from at least 25 vendors, the required ones among them', () => {
    expect(seedCerts.length).toBeGreaterThanOrEqual(250);
    const vendors = new Set(seedCerts.map((c) => c.vendor));
    expect(vendors.size).toBeGreaterThanOrEqual(25);
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
      expect(c.certCode?.trim(), c.name).not.toBe('');
      expect(c.description.length, c.name).toBeGreaterThan(120);
      expect(c.description, c.name).not.toMatch(/<[a-z]/i);
    }
  });

  it('gives every certification its level and domains, and facts that hold together', () => {
    const slugs = new Set(seedCerts.map((c) => c.slug));
    for (const c of seedCerts) {
      const f = c;
      expect(CERT_LEVELS, c.slug).toContain(f.level);
      expect(f.domains.length, c.slug).toBeGreaterThanOrEqual(1);
      for (const d of f.domains) expect(DOMAIN_SLUGS, c.slug).toContain(d);
      for (const p of f.prerequisites ?? []) expect(slugs, `${c.slug} requires ${p.slug}`).toContain(p.slug);
      if (f.supersededBy) expect(slugs, `${c.slug} succeeded by ${f.supersededBy}`).toContain(f.supersededBy);
      if (f.lifecycle && f.lifecycle !== 'ACTIVE') expect(f.retiresOn, c.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A source is an official page, with the day it was read.
      for (const s of f.sources) {
        expect(s.url, c.slug).toMatch(/^https:\/\//);
        expect(s.retrievedOn, c.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('has at least 15 retired or retiring certifications, each with its date', () => {
    const ending = seedCerts.filter((c) => c.lifecycle !== 'ACTIVE');
    expect(ending.length).toBeGreaterThanOrEqual(15);
  });

  it('has no cycle of REQUIRED prerequisites', () => {
    const bySlug = new Map(seedCerts.map((c, i) => [c.slug, i + 1]));
    const edges = new Map<number, number[]>();
    for (const f of seedCerts) {
      const required = f.prerequisites.filter((p) => p.kind === 'REQUIRED').map((p) => bySlug.get(p.slug)!);
      edges.set(bySlug.get(f.slug)!, required);
    }
    for (const [id, required] of edges) expect(requiredCycle(id, required, edges), String(id)).toBeNull();
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
    expect(result).toEqual({
      certifications: seedCerts.length,
      facts: seedCerts.length,
      resources: seedResources.length,
      articles: 3,
      pending: 0,
    });
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

  it('is idempotent: a second run adds nothing and leaves the facts as they are', async () => {
    const before = await t.db.select().from(certifications).orderBy(certifications.id);
    const again = await seedCatalogue(t.db);
    expect(again).toEqual({ certifications: 0, facts: 0, resources: 0, articles: 0, pending: 0 });
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(resources);
    expect(Number(count?.n)).toBe(seedResources.length);
    const after = await t.db.select().from(certifications).orderBy(certifications.id);
    expect(after).toEqual(before);
  });

  it('fills facts into existing rows but never overwrites a field a member’s applied revision changed', async () => {
    const [cert] = await t.db
      .select({ id: certifications.id, slug: certifications.slug, level: certifications.level })
      .from(certifications)
      .where(eq(certifications.slug, 'comptia-security-plus'));
    const [member] = await t.db
      .insert(users)
      .values({ username: 'seed_fact_fixer', email: 'fixer@example.com', emailVerified: true })
      .returning();
    await insertRevision(t.db, {
      certificationId: cert!.id,
      authorId: member!.id,
      summary: 'Corrected renewal',
      changes: [{ field: 'renewal', before: null, after: 'A member’s corrected renewal.' }],
      status: 'APPLIED',
      baseRevision: 0,
    });
    await t.db
      .update(certifications)
      .set({ renewal: 'A member’s corrected renewal.', level: null })
      .where(eq(certifications.id, cert!.id));
    await seedCatalogue(t.db);
    const [row] = await t.db.select().from(certifications).where(eq(certifications.id, cert!.id));
    expect(row?.renewal).toBe('A member’s corrected renewal.');
    // A field no member touched takes the shipped value again.
    expect(row?.level).toBe(seedCerts.find((c) => c.slug === 'comptia-security-plus')!.level);
  });

  it('lets search find Security+ by its previous exam code', async () => {
    const rows = await t.db
      .select({ slug: certifications.slug })
      .from(certifications)
      .where(sql`${certifications.searchVector} @@ websearch_to_tsquery('simple', 'SY0-601')`);
    expect(rows.map((r) => r.slug)).toContain('comptia-security-plus');
  });
});
