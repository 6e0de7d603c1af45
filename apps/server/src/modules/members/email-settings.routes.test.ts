import { EMAIL_KIND_LABELS, MEMBER_EMAIL_TEXT } from '@certitude/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';
import { postComment } from '../../../test/support/discussion.js';
import { call, notificationsOf, watch } from '../../../test/support/members.js';
import { mailOutbox, users } from '../../db/schema/index.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

let t: TestApp;
let moderator: Member;
beforeAll(async () => {
  // Neither the outbox worker nor the member jobs run by themselves: the tests read the outbox and run the jobs.
  t = await buildTestApp({ env: { MAIL_WORKER_INTERVAL_MS: '0', MEMBER_JOBS_INTERVAL_MS: '0' } });
  moderator = await signedIn(t, 'MODERATOR');
});
afterAll(() => t.close());

const DEFAULTS = { replies: true, decisions: true, watched: false, expiry: true, digest: false };
const SETTINGS = '/api/user/notification-settings';

const settingsOf = async (who: Member) => {
  const res = await call(t, who, 'GET', SETTINGS);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().email as typeof DEFAULTS;
};
const setSettings = async (who: Member, email: Partial<typeof DEFAULTS>) => {
  const res = await call(t, who, 'PUT', SETTINGS, { email });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().email as typeof DEFAULTS;
};
const mailsTo = (who: Member) =>
  t.db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, who.user.email)).orderBy(asc(mailOutbox.id));
const comment = async (who: Member, certification: number, content: string, parentCommentId?: number) => {
  const res = await postComment(t, who.user, certification, { content, parentCommentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
/** `author` posts, `replier` answers: the author is told of a reply. */
async function replyTo(author: Member, replier: Member) {
  const cert = await buildCertification(t.db.db);
  const parent = await comment(author, cert.id, 'Which book did you use?');
  const reply = await comment(replier, cert.id, 'The official guide.', parent.id);
  return { cert, reply };
}
const tokenIn = (text: string) => /\/unsubscribe\?token=([A-Za-z0-9._-]+)/.exec(text)?.[1];
const unsubscribe = (token: string, body = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
  t.app.inject({
    method: 'POST',
    url: `/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': type },
    payload: body,
  });

describe('email settings', () => {
  it('start at the defaults: replies, decisions and expiry on, watched activity and the digest off', async () => {
    expect(await settingsOf(await signedIn(t))).toEqual(DEFAULTS);
  });

  it('change only the settings named, and answer the whole set', async () => {
    const member = await signedIn(t);
    expect(await setSettings(member, { watched: true })).toEqual({ ...DEFAULTS, watched: true });
    expect(await setSettings(member, { replies: false, digest: true })).toEqual({
      ...DEFAULTS,
      watched: true,
      replies: false,
      digest: true,
    });
    const all = { replies: true, decisions: false, watched: false, expiry: false, digest: false };
    expect(await setSettings(member, all)).toEqual(all);
    expect(await settingsOf(member)).toEqual(all);
  });

  it('refuse a visitor with 401, whatever the body', async () => {
    expect((await call(t, undefined, 'GET', SETTINGS)).statusCode).toBe(401);
    const put = await call(t, undefined, 'PUT', SETTINGS, { email: { replies: 'nope' } });
    expect(put.statusCode).toBe(401);
    expect(put.json().message).toBe(MEMBER_EMAIL_TEXT.mustLoginForEmailSettings);
  });

  it.each([
    [{ email: { replies: 'yes' } }, 'email.replies must be true or false'],
    [{ email: {} }, MEMBER_EMAIL_TEXT.settingsEmpty],
    [
      { email: { sms: true } },
      'Unknown email setting: sms. The settings are replies, decisions, watched, expiry and digest',
    ],
    [
      { replies: false },
      `${MEMBER_EMAIL_TEXT.settingsNotAnObject}; Unknown field: replies. The body is { email: { replies, decisions, watched, expiry, digest } }`,
    ],
    [{ email: true }, MEMBER_EMAIL_TEXT.settingsNotAnObject],
  ])('answer 400 with a readable message to %j', async (body, message) => {
    const member = await signedIn(t);
    const res = await call(t, member, 'PUT', SETTINGS, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await settingsOf(member)).toEqual(DEFAULTS);
  });
});

describe('notification emails', () => {
  it('mail a reply with the unsubscribe headers and links, in the transaction of the notification', async () => {
    const [author, replier] = [await signedIn(t), await signedIn(t)];
    const { cert, reply } = await replyTo(author, replier);
    const [mail, ...more] = await mailsTo(author);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'comment-reply',
      subject: `${replier.user.username} replied to your comment on ${cert.name}`,
    });
    expect(mail!.textBody).toContain(`http://certitude.test/certification/${cert.slug}#comment-${reply.id}`);
    const token = tokenIn(mail!.textBody)!;
    const link = `http://certitude.test/unsubscribe?token=${token}`;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.textBody).toContain(link);
    expect(mail!.htmlBody).toContain(`href="${link}"`);
    expect(mail!.textBody).toContain(EMAIL_KIND_LABELS.replies);
    // The one who replied is told nothing and mailed nothing.
    expect(await mailsTo(replier)).toEqual([]);
    const [told] = await notificationsOf(t, author);
    expect(told?.kind).toBe('COMMENT_REPLY');
  });

  it('mail nothing when the kind is off, nor to an unverified address, yet still notify', async () => {
    const [quiet, replier] = [await signedIn(t), await signedIn(t)];
    await setSettings(quiet, { replies: false });
    await replyTo(quiet, replier);
    expect(await mailsTo(quiet)).toEqual([]);
    expect((await notificationsOf(t, quiet)).map((n) => n.kind)).toEqual(['COMMENT_REPLY']);

    const unverified = await signedIn(t);
    await t.db.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverified.user.id));
    await replyTo(unverified, replier);
    expect(await mailsTo(unverified)).toEqual([]);
    expect(await notificationsOf(t, unverified)).toHaveLength(1);
  });

  it('mail watched activity only to watchers who turned it on, never to the one who acted', async () => {
    const [keen, quiet, author] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    const cert = await buildCertification(t.db.db);
    for (const who of [keen, quiet, author]) await watch(t, who, cert.id);
    await setSettings(keen, { watched: true });
    await setSettings(author, { watched: true });
    await comment(author, cert.id, 'A first thought.');
    expect((await mailsTo(keen)).map((m) => m.kind)).toEqual(['watched-activity']);
    expect(await mailsTo(quiet)).toEqual([]);
    expect(await mailsTo(author)).toEqual([]);
  });

  it('mail a moderator’s decision once, with its reason, under the "decisions" setting', async () => {
    const [member, quiet] = [await signedIn(t), await signedIn(t)];
    await setSettings(quiet, { decisions: false });
    const submit = async (who: Member) => {
      const cert = await buildCertification(t.db.db, { status: 'PENDING', submittedById: who.user.id });
      const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/reject`, {
        reason: 'Not a certification',
      });
      expect(res.statusCode, res.body).toBe(200);
      return cert;
    };
    const cert = await submit(member);
    const [mail, ...more] = await mailsTo(member);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'submission-rejected',
      subject: `Your certification "${cert.name}" was not approved`,
    });
    expect(mail!.textBody).toContain('Reason: Not a certification');
    expect(mail!.headers?.['List-Unsubscribe']).toContain('/unsubscribe?token=');
    await submit(quiet);
    expect(await mailsTo(quiet)).toEqual([]);
    expect((await notificationsOf(t, quiet)).map((n) => n.kind)).toEqual(['SUBMISSION_REJECTED']);
  });

  it('send no email per event with the digest on: the daily digest lists them once', async () => {
    const [reader, replier] = [await signedIn(t), await signedIn(t)];
    await setSettings(reader, { digest: true });
    const { cert } = await replyTo(reader, replier);
    expect(await mailsTo(reader)).toEqual([]);
    const morning = new Date('2031-03-01T08:00:00Z');
    await t.app.services.memberJobs.runOnce(morning);
    const [digest, ...more] = await mailsTo(reader);
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ kind: 'daily-digest', subject: 'Your Certitude digest: 1 unread notification' });
    expect(digest!.textBody).toContain(`${replier.user.username} replied to your comment on ${cert.name}`);
    expect(digest!.textBody).toContain('http://certitude.test/notifications');
    expect(digest!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = tokenIn(digest!.textBody)!;
    expect(await t.app.pageData.unsubscribeInfo(token)).toEqual({
      kind: 'digest',
      username: reader.user.username,
      subscribed: true,
    });
    // The same day again, and later that day: nothing more.
    await t.app.services.memberJobs.runOnce(morning);
    await replyTo(reader, replier);
    await t.app.services.memberJobs.runOnce(new Date('2031-03-01T20:00:00Z'));
    expect(await mailsTo(reader)).toHaveLength(1);
    // The next day lists only what came since.
    await t.app.services.memberJobs.runOnce(new Date('2031-03-02T08:00:00Z'));
    const mails = await mailsTo(reader);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Your Certitude digest: 1 unread notification');
    // Nothing unread, no digest.
    await call(t, reader, 'POST', '/api/notifications/read');
    await t.app.services.memberJobs.runOnce(new Date('2031-03-03T08:00:00Z'));
    expect(await mailsTo(reader)).toHaveLength(2);
  });
});

describe('unsubscribe links', () => {
  async function mailedToken(member: Member, replier: Member) {
    await replyTo(member, replier);
    const mails = await mailsTo(member);
    return tokenIn(mails.at(-1)!.textBody)!;
  }

  it('turn the one kind off with a one-click POST, answer a short page, and stay 200 when used again', async () => {
    const [member, replier] = [await signedIn(t), await signedIn(t)];
    const token = await mailedToken(member, replier);
    expect(await t.app.pageData.unsubscribeInfo(token)).toEqual({
      kind: 'replies',
      username: member.user.username,
      subscribed: true,
    });
    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`${EMAIL_KIND_LABELS.replies}: these emails are turned off for ${member.user.username}`);
    expect(res.body).toContain('href="http://certitude.test/"');
    expect(await settingsOf(member)).toEqual({ ...DEFAULTS, replies: false });
    expect(await t.app.pageData.unsubscribeInfo(token)).toMatchObject({ subscribed: false });
    // The next reply is a notification without an email.
    const before = (await mailsTo(member)).length;
    await replyTo(member, replier);
    expect(await mailsTo(member)).toHaveLength(before);
    // Used again (a mail client retrying, a second click): still 200, still off.
    expect((await unsubscribe(token)).statusCode).toBe(200);
    expect((await unsubscribe(token, '', 'multipart/form-data; boundary=x')).statusCode).toBe(200);
    expect(await settingsOf(member)).toEqual({ ...DEFAULTS, replies: false });
  });

  it('answer 400 to a forged, altered or malformed token and change nothing', async () => {
    const [member, replier] = [await signedIn(t), await signedIn(t)];
    const token = await mailedToken(member, replier);
    const [id, kind, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      `${id}.${kind}.${flipped}`,
      `${id}.decisions.${signature}`,
      `${id}.digest.${signature}`,
      `${Number(id) + 1}.${kind}.${signature}`,
      `${id}.${kind}`,
      'not-a-token',
      '',
      `${id}.${kind}.${signature}x`,
    ];
    for (const forged of bad) {
      const res = await unsubscribe(forged);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: MEMBER_EMAIL_TEXT.unsubscribeInvalid,
      });
      expect(await t.app.pageData.unsubscribeInfo(forged)).toBeNull();
    }
    const missing = await t.app.inject({ method: 'POST', url: '/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MEMBER_EMAIL_TEXT.unsubscribeInvalid);
    expect(await settingsOf(member)).toEqual(DEFAULTS);
  });

  it('die with a change of address: a link mailed to the old address no longer names the member', async () => {
    const [member, replier] = [await signedIn(t), await signedIn(t)];
    const old = await mailedToken(member, replier);
    expect(await t.app.pageData.unsubscribeInfo(old)).toMatchObject({ username: member.user.username });
    const newEmail = `moved_${member.user.username}@example.org`;
    await t.db.db.update(users).set({ email: newEmail }).where(eq(users.id, member.user.id));
    expect(await t.app.pageData.unsubscribeInfo(old)).toBeNull();
    const res = await unsubscribe(old);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEMBER_EMAIL_TEXT.unsubscribeInvalid);
    expect(await settingsOf(member)).toEqual(DEFAULTS);
    // The links mailed to the new address work; the case of the address does not matter.
    const fresh = new UnsubscribeTokens(t.config.jwtSecret).sign(member.user.id, 'replies', newEmail.toUpperCase());
    expect((await unsubscribe(fresh)).statusCode).toBe(200);
    expect(await settingsOf(member)).toEqual({ ...DEFAULTS, replies: false });
  });

  it('is no sign-in: the token is refused as a bearer token', async () => {
    const [member, replier] = [await signedIn(t), await signedIn(t)];
    const token = await mailedToken(member, replier);
    const res = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('turns the digest off from the digest’s own link', async () => {
    const member = await signedIn(t);
    await setSettings(member, { digest: true });
    const token = new UnsubscribeTokens(t.config.jwtSecret).sign(member.user.id, 'digest', member.user.email);
    expect((await unsubscribe(token)).statusCode).toBe(200);
    expect(await settingsOf(member)).toEqual(DEFAULTS);
    const rows = await t.db.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.user.email), eq(mailOutbox.kind, 'daily-digest')));
    expect(rows).toEqual([]);
  });
});
