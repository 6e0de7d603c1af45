import {
  adminFlagsSchema,
  FLAG_HIDES_PER_FLAGGER_PER_DAY,
  FLAGS_PER_DAY,
  MSG,
  pendingItemsSchema,
} from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { call, type Member } from '../../../test/support/moderation.js';
import { certifications, resources } from '../../db/schema/index.js';

/**
 * What keeps a few accounts from hiding the catalogue (docs/product.md#flags): a flag counts only if its account was
 * past its first week when it filed it, every account has a daily number of flags, and one member's flags help hide
 * a few items a day at most. Items the flags hid are marked in the review queue.
 */
const DAY = 24 * 3_600_000;
/** The app's clock: stands still unless a test moves it. */
let clock = Date.now();

let t: TestApp;
let moderator: Member;

const memberAged = (days: number) => buildUser(t.db.db, { createdAt: new Date(clock - days * DAY) });
const veteran = () => memberAged(30);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  moderator = await buildUser(t.db.db, { role: 'MODERATOR', createdAt: new Date(clock - 90 * DAY) });
});
afterAll(() => t.close());

const flagCertification = (by: Member, id: number) =>
  call(t, by, 'POST', '/api/flags', { targetType: 'certification', targetId: id, reason: 'SPAM' });
const statusOf = async (id: number) =>
  (await t.db.db.select({ s: certifications.status }).from(certifications).where(eq(certifications.id, id)))[0]!.s;

describe('flags filed in an account’s first week never count', () => {
  it('three sleepers flag on their second day, wait a week: with one more member the item stays public', async () => {
    const cert = await buildCertification(t.db.db);
    const sleepers = await Promise.all([memberAged(1), memberAged(1), memberAged(1)]);
    for (const s of sleepers) {
      const res = await flagCertification(s, cert.id);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ hidden: false });
    }
    clock += 7 * DAY;
    // The sleepers are 8 days old now; their flags were filed at 1 day old and stay that.
    const res = await flagCertification(await veteran(), cert.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ hidden: false });
    expect(await statusOf(cert.id)).toBe('APPROVED');
    expect((await call(t, undefined, 'GET', `/api/certification/${cert.id}`)).statusCode).toBe(200);

    // Their flags are still in the Flags tab for the moderators.
    const tab = adminFlagsSchema.parse((await call(t, moderator, 'GET', '/api/admin/flags')).json());
    expect(tab.items.find((i) => i.targetType === 'certification' && i.targetId === cert.id)).toMatchObject({
      count: 4,
      hidden: false,
    });

    // Flags the sleepers file now, past their first week, count like anyone's.
    const other = await buildCertification(t.db.db);
    const outcomes = [];
    for (const s of sleepers) outcomes.push((await flagCertification(s, other.id)).json<{ hidden: boolean }>().hidden);
    expect(outcomes).toEqual([false, false, true]);
  });
});

describe('a daily number of flags for every account', () => {
  it(`flag number ${FLAGS_PER_DAY + 1} of a day is 429 for a veteran too, saying when it resets`, async () => {
    const who = await veteran();
    const certs = await Promise.all(Array.from({ length: FLAGS_PER_DAY + 1 }, () => buildCertification(t.db.db)));
    for (const c of certs.slice(0, FLAGS_PER_DAY)) expect((await flagCertification(who, c.id)).statusCode).toBe(201);
    const refused = await flagCertification(who, certs[FLAGS_PER_DAY]!.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.flagDailyLimit(FLAGS_PER_DAY, 24 * 3600));
    clock += DAY + 1000;
    expect((await flagCertification(who, certs[FLAGS_PER_DAY]!.id)).statusCode).toBe(201);
  });
});

describe('items hidden per flagger per day', () => {
  it(`three members hide ${FLAG_HIDES_PER_FLAGGER_PER_DAY} items a day together; the next waits for other members or the next day`, async () => {
    const ring = await Promise.all([veteran(), veteran(), veteran()]);
    const certs = await Promise.all(
      Array.from({ length: FLAG_HIDES_PER_FLAGGER_PER_DAY + 1 }, () => buildCertification(t.db.db)),
    );
    const hiddenBy = async (id: number) => {
      let hidden = false;
      for (const m of ring) hidden = (await flagCertification(m, id)).json<{ hidden: boolean }>().hidden || hidden;
      return hidden;
    };
    for (const c of certs.slice(0, FLAG_HIDES_PER_FLAGGER_PER_DAY)) expect(await hiddenBy(c.id)).toBe(true);
    const last = certs[FLAG_HIDES_PER_FLAGGER_PER_DAY]!;
    expect(await hiddenBy(last.id)).toBe(false);
    expect(await statusOf(last.id)).toBe('APPROVED');

    // Members who hid nothing today count: three of them hide it.
    const others = await Promise.all([veteran(), veteran()]);
    expect((await flagCertification(others[0]!, last.id)).json()).toMatchObject({ hidden: false });
    clock += DAY + 1000;
    // A day later, the ring's flags on it count again, with the flag that comes next.
    expect((await flagCertification(others[1]!, last.id)).json()).toMatchObject({ hidden: true });
    expect(await statusOf(last.id)).toBe('PENDING');
  });
});

describe('items the flags hid are marked in the review queue', () => {
  it('a hidden certification and resource carry hiddenByFlags; a new submission does not', async () => {
    const cert = await buildCertification(t.db.db);
    const base = await buildCertification(t.db.db);
    const [resource] = await t.db.db
      .insert(resources)
      .values({
        certificationId: base.id,
        name: 'Flagged guide',
        description: 'Dumps.',
        url: 'https://example.com/dumps',
        type: 'article',
        status: 'APPROVED',
      })
      .returning();
    for (let i = 0; i < 3; i++) {
      const who = await veteran();
      expect((await flagCertification(who, cert.id)).statusCode).toBe(201);
      const res = await call(t, who, 'POST', '/api/flags', {
        targetType: 'resource',
        targetId: resource!.id,
        reason: 'SPAM',
      });
      expect(res.statusCode).toBe(201);
    }
    const submitted = await call(t, await veteran(), 'POST', '/api/certification', {
      name: 'A brand new submission',
      certCode: 'NEW-1',
      vendor: 'Queue Vendor',
      description: 'New.',
      url: 'https://example.com/new',
    });
    expect(submitted.statusCode).toBe(201);

    const queue = pendingItemsSchema.parse((await call(t, moderator, 'GET', '/api/admin/pending')).json());
    expect(queue.certifications.find((c) => c.id === cert.id)).toMatchObject({ hiddenByFlags: true });
    expect(queue.resources.find((r) => r.id === resource!.id)).toMatchObject({ hiddenByFlags: true });
    expect(queue.certifications.find((c) => c.id === submitted.json<{ id: number }>().id)!.hiddenByFlags).toBe(
      undefined,
    );
  });
});
