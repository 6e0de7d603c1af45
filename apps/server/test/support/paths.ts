/* Helpers for the paths tests: maps, next steps, common next counts (imported by *.test.ts only). */
import { eq } from 'drizzle-orm';
import type { TestApp } from '../app.js';
import { buildCertification } from '../factories.js';
import { signedIn, type Member } from './catalogue.js';
import { certificationDomains, certificationPrerequisites, domains } from '../../src/db/schema/index.js';

type Overrides = Parameters<typeof buildCertification>[1];

/** A certification (approved unless told otherwise) in the domains named by slug. */
export async function certificationIn(t: TestApp, slugs: string[], overrides: Overrides = {}) {
  const cert = await buildCertification(t.db.db, overrides);
  for (const slug of slugs) {
    const [domain] = await t.db.db.select({ id: domains.id }).from(domains).where(eq(domains.slug, slug));
    await t.db.db.insert(certificationDomains).values({ certificationId: cert.id, domainId: domain!.id });
  }
  return cert;
}

/** "Take `prerequisite` before `certification`". */
export async function prerequisite(
  t: TestApp,
  certification: { id: number },
  prerequisiteOf: { id: number },
  kind: 'REQUIRED' | 'RECOMMENDED',
) {
  await t.db.db
    .insert(certificationPrerequisites)
    .values({ certificationId: certification.id, prerequisiteId: prerequisiteOf.id, kind });
}

/**
 * A member whose steps count in the common next counts: verified (as every factory account) and past their first
 * week (docs/decisions/0025-common-next-counts.md).
 */
export function countedMember(t: TestApp): Promise<Member> {
  return signedIn(t, 'USER', { daysOld: 8 });
}

/** The member holds the certification, earned on `earnedOn`, through the tracker's own call. */
export async function hold(t: TestApp, who: Member, cert: { id: number }, earnedOn: string, isPublic = false) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/user/certifications/${cert.id}`,
    headers: who.headers,
    payload: { status: 'HELD', earnedOn, public: isPublic },
  });
  if (res.statusCode !== 200) throw new Error(`hold: ${res.statusCode} ${res.body}`);
}

/** The member takes the certification out of their list. */
export async function untrack(t: TestApp, who: Member, cert: { id: number }) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/user/certifications/${cert.id}`,
    headers: who.headers,
  });
  if (res.statusCode !== 204) throw new Error(`untrack: ${res.statusCode} ${res.body}`);
}
