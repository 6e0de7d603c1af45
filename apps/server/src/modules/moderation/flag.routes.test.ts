import {
  adminFlagsSchema,
  flagCreatedSchema,
  HIDDEN_PENDING_REVIEW_TEXT,
  MSG,
  pendingCountsSchema,
  REMOVED_BY_MODERATOR_TEXT,
  type Comment,
  type PublicModerationEntry,
} from '@certitude/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { call, type Member } from '../../../test/support/moderation.js';
import {
  certificationRatings,
  certifications,
  comments,
  flagHolds,
  flags,
  mailOutbox,
  memberEmailSettings,
  moderationLog,
  notifications,
  resources,
  userSuspensions,
  users,
} from '../../db/schema/index.js';

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;
/** The app's clock: stands still unless a test moves it. */
let clock = Date.now();

let t: TestApp;
let admin: Member;
let moderator: Member;

/** A verified member whose account is `days` old by the app's clock. */
const memberAged = (days: number, overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t.db.db, { createdAt: new Date(clock - days * DAY), ...overrides });
const veteran = () => memberAged(30);

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  admin = await buildUser(t.db.db, { role: 'ADMIN', createdAt: new Date(clock - 90 * DAY) });
  moderator = await buildUser(t.db.db, { role: 'MODERATOR', createdAt: new Date(clock - 90 * DAY) });
});
afterAll(() => t.close());

const flag = (by: Member | undefined, body: unknown) => call(t, by, 'POST', '/api/flags', body);
const resolve = (by: Member | undefined, body: unknown) => call(t, by, 'POST', '/api/admin/flags/resolve', body);

async function buildComment(certificationId: number, author: Member, content = 'Buy cheap exam dumps here') {
  const [row] = await t.db.db
    .insert(comments)
    .values({ certificationId, userId: author.id, parentId: null, depth: 0, content })
    .returning();
  return row!;
}

async function buildRating(certificationId: number, author: Member, review: string | null = 'Awful, a scam.') {
  const [row] = await t.db.db
    .insert(certificationRatings)
    .values({ certificationId, userId: author.id, difficulty: 3, value: 2, recognition: 4, review })
    .returning();
  return row!;
}

async function threadOf(certificationId: number, by?: Member): Promise<Comment[]> {
  const res = await call(t, by, 'GET', `/api/certification/${certificationId}/comments`);
  expect(res.statusCode).toBe(200);
  return res.json<Comment[]>();
}

const statusOf = async (id: number) =>
  (await t.db.db.select({ s: certifications.status }).from(certifications).where(eq(certifications.id, id)))[0]!.s;

describe('POST /api/flags', () => {
  it('a verified member flags an approved certification: 201 FlagCreated', async () => {
    const cert = await buildCertification(t.db.db);
    const res = await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'INCORRECT' });
    expect(res.statusCode).toBe(201);
    const body = flagCreatedSchema.parse(res.json());
    expect(body).toMatchObject({ targetType: 'certification', targetId: cert.id, hidden: false });
  });

  it('the same member flagging the same item again is 409 with a readable message', async () => {
    const cert = await buildCertification(t.db.db);
    const who = await veteran();
    const body = { targetType: 'certification', targetId: cert.id, reason: 'SPAM' };
    expect((await flag(who, body)).statusCode).toBe(201);
    const again = await flag(who, { ...body, reason: 'DUPLICATE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.flagAlreadyFiled);
  });

  it('bad input is 400: unknown type or reason, OTHER without a note, a bad id', async () => {
    const who = await veteran();
    const cert = await buildCertification(t.db.db);
    for (const body of [
      { targetType: 'article', targetId: cert.id, reason: 'SPAM' },
      { targetType: 'certification', targetId: cert.id, reason: 'BORING' },
      { targetType: 'certification', targetId: cert.id, reason: 'OTHER' },
      { targetType: 'certification', targetId: 'x', reason: 'SPAM' },
      {},
    ]) {
      const res = await flag(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('404 for an item that does not exist or is not visible: a pending certification, a deleted comment, a rating without a review', async () => {
    const who = await veteran();
    const author = await veteran();
    const pending = await buildCertification(t.db.db, { status: 'PENDING', submittedById: author.id });
    const cert = await buildCertification(t.db.db);
    const deleted = await buildComment(cert.id, author);
    await t.db.db.update(comments).set({ deletedAt: new Date(), content: '' }).where(eq(comments.id, deleted.id));
    const silent = await buildRating(cert.id, author, null);
    for (const [targetType, targetId] of [
      ['certification', 999_999],
      ['certification', pending.id],
      ['comment', deleted.id],
      ['rating', silent.id],
      ['resource', 999_999],
    ] as const) {
      const res = await flag(who, { targetType, targetId, reason: 'SPAM' });
      expect(res.statusCode, `${targetType} ${targetId}`).toBe(404);
      expect(res.json().message).toBe(MSG.flagTargetNotFound);
    }
  });

  it('a visitor gets 401; a member whose email is not verified 403; one flagging their own item 400', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db);
    const own = await buildComment(cert.id, author);
    const body = { targetType: 'comment', targetId: own.id, reason: 'SPAM' };
    const visitor = await flag(undefined, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(MSG.mustLoginToFlag);
    const unverified = await flag(await memberAged(30, { emailVerified: false }), body);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe(MSG.flagNeedsVerifiedEmail);
    const self = await flag(author, body);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MSG.flagOwnItem);
  });
});

describe('hiding at the threshold (docs/product.md#flags)', () => {
  it('two members in good standing do not hide a comment; a third does, in the same call', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db);
    const c = await buildComment(cert.id, author);
    const body = { targetType: 'comment', targetId: c.id, reason: 'SPAM' };
    for (let i = 0; i < 2; i++) {
      const res = await flag(await veteran(), body);
      expect(res.json()).toMatchObject({ hidden: false });
    }
    expect((await threadOf(cert.id))[0]!.content).toBe('Buy cheap exam dumps here');
    const third = await flag(await veteran(), body);
    expect(third.statusCode).toBe(201);
    expect(third.json()).toMatchObject({ hidden: true });

    // Everyone, the author too, sees the placeholder.
    for (const viewer of [undefined, author]) {
      const [shown] = await threadOf(cert.id, viewer);
      expect(shown).toMatchObject({ id: c.id, content: HIDDEN_PENDING_REVIEW_TEXT, hidden: true, deleted: false });
    }
    const log = await t.db.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.itemType, 'comment'), eq(moderationLog.itemId, c.id)));
    expect(log).toMatchObject([{ action: 'HIDE_FLAGGED', moderatorId: null, certificationId: cert.id }]);
    const told = await t.db.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(told.map((n) => n.kind)).toEqual(['CONTENT_HIDDEN']);
    // A fourth flag is still taken, and hides nothing twice.
    expect((await flag(await veteran(), body)).json()).toMatchObject({ hidden: false });
  });

  it('members younger than 7 days, unverified since or suspended do not count', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db, { submittedById: author.id });
    const body = { targetType: 'certification', targetId: cert.id, reason: 'INCORRECT' };
    const young = await memberAged(3);
    const unverifiedLater = await veteran();
    const suspendedLater = await veteran();
    for (const who of [young, unverifiedLater, suspendedLater, await veteran(), await veteran()]) {
      if (who === unverifiedLater || who === suspendedLater) expect((await flag(who, body)).statusCode).toBe(201);
      if (who === unverifiedLater) {
        await t.db.db.update(users).set({ emailVerified: false }).where(eq(users.id, who.id));
      } else if (who === suspendedLater) {
        await t.db.db.insert(userSuspensions).values({ userId: who.id, moderatorId: moderator.id, reason: 'Spam' });
      } else {
        const res = await flag(who, body);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ hidden: false });
      }
    }
    expect(await statusOf(cert.id)).toBe('APPROVED');
    expect((await flag(await veteran(), body)).json()).toMatchObject({ hidden: true });
    expect(await statusOf(cert.id)).toBe('PENDING');
    // Private now: the submitter and moderators see it, a visitor does not.
    expect((await call(t, undefined, 'GET', `/api/certification/${cert.id}`)).statusCode).toBe(404);
    expect((await call(t, author, 'GET', `/api/certification/${cert.id}`)).statusCode).toBe(200);
    expect(
      (await call(t, undefined, 'GET', '/api/certification')).json<{ id: number }[]>().map((c) => c.id),
    ).not.toContain(cert.id);
  });

  it('a hidden certification approved from the review queue is public again under the same slug', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db, { submittedById: author.id });
    for (let i = 0; i < 3; i++)
      await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'INCORRECT' });
    expect(await statusOf(cert.id)).toBe('PENDING');
    const approved = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const shown = await call(t, undefined, 'GET', `/api/certification/${cert.slug}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: cert.id, slug: cert.slug, status: 'APPROVED' });
  });

  it('a hidden review: others get no text, its author their text with reviewState hidden; the scores still count', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db);
    const r = await buildRating(cert.id, author);
    for (let i = 0; i < 3; i++)
      await flag(await veteran(), { targetType: 'rating', targetId: r.id, reason: 'OFFENSIVE' });
    const page = await call(t, undefined, 'GET', `/api/certification/${cert.id}/ratings`);
    expect(page.json().reviews).toMatchObject([{ id: r.id, review: null }]);
    expect(page.json().summary.count).toBe(1);
    const own = await call(t, author, 'GET', `/api/certification/${cert.id}/rating`);
    expect(own.json()).toMatchObject({ review: 'Awful, a scam.', reviewState: 'hidden' });
  });
});

describe('an item the flags hid, in the public moderation log', () => {
  it('is the doing of members’ flags: no moderator, and a reason that says so', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db);
    const c = await buildComment(cert.id, author);
    for (let i = 0; i < 3; i++) await flag(await veteran(), { targetType: 'comment', targetId: c.id, reason: 'SPAM' });
    const entries = (await call(t, undefined, 'GET', '/api/moderation-log?limit=100')).json<PublicModerationEntry[]>();
    const hidden = entries.find((e) => e.action === 'HIDE_FLAGGED' && e.targetTitle?.includes(cert.name));
    expect(hidden).toMatchObject({
      moderator: null,
      targetType: 'comment',
      reason: 'Hidden automatically after flags from 3 members',
    });
  });
});

describe('a certification the flags hid, changed by its submitter (docs/product.md#flags)', () => {
  it('waits for review: the form edit and a suggested edit stay PENDING, and dismissing the flags publishes neither', async () => {
    const submitter = await veteran();
    const cert = await buildCertification(t.db.db, { submittedById: submitter.id });
    for (let i = 0; i < 3; i++)
      await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'INCORRECT' });
    expect(await statusOf(cert.id)).toBe('PENDING');

    // The submitter sees it as hidden pending review, not as an ordinary pending submission.
    const seen = await call(t, submitter, 'GET', `/api/certification/${cert.id}`);
    expect(seen.json()).toMatchObject({ status: 'PENDING', hiddenByFlags: true });

    const edit = await call(t, submitter, 'PUT', `/api/certification/${cert.id}`, {
      name: 'Rewritten while hidden',
      certCode: cert.certCode,
      vendor: cert.vendor,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: cert.name, pendingEdit: true, hiddenByFlags: true });
    const suggestion = await call(t, submitter, 'POST', `/api/certification/${cert.id}/revisions`, {
      changes: { description: 'Unreviewed words' },
      summary: 'Better description',
    });
    expect(suggestion.statusCode).toBe(201);
    expect(suggestion.json()).toMatchObject({ status: 'PENDING' });
    const [row] = await t.db.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(row).toMatchObject({ name: cert.name, description: cert.description });

    const dismissed = await resolve(moderator, {
      targetType: 'certification',
      targetId: cert.id,
      action: 'DISMISS',
      reason: 'The listing is right',
    });
    expect(dismissed.statusCode).toBe(200);
    const shown = await call(t, undefined, 'GET', `/api/certification/${cert.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ name: cert.name, description: cert.description });
    expect(shown.json().hiddenByFlags).toBeUndefined();
    // Both changes wait in the review queue's revisions.
    const history = await call(t, moderator, 'GET', `/api/certification/${cert.id}/revisions`);
    expect(history.json().map((r: { status: string }) => r.status)).toEqual(['PENDING', 'PENDING']);
  });

  it('a moderator still changes it directly', async () => {
    const cert = await buildCertification(t.db.db, { submittedById: (await veteran()).id });
    for (let i = 0; i < 3; i++)
      await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'INCORRECT' });
    const res = await call(t, moderator, 'POST', `/api/certification/${cert.id}/revisions`, {
      changes: { description: 'Corrected by a moderator' },
      summary: 'Fix',
    });
    expect(res.json()).toMatchObject({ status: 'APPLIED' });
  });
});

describe('GET /api/admin/flags and POST /api/admin/flags/resolve', () => {
  it('lists open flags grouped by item, most flagged first, with reasons, notes, link and excerpt', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db, { submittedById: author.id });
    const c = await buildComment(cert.id, author, 'x'.repeat(400));
    await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'DUPLICATE' });
    const noter = await veteran();
    await flag(noter, { targetType: 'comment', targetId: c.id, reason: 'OTHER', note: 'Off topic' });
    await flag(await veteran(), { targetType: 'comment', targetId: c.id, reason: 'SPAM' });
    const res = await call(t, moderator, 'GET', '/api/admin/flags');
    expect(res.statusCode).toBe(200);
    const body = adminFlagsSchema.parse(res.json());
    const mine = body.items.filter((i) => i.targetId === c.id || i.targetId === cert.id);
    const comment = mine.find((i) => i.targetType === 'comment' && i.targetId === c.id)!;
    expect(comment).toMatchObject({
      title: cert.name,
      link: `/certification/${cert.slug}#comment-${c.id}`,
      author: author.username,
      hidden: false,
      count: 2,
      notes: [{ username: noter.username, note: 'Off topic' }],
    });
    expect(comment.excerpt.length).toBeLessThanOrEqual(300);
    expect(comment.reasons).toEqual([
      { reason: 'SPAM', count: 1 },
      { reason: 'OTHER', count: 1 },
    ]);
    const counts = body.items.map((i) => i.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('gives each item its author’s id, role and suspension in force, for the tab’s Suspend author', async () => {
    const author = await veteran();
    const modAuthor = await buildUser(t.db.db, { role: 'MODERATOR', createdAt: new Date(clock - 30 * DAY) });
    const cert = await buildCertification(t.db.db);
    const c = await buildComment(cert.id, author, 'Spam by a member');
    const m = await buildComment(cert.id, modAuthor, 'Words of a moderator');
    await flag(await veteran(), { targetType: 'comment', targetId: c.id, reason: 'SPAM' });
    await flag(await veteran(), { targetType: 'comment', targetId: m.id, reason: 'OFFENSIVE' });
    const itemOf = async (id: number) =>
      adminFlagsSchema
        .parse((await call(t, moderator, 'GET', '/api/admin/flags')).json())
        .items.find((i) => i.targetType === 'comment' && i.targetId === id)!;
    expect(await itemOf(c.id)).toMatchObject({ authorId: author.id, authorRole: 'USER', authorSuspension: null });
    expect(await itemOf(m.id)).toMatchObject({ authorId: modAuthor.id, authorRole: 'MODERATOR' });

    const suspended = await call(t, moderator, 'POST', `/api/admin/users/${author.id}/suspend`, {
      days: 3,
      reason: 'Spam in the discussions',
    });
    expect(suspended.statusCode).toBe(200);
    expect((await itemOf(c.id)).authorSuspension).toMatchObject({
      reason: 'Spam in the discussions',
      moderator: moderator.username,
      active: true,
      endsAt: new Date(clock + 3 * DAY).toISOString(),
    });
    expect((await call(t, moderator, 'DELETE', `/api/admin/users/${author.id}/suspend`)).statusCode).toBe(200);
    expect((await itemOf(c.id)).authorSuspension).toBeNull();
  });

  it('DISMISS closes the flags and brings a hidden comment back; 404 when nothing is open', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db);
    const c = await buildComment(cert.id, author, 'A fine comment');
    for (let i = 0; i < 3; i++) await flag(await veteran(), { targetType: 'comment', targetId: c.id, reason: 'SPAM' });
    expect((await threadOf(cert.id))[0]!.hidden).toBe(true);
    const body = { targetType: 'comment', targetId: c.id, action: 'DISMISS', reason: 'Not spam' };
    const res = await resolve(moderator, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resolved: 3 });
    expect((await threadOf(cert.id))[0]).toMatchObject({ content: 'A fine comment', deleted: false });
    expect((await threadOf(cert.id))[0]!.hidden).toBeUndefined();
    const holds = and(eq(flagHolds.targetType, 'comment'), eq(flagHolds.targetId, c.id));
    expect(await t.db.db.select().from(flagHolds).where(holds)).toEqual([]);
    const again = await resolve(moderator, body);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.noOpenFlags);
  });

  it('DISMISS brings a hidden certification back to APPROVED', async () => {
    const cert = await buildCertification(t.db.db);
    for (let i = 0; i < 3; i++)
      await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'INCORRECT' });
    expect(await statusOf(cert.id)).toBe('PENDING');
    const res = await resolve(admin, {
      targetType: 'certification',
      targetId: cert.id,
      action: 'DISMISS',
      reason: 'Fine',
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(cert.id)).toBe('APPROVED');
    expect((await call(t, undefined, 'GET', `/api/certification/${cert.id}`)).statusCode).toBe(200);
  });

  it('REMOVE of a comment: the placeholder in the thread, the log without the words, the author notified and mailed', async () => {
    const author = await veteran();
    // Decisions' emails off: a removal is mailed all the same.
    await t.db.db.insert(memberEmailSettings).values({ userId: author.id, decisions: false });
    const cert = await buildCertification(t.db.db);
    const c = await buildComment(cert.id, author, 'Secret spam words');
    await flag(await veteran(), { targetType: 'comment', targetId: c.id, reason: 'SPAM' });
    const res = await resolve(moderator, {
      targetType: 'comment',
      targetId: c.id,
      action: 'REMOVE',
      reason: 'Advertising',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resolved: 1 });
    const [shown] = await threadOf(cert.id);
    expect(shown).toMatchObject({ id: c.id, content: REMOVED_BY_MODERATOR_TEXT, removed: true, deleted: true });
    // Replies and edits are refused like on a deleted comment.
    const edit = await call(t, author, 'PUT', `/api/comments/${c.id}`, { content: 'again' });
    expect(edit.statusCode).toBe(404);

    const publicLog = await call(t, undefined, 'GET', '/api/moderation-log');
    const entry = publicLog
      .json<PublicModerationEntry[]>()
      .find((e) => e.action === 'REMOVE_FLAGGED' && e.reason === 'Advertising')!;
    expect(entry).toMatchObject({ moderator: moderator.username, targetType: 'comment' });
    expect(entry.targetTitle).toContain(cert.name);
    expect(JSON.stringify(publicLog.json())).not.toContain('Secret spam words');

    const told = await t.db.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(told).toMatchObject([{ kind: 'CONTENT_REMOVED' }]);
    expect(told[0]!.text).toContain('Advertising');
    const mails = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Advertising');
    expect(mails[0]!.headers).toHaveProperty('List-Unsubscribe');
  });

  it('REMOVE of a resource rejects it; of a review hides its text for good, the scores kept', async () => {
    const author = await veteran();
    const cert = await buildCertification(t.db.db);
    const [res0] = await t.db.db
      .insert(resources)
      .values({
        certificationId: cert.id,
        name: 'Dumps',
        description: 'Braindumps',
        url: 'https://dumps.example',
        type: 'book',
        status: 'APPROVED',
        submittedById: author.id,
      })
      .returning();
    await flag(await veteran(), { targetType: 'resource', targetId: res0!.id, reason: 'SPAM' });
    expect(
      (await resolve(moderator, { targetType: 'resource', targetId: res0!.id, action: 'REMOVE', reason: 'Dumps' }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.db.db.select().from(resources).where(eq(resources.id, res0!.id));
    expect(row).toMatchObject({ status: 'REJECTED', rejectionReason: 'Dumps' });

    const r = await buildRating(cert.id, author);
    await flag(await veteran(), { targetType: 'rating', targetId: r.id, reason: 'OFFENSIVE' });
    await resolve(moderator, { targetType: 'rating', targetId: r.id, action: 'REMOVE', reason: 'Abuse' });
    const page = await call(t, undefined, 'GET', `/api/certification/${cert.id}/ratings`);
    expect(page.json().reviews).toMatchObject([{ id: r.id, review: null, difficulty: 3 }]);
    const own = await call(t, author, 'GET', `/api/certification/${cert.id}/rating`);
    expect(own.json()).toMatchObject({ reviewState: 'removed' });
  });

  it('the pending counts include the flagged items in flags and total', async () => {
    const before = pendingCountsSchema.parse((await call(t, moderator, 'GET', '/api/admin/pending-counts')).json());
    const cert = await buildCertification(t.db.db);
    await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'DUPLICATE' });
    await flag(await veteran(), { targetType: 'certification', targetId: cert.id, reason: 'DUPLICATE' });
    const after = pendingCountsSchema.parse((await call(t, moderator, 'GET', '/api/admin/pending-counts')).json());
    expect(after.flags).toBe(before.flags! + 1);
    expect(after.total).toBe(before.total + 1);
  });

  it('members get 403 and visitors 401 on the admin calls', async () => {
    const who = await veteran();
    for (const [method, url, body] of [
      ['GET', '/api/admin/flags', undefined],
      ['POST', '/api/admin/flags/resolve', { targetType: 'comment', targetId: 1, action: 'DISMISS', reason: 'x' }],
      ['POST', '/api/admin/voting-rings/1/dismiss', undefined],
    ] as const) {
      expect((await call(t, undefined, method, url, body)).statusCode, url).toBe(401);
      expect((await call(t, who, method, url, body)).statusCode, url).toBe(403);
    }
  });
});

describe('flags in an account’s first week (docs/decisions/0029-new-account-limits.md)', () => {
  it('the 6th flag of the day is 429 saying when it resets; an 8-day-old account is not limited', async () => {
    const newcomer = await memberAged(2);
    const certs = await Promise.all(Array.from({ length: 7 }, () => buildCertification(t.db.db)));
    for (const c of certs.slice(0, 5)) {
      expect((await flag(newcomer, { targetType: 'certification', targetId: c.id, reason: 'SPAM' })).statusCode).toBe(
        201,
      );
    }
    clock += 2 * HOUR;
    const refused = await flag(newcomer, { targetType: 'certification', targetId: certs[5]!.id, reason: 'SPAM' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'New accounts can flag 5 items a day in their first week. You can flag another in 22 hours.',
    );
    expect(
      await t.db.db
        .select()
        .from(flags)
        .where(and(eq(flags.userId, newcomer.id), eq(flags.targetId, certs[5]!.id))),
    ).toEqual([]);

    const older = await memberAged(8);
    for (const c of certs) {
      expect((await flag(older, { targetType: 'certification', targetId: c.id, reason: 'SPAM' })).statusCode).toBe(201);
    }
  });

  it('refused flags are not counted: repeating a flag (409) or flagging one’s own item (400) leaves the 5 whole', async () => {
    const newcomer = await memberAged(1);
    const certs = await Promise.all(Array.from({ length: 5 }, () => buildCertification(t.db.db)));
    const own = await buildComment(certs[0]!.id, newcomer);
    const first = { targetType: 'certification', targetId: certs[0]!.id, reason: 'SPAM' };
    expect((await flag(newcomer, first)).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) {
      const again = await flag(newcomer, { ...first, reason: 'DUPLICATE' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MSG.flagAlreadyFiled);
      expect((await flag(newcomer, { targetType: 'comment', targetId: own.id, reason: 'SPAM' })).statusCode).toBe(400);
    }
    for (const c of certs.slice(1)) {
      expect((await flag(newcomer, { targetType: 'certification', targetId: c.id, reason: 'SPAM' })).statusCode).toBe(
        201,
      );
    }
    // The sixth accepted flag of the day is the one refused.
    const sixth = await flag(newcomer, {
      targetType: 'certification',
      targetId: (await buildCertification(t.db.db)).id,
      reason: 'SPAM',
    });
    expect(sixth.statusCode).toBe(429);
  });
});
