import { DOMAINS, MSG, type NextStep, type PathDomain, type PathMap } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { certificationIn, countedMember, hold, prerequisite } from '../../../test/support/paths.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const mapOf = async (domain: string) => {
  const res = await get(`/api/paths/${domain}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PathMap;
};
const nextOf = async (id: number | string) => {
  const res = await get(`/api/certification/${id}/next`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NextStep[];
};
/** `count` members who each hold `first` and then `then`, a month apart. */
async function membersTaking(count: number, first: { id: number }, then: { id: number }) {
  for (let i = 0; i < count; i++) {
    const m = await countedMember(t);
    await hold(t, m, first, '2021-03-01');
    await hold(t, m, then, '2021-04-01');
  }
}

describe('GET /api/paths/{domain}', () => {
  it('maps the public certifications that are not retired, by level, with their edges by kind', async () => {
    const a = await certificationIn(t, ['networking'], { name: 'Net Alpha', level: 'FOUNDATIONAL' });
    const b = await certificationIn(t, ['networking'], { name: 'Net Bravo', level: 'ASSOCIATE' });
    const c = await certificationIn(t, ['networking', 'security'], { name: 'Net Charlie', level: 'PROFESSIONAL' });
    const noLevel = await certificationIn(t, ['networking'], { name: 'Net Aardvark', level: null });
    const retired = await certificationIn(t, ['networking'], {
      name: 'Net Retired',
      level: 'ASSOCIATE',
      lifecycle: 'RETIRED',
      retiresOn: '2020-01-01',
    });
    const retiring = await certificationIn(t, ['networking'], {
      name: 'Net Retiring',
      level: 'EXPERT',
      lifecycle: 'RETIRING',
      retiresOn: '2030-01-01',
    });
    const pending = await certificationIn(t, ['networking'], { name: 'Net Pending', status: 'PENDING' });
    const elsewhere = await certificationIn(t, ['security'], { name: 'Sec Only', level: 'ASSOCIATE' });

    await prerequisite(t, b, a, 'REQUIRED');
    await prerequisite(t, c, b, 'RECOMMENDED');
    await prerequisite(t, c, retired, 'REQUIRED'); // one end off the map: no edge
    await prerequisite(t, b, elsewhere, 'RECOMMENDED'); // one end in another domain: no edge
    await prerequisite(t, pending, a, 'REQUIRED'); // a pending certification is not on the map
    await membersTaking(3, a, b); // also a REQUIRED pair: both edges stay
    await membersTaking(2, a, c); // under the threshold
    await membersTaking(3, b, elsewhere); // the other end is off this map
    await membersTaking(4, retiring, c);

    const map = await mapOf('networking');
    expect(map.nodes.map((n) => n.certification.name)).toEqual([
      'Net Alpha',
      'Net Bravo',
      'Net Charlie',
      'Net Retiring',
      'Net Aardvark',
    ]);
    expect(map.nodes[0]).toEqual({
      certification: {
        id: a.id,
        slug: a.slug,
        name: 'Net Alpha',
        certCode: a.certCode,
        vendor: a.vendor,
        lifecycle: 'ACTIVE',
      },
      level: 'FOUNDATIONAL',
    });
    expect(map.nodes.find((n) => n.certification.id === noLevel.id)!.level).toBeNull();
    expect(map.nodes.find((n) => n.certification.id === retiring.id)!.certification.lifecycle).toBe('RETIRING');
    expect(map.edges).toEqual([
      { from: a.id, to: b.id, kind: 'REQUIRED', weight: 1 },
      { from: b.id, to: c.id, kind: 'RECOMMENDED', weight: 1 },
      { from: a.id, to: b.id, kind: 'COMMON_NEXT', weight: 3 },
      { from: retiring.id, to: c.id, kind: 'COMMON_NEXT', weight: 4 },
    ]);

    // The same certification on another domain's map, with only that map's edges.
    const security = await mapOf('security');
    expect(security.nodes.map((n) => n.certification.id).sort()).toEqual([c.id, elsewhere.id].sort());
    expect(security.edges).toEqual([]);
  });

  it('answers an empty map for a domain without certifications', async () => {
    expect(await mapOf('project-management')).toEqual({ nodes: [], edges: [] });
  });

  it('answers 404 with a readable message for a slug that is no domain, and never a 500 for odd input', async () => {
    const res = await get('/api/paths/astrology');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: MSG.domainNotFound });
    expect(res.json().message).toContain('cloud');
    // An over-long name is an unknown domain like any other, up to the longest path parameter the router takes.
    const odd = ['CLOUD', 'cloud%00', '%E2%98%83', "cloud'--", 'cloud%20security', 'a'.repeat(101), 'a'.repeat(200)];
    for (const name of [...odd, `cloud-${'x'.repeat(150)}`, 'B'.repeat(150)]) {
      const r = await get(`/api/paths/${name}`);
      expect(r.statusCode, name).toBe(404);
      expect(r.json(), name).toEqual({ statusCode: 404, error: 'Not Found', message: MSG.domainNotFound });
    }
  });

  it('draws both edges of certifications that recommend each other (only required links may not loop)', async () => {
    const a = await certificationIn(t, ['devops'], { name: 'Loop Alpha', level: 'ASSOCIATE' });
    const b = await certificationIn(t, ['devops'], { name: 'Loop Bravo', level: 'PROFESSIONAL' });
    await prerequisite(t, b, a, 'RECOMMENDED');
    await prerequisite(t, a, b, 'RECOMMENDED');
    const map = await mapOf('devops');
    expect(map.nodes.map((n) => n.certification.id)).toEqual([a.id, b.id]);
    expect(map.edges).toEqual([
      { from: Math.min(a.id, b.id), to: Math.max(a.id, b.id), kind: 'RECOMMENDED', weight: 1 },
      { from: Math.max(a.id, b.id), to: Math.min(a.id, b.id), kind: 'RECOMMENDED', weight: 1 },
    ]);
    // Each is what the other leads to, and never itself.
    expect((await nextOf(a.id)).map((s) => [s.certification.id, s.reason])).toEqual([[b.id, 'PREREQUISITE_OF']]);
    expect((await nextOf(b.id)).map((s) => [s.certification.id, s.reason])).toEqual([[a.id, 'PREREQUISITE_OF']]);
  });
});

describe('GET /api/paths', () => {
  it('lists every domain in the taxonomy’s order, with the number of certifications on its map', async () => {
    const before = (await get('/api/paths')).json() as PathDomain[];
    await certificationIn(t, ['databases'], { level: 'ASSOCIATE' });
    await certificationIn(t, ['databases'], { lifecycle: 'RETIRED', retiresOn: '2019-01-01' });
    await certificationIn(t, ['databases'], { status: 'PENDING' });
    const res = await get('/api/paths');
    expect(res.statusCode).toBe(200);
    const list = res.json() as PathDomain[];
    expect(list.map((d) => d.domain)).toEqual(DOMAINS.map((d) => d.slug));
    expect(list.map((d) => d.name)).toEqual(DOMAINS.map((d) => d.name));
    const count = (l: PathDomain[]) => l.find((d) => d.domain === 'databases')!.certificationCount;
    expect(count(list)).toBe(count(before) + 1);
    expect(count(list)).toBe((await mapOf('databases')).nodes.length);
  });
});

describe('GET /api/certification/{id}/next', () => {
  it('lists the successor, then what builds on it (required first, then by name), then common next steps', async () => {
    const successor = await buildCertification(t.db.db, { name: 'Next Successor' });
    const cert = await buildCertification(t.db.db, {
      name: 'Next Origin',
      lifecycle: 'RETIRING',
      retiresOn: '2031-01-01',
      supersededById: successor.id,
    });
    const zuluRequired = await buildCertification(t.db.db, { name: 'Next Zulu' });
    const alphaRecommended = await buildCertification(t.db.db, { name: 'Next Alpha' });
    const mikeRequired = await buildCertification(t.db.db, { name: 'Next Mike' });
    const retiredBuilder = await buildCertification(t.db.db, {
      name: 'Next Retired Builder',
      lifecycle: 'RETIRED',
      retiresOn: '2020-01-01',
    });
    const pendingBuilder = await buildCertification(t.db.db, { name: 'Next Pending Builder', status: 'PENDING' });
    await prerequisite(t, zuluRequired, cert, 'REQUIRED');
    await prerequisite(t, alphaRecommended, cert, 'RECOMMENDED');
    await prerequisite(t, mikeRequired, cert, 'REQUIRED');
    await prerequisite(t, successor, cert, 'RECOMMENDED'); // already the successor: listed once
    await prerequisite(t, retiredBuilder, cert, 'REQUIRED');
    await prerequisite(t, pendingBuilder, cert, 'REQUIRED');

    // Common next steps: seven candidates, one already listed, one retired, one under the threshold.
    const candidate = (n: number) => buildCertification(t.db.db, { name: `Next C${n}` });
    const [c1, c2, c3, c4, c5, c6] = [
      await candidate(1),
      await candidate(2),
      await candidate(3),
      await candidate(4),
      await candidate(5),
      await candidate(6),
    ];
    await membersTaking(5, cert, c4);
    await membersTaking(4, cert, c2);
    await membersTaking(3, cert, c1);
    await membersTaking(3, cert, c3);
    await membersTaking(3, cert, c5);
    await membersTaking(3, cert, c6);
    await membersTaking(6, cert, zuluRequired); // already listed as building on it
    await membersTaking(2, cert, alphaRecommended);
    const underThreshold = await buildCertification(t.db.db, { name: 'Next Rare' });
    await membersTaking(2, cert, underThreshold);
    // Taken in the other order: not a step after `cert`.
    await membersTaking(3, successor, cert);

    const steps = await nextOf(cert.slug);
    expect(steps.map((s) => [s.certification.name, s.reason, s.members])).toEqual([
      ['Next Successor', 'SUCCESSOR', null],
      ['Next Mike', 'PREREQUISITE_OF', null],
      ['Next Zulu', 'PREREQUISITE_OF', null],
      ['Next Alpha', 'PREREQUISITE_OF', null],
      [c4.name, 'COMMON_NEXT', 5],
      [c2.name, 'COMMON_NEXT', 4],
      [c1.name, 'COMMON_NEXT', 3],
      [c3.name, 'COMMON_NEXT', 3],
      [c5.name, 'COMMON_NEXT', 3],
    ]);
    expect(steps[0]!.certification).toEqual({ id: successor.id, slug: successor.slug, name: successor.name });
    expect(await nextOf(cert.id)).toEqual(steps);
  });

  it('shows a successor only for a retiring or retired certification, following retired successors', async () => {
    const newest = await buildCertification(t.db.db, { name: 'Chain Newest' });
    const middle = await buildCertification(t.db.db, {
      name: 'Chain Middle',
      lifecycle: 'RETIRED',
      retiresOn: '2022-01-01',
      supersededById: newest.id,
    });
    const oldest = await buildCertification(t.db.db, {
      name: 'Chain Oldest',
      lifecycle: 'RETIRED',
      retiresOn: '2019-01-01',
      supersededById: middle.id,
    });
    expect(await nextOf(oldest.id)).toEqual([
      { certification: { id: newest.id, slug: newest.slug, name: newest.name }, reason: 'SUCCESSOR', members: null },
    ]);
    const active = await buildCertification(t.db.db, { name: 'Chain Active', supersededById: newest.id });
    expect(await nextOf(active.id)).toEqual([]);
    const hidden = await buildCertification(t.db.db, { status: 'PENDING' });
    const toHidden = await buildCertification(t.db.db, {
      lifecycle: 'RETIRED',
      retiresOn: '2019-01-01',
      supersededById: hidden.id,
    });
    expect(await nextOf(toHidden.id)).toEqual([]);
  });

  it('answers 404 for an unknown or non-public certification and 400 for what is no id or slug', async () => {
    const pending = await buildCertification(t.db.db, { status: 'PENDING' });
    const rejected = await buildCertification(t.db.db, { status: 'REJECTED' });
    for (const ref of ['999999', 'no-such-certification', String(pending.id), pending.slug, String(rejected.id)]) {
      const res = await get(`/api/certification/${ref}/next`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: MSG.certificationNotFound });
    }
    for (const ref of ['99999999999', 'Not%20A%20Slug', '%00']) {
      const res = await get(`/api/certification/${ref}/next`);
      expect(res.statusCode, ref).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });
});

describe('page data', () => {
  it('gives the pages the same answers, and null where the calls answer 404', async () => {
    const cert = await certificationIn(t, ['cloud'], { level: 'ASSOCIATE' });
    expect(await t.app.pageData.listPaths()).toEqual((await get('/api/paths')).json());
    expect(await t.app.pageData.pathMap('cloud')).toEqual(await mapOf('cloud'));
    expect(await t.app.pageData.pathMap('astrology')).toBeNull();
    expect(await t.app.pageData.nextSteps(cert.slug)).toEqual(await nextOf(cert.slug));
    expect(await t.app.pageData.nextSteps('no-such-certification')).toBeNull();
  });
});
