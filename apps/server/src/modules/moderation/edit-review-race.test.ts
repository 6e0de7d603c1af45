import { MSG, type Certification } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildRole, call, type Member } from '../../../test/support/moderation.js';
import type { Database } from '../../db/client.js';
import { certificationRevisions, certifications } from '../../db/schema/index.js';

/**
 * The narrow race of a submitter's change (docs/security.md): the change reads the certification as PENDING, a
 * moderator approves it, then the change writes in its own transaction. The app runs over a database whose
 * `transaction` first runs `beforeTransaction` once: set just before the change, it approves the certification after
 * the change's reads and before its transaction, so the race happens every time, on PGlite and on PostgreSQL.
 */
const race: { beforeTransaction?: () => Promise<void> } = {};

function withHook(db: Database): Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return async (...args: Parameters<Database['transaction']>) => {
          const hook = race.beforeTransaction;
          race.beforeTransaction = undefined;
          if (hook) await hook();
          return target.transaction(...args);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

let t: TestApp;
let moderator: Member;

beforeAll(async () => {
  t = await buildTestApp({ wrapDatabase: (db) => ({ ...db, db: withHook(db.db) }) });
  moderator = await buildRole(t, 'MODERATOR');
});
afterAll(() => t.close());

const benign = 'https://example.com/official';
const phishing = 'https://examp1e-login.test/verify';
let seq = 0;

async function submit(by: Member): Promise<Certification> {
  seq++;
  const res = await call(t, by, 'POST', '/api/certification', {
    name: `Raced Cert ${seq}`,
    certCode: `RC-${seq}`,
    vendor: 'Race Vendor',
    description: 'Pending.',
    url: benign,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The moderator approves the certification between the change's read and its write. */
const approveInBetween = (id: number) => {
  race.beforeTransaction = async () => {
    const res = await call(t, moderator, 'POST', `/api/admin/certification/${id}/approve`);
    expect(res.statusCode).toBe(200);
  };
};

const stored = async (id: number) => (await t.db.db.select().from(certifications).where(eq(certifications.id, id)))[0]!;

describe('a change read as PENDING and written after the approval', () => {
  it('the form edit is 409 and the approved certification keeps what the moderator approved', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    approveInBetween(cert.id);
    const res = await call(t, member, 'PUT', `/api/certification/${cert.id}`, {
      name: cert.name,
      certCode: cert.certCode,
      vendor: cert.vendor,
      description: 'Pending.',
      url: phishing,
    });
    expect(race.beforeTransaction).toBeUndefined();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.reviewedWhileEditing);
    expect(await stored(cert.id)).toMatchObject({ status: 'APPROVED', url: benign });
    const page = await call(t, undefined, 'GET', `/api/certification/${cert.id}`);
    expect(page.json()).toMatchObject({ status: 'APPROVED', url: benign });
  });

  it('a change of its facts through a revision is 409 too, and nothing is applied', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    approveInBetween(cert.id);
    const res = await call(t, member, 'POST', `/api/certification/${cert.id}/revisions`, {
      summary: 'Longer validity',
      changes: { validityMonths: 60 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.reviewedWhileEditing);
    expect(await stored(cert.id)).toMatchObject({ status: 'APPROVED', validityMonths: null, revision: 0 });
    expect(
      await t.db.db.select().from(certificationRevisions).where(eq(certificationRevisions.certificationId, cert.id)),
    ).toEqual([]);
  });

  it('without a decision in between, the submitter’s change is applied at once as before', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    const res = await call(t, member, 'PUT', `/api/certification/${cert.id}`, {
      name: cert.name,
      certCode: cert.certCode,
      vendor: cert.vendor,
      description: 'Pending.',
      url: benign + '/v2',
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(cert.id)).toMatchObject({ status: 'PENDING', url: benign + '/v2' });
  });
});
