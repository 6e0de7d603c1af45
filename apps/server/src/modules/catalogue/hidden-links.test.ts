import type { Certification, Comparison } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { certifications } from '../../db/schema/index.js';
import { writeState } from './facts.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** What hiding by flags, a removal or a restore does to the row, announced as they announce it. */
async function setStatus(id: number, status: 'APPROVED' | 'PENDING' | 'REJECTED') {
  await t.db.db.update(certifications).set({ status }).where(eq(certifications.id, id));
  t.app.services.changes.announce({ kind: 'catalogue' });
}

/** Every answer and page that shows the certification's facts, as a visitor gets them. */
async function everywhere(cert: { id: number; slug: string }, other: { slug: string }): Promise<Certification[]> {
  const one = (await t.app.inject({ method: 'GET', url: `/api/certification/${cert.id}` })).json() as Certification;
  const list = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json() as Certification[];
  const compared = (
    await t.app.inject({ method: 'GET', url: `/api/compare?c=${cert.slug},${other.slug}` })
  ).json() as Comparison;
  const page = (await t.app.pageData.getCertification(cert.slug))!;
  return [one, list.find((c) => c.id === cert.id)!, compared.certifications[0]!, page];
}

describe('links to a certification that is not public', () => {
  it('name it nowhere while it is hidden or removed, and again once it is back', async () => {
    const prerequisite = await buildCertification(t.db.db, { name: 'Hidden Prerequisite' });
    const successor = await buildCertification(t.db.db, { name: 'Hidden Successor' });
    const shown = await buildCertification(t.db.db, { name: 'Shown Prerequisite' });
    const cert = await buildCertification(t.db.db);
    const other = await buildCertification(t.db.db);
    await writeState(
      t.db.db,
      cert.id,
      {
        lifecycle: 'RETIRING',
        supersededBy: successor.id,
        prerequisites: [
          { certification: prerequisite.id, kind: 'REQUIRED' },
          { certification: shown.id, kind: 'RECOMMENDED' },
        ],
      },
      { countRevision: false },
    );
    for (const answer of await everywhere(cert, other)) {
      expect(answer.supersededBy?.name).toBe('Hidden Successor');
      expect(answer.prerequisites.map((p) => p.certification.name)).toEqual([
        'Hidden Prerequisite',
        'Shown Prerequisite',
      ]);
    }

    // Hidden by members' flags (back to PENDING) and removed by a moderator (REJECTED).
    await setStatus(prerequisite.id, 'PENDING');
    await setStatus(successor.id, 'REJECTED');
    for (const answer of await everywhere(cert, other)) {
      expect(answer.supersededBy).toBeNull();
      expect(answer.prerequisites).toEqual([
        { certification: { id: shown.id, slug: shown.slug, name: 'Shown Prerequisite' }, kind: 'RECOMMENDED' },
      ]);
      expect(JSON.stringify(answer)).not.toMatch(/Hidden (Prerequisite|Successor)/);
    }

    // The links were kept: approved again, they show again.
    await setStatus(prerequisite.id, 'APPROVED');
    await setStatus(successor.id, 'APPROVED');
    const [back] = await everywhere(cert, other);
    expect(back!.supersededBy?.name).toBe('Hidden Successor');
    expect(back!.prerequisites).toHaveLength(2);
  });
});
