import { MSG, type Notification } from '@certitude/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { signedIn, validCertification, type Member } from '../../../test/support/catalogue.js';
import { postComment } from '../../../test/support/discussion.js';
import { call, notificationsOf, unreadCount, watch } from '../../../test/support/members.js';
import { notifications } from '../../db/schema/index.js';
import { notifyMember } from './notification.repository.js';

let t: TestApp;
let moderator: Member;
beforeAll(async () => {
  t = await buildTestApp();
  moderator = await signedIn(t, 'MODERATOR');
});
afterAll(() => t.close());

const comment = async (who: Member, certification: number | string, content: string, parentCommentId?: number) => {
  const res = await postComment(t, who.user, certification, { content, parentCommentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
const rows = (who: Member) => t.db.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
const kinds = async (who: Member) => (await notificationsOf(t, who)).map((n) => n.kind);

describe('notifications of comments', () => {
  it('tells the parent’s author of a reply, never the one who replies, nor an author replying to themselves', async () => {
    const [author, replier] = [await signedIn(t), await signedIn(t)];
    const cert = await buildCertification(t.db.db);
    const parent = await comment(author, cert.id, 'What did you study with?');
    const reply = await comment(replier, cert.id, 'The official guide.', parent.id);
    const [told] = await notificationsOf(t, author);
    expect(told).toMatchObject({
      kind: 'COMMENT_REPLY',
      text: `${replier.user.username} replied to your comment on ${cert.name}`,
      link: `/certification/${cert.slug}#comment-${reply.id}`,
      readAt: null,
    });
    expect(new Date(told!.createdAt).toISOString()).toBe(told!.createdAt);
    expect(await notificationsOf(t, replier)).toEqual([]);
    await comment(author, cert.id, 'Thanks!', reply.id);
    await comment(author, cert.id, 'And one more thing.', parent.id);
    expect(await kinds(author)).toEqual(['COMMENT_REPLY']);
    expect(await kinds(replier)).toEqual(['COMMENT_REPLY']);
  });

  it('tells every watcher of a new comment but its author, and a watching parent author once, as a reply', async () => {
    const [watcher, author, replier, bystander] = [
      await signedIn(t),
      await signedIn(t),
      await signedIn(t),
      await signedIn(t),
    ];
    const cert = await buildCertification(t.db.db);
    for (const who of [watcher, author, replier]) await watch(t, who, cert.slug);
    const top = await comment(author, cert.id, 'A first thought.');
    expect(await notificationsOf(t, watcher)).toEqual([
      expect.objectContaining({
        kind: 'WATCHED_ACTIVITY',
        text: `${author.user.username} commented on ${cert.name}`,
        link: `/certification/${cert.slug}#comment-${top.id}`,
      }),
    ]);
    expect(await kinds(replier)).toEqual(['WATCHED_ACTIVITY']);
    expect(await notificationsOf(t, author)).toEqual([]);
    await comment(replier, cert.id, 'A reply.', top.id);
    expect(await kinds(author)).toEqual(['COMMENT_REPLY']);
    expect(await kinds(watcher)).toEqual(['WATCHED_ACTIVITY', 'WATCHED_ACTIVITY']);
    expect(await kinds(replier)).toEqual(['WATCHED_ACTIVITY']);
    expect(await notificationsOf(t, bystander)).toEqual([]);
  });

  it('writes nothing when the comment is refused', async () => {
    const [watcher, author] = [await signedIn(t), await signedIn(t)];
    const cert = await buildCertification(t.db.db);
    await watch(t, watcher, cert.id);
    const res = await postComment(t, author.user, cert.id, { content: '   ' });
    expect(res.statusCode).toBe(400);
    expect(await rows(watcher)).toEqual([]);
  });
});

describe('notifications of moderation decisions', () => {
  it('tells the submitter of an approved certification, and of a rejected one with the reason', async () => {
    const submitter = await signedIn(t);
    const submit = async () => {
      const res = await call(t, submitter, 'POST', '/api/certification', validCertification(String(Math.random())));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; name: string };
    };
    const [kept, refused] = [await submit(), await submit()];
    expect((await call(t, moderator, 'POST', `/api/admin/certification/${kept.id}/approve`)).statusCode).toBe(200);
    const reason = 'The vendor page does not list it.';
    const rejected = await call(t, moderator, 'POST', `/api/admin/certification/${refused.id}/reject`, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(await notificationsOf(t, submitter)).toEqual([
      expect.objectContaining({
        kind: 'SUBMISSION_REJECTED',
        text: `Your certification ${refused.name} was rejected: ${reason}`,
        link: `/certification/${refused.id}`,
      }),
      expect.objectContaining({
        kind: 'SUBMISSION_APPROVED',
        text: `Your certification ${kept.name} was approved`,
        link: `/certification/${kept.id}`,
      }),
    ]);
    expect(await notificationsOf(t, moderator)).toEqual([]);
  });

  it('tells the submitter of a resource', async () => {
    const submitter = await signedIn(t);
    const cert = await buildCertification(t.db.db);
    const submit = async (name: string) => {
      const body = { name, description: 'Good.', url: 'https://example.com/r', type: 'book', certificationId: cert.id };
      const res = await call(t, submitter, 'POST', '/api/resource', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    const [kept, refused] = [await submit('Kept guide'), await submit('Refused guide')];
    await call(t, moderator, 'POST', `/api/admin/resource/${kept.id}/approve`);
    await call(t, moderator, 'POST', `/api/admin/resource/${refused.id}/reject`, { reason: 'A broken link.' });
    expect((await notificationsOf(t, submitter)).map((n) => [n.kind, n.text, n.link])).toEqual([
      ['SUBMISSION_REJECTED', 'Your resource Refused guide was rejected: A broken link.', `/certification/${cert.id}`],
      ['SUBMISSION_APPROVED', 'Your resource Kept guide was approved', `/certification/${cert.id}`],
    ]);
  });
});

describe('notifications of revisions', () => {
  const propose = async (who: Member, cert: number, renewal: string) => {
    const res = await call(t, who, 'POST', `/api/certification/${cert}/revisions`, {
      changes: { renewal },
      summary: 'The vendor page says so.',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; status: string };
  };

  it('tells the author of an applied revision, and the watchers but the moderator; a watching author once', async () => {
    const [author, watcher] = [await signedIn(t), await signedIn(t)];
    const cert = await buildCertification(t.db.db);
    for (const who of [author, watcher, moderator]) await watch(t, who, cert.id);
    const revision = await propose(author, cert.id, 'Every three years.');
    expect(revision.status).toBe('PENDING');
    expect(await rows(watcher)).toEqual([]);
    expect((await call(t, moderator, 'POST', `/api/admin/revision/${revision.id}/approve`)).statusCode).toBe(200);
    expect(await notificationsOf(t, author)).toEqual([
      expect.objectContaining({
        kind: 'REVISION_DECIDED',
        text: `Your suggested edit of ${cert.name} was applied`,
        link: `/certification/${cert.slug}/history`,
      }),
    ]);
    expect(await notificationsOf(t, watcher)).toEqual([
      expect.objectContaining({
        kind: 'WATCHED_ACTIVITY',
        text: `${author.user.username} changed ${cert.name}: The vendor page says so.`,
        link: `/certification/${cert.slug}/history`,
      }),
    ]);
    expect(await rows(moderator)).toEqual([]);
  });

  it('tells the author of a rejected revision the reason, and nobody else', async () => {
    const [author, watcher] = [await signedIn(t), await signedIn(t)];
    const cert = await buildCertification(t.db.db);
    await watch(t, watcher, cert.id);
    const revision = await propose(author, cert.id, 'Never.');
    const reason = 'The official page says otherwise.';
    await call(t, moderator, 'POST', `/api/admin/revision/${revision.id}/reject`, { reason });
    expect((await notificationsOf(t, author)).map((n) => [n.kind, n.text])).toEqual([
      ['REVISION_DECIDED', `Your suggested edit of ${cert.name} was rejected: ${reason}`],
    ]);
    expect(await rows(watcher)).toEqual([]);
  });

  it('tells watchers of a moderator’s change applied at once, and of a revert', async () => {
    const watcher = await signedIn(t);
    const cert = await buildCertification(t.db.db);
    await watch(t, watcher, cert.id);
    await watch(t, moderator, cert.id);
    const revision = await propose(moderator, cert.id, 'Every two years.');
    expect(revision.status).toBe('APPLIED');
    const reverted = await call(t, moderator, 'POST', `/api/admin/revision/${revision.id}/revert`);
    expect(reverted.statusCode).toBe(201);
    expect((await notificationsOf(t, watcher)).map((n) => n.text)).toEqual([
      `${moderator.user.username} changed ${cert.name}: Reverted revision #${revision.id}`,
      `${moderator.user.username} changed ${cert.name}: The vendor page says so.`,
    ]);
    expect(await rows(moderator)).toEqual([]);
  });

  it('tells watchers of an edit made with the certification form, and the author of a reviewed edit', async () => {
    const [submitter, watcher] = [await signedIn(t), await signedIn(t)];
    const cert = await buildCertification(t.db.db, { submittedById: submitter.user.id });
    await watch(t, watcher, cert.id);
    await watch(t, submitter, cert.id);
    const edited = { ...validCertification(String(Math.random())), vendor: cert.vendor };
    // The submitter's edit of a published certification waits for review (decision 0013).
    expect((await call(t, submitter, 'PUT', `/api/certification/${cert.id}`, edited)).statusCode).toBe(200);
    expect(await rows(watcher)).toEqual([]);
    expect((await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`)).statusCode).toBe(200);
    expect(await kinds(submitter)).toEqual(['REVISION_DECIDED']);
    expect(await notificationsOf(t, watcher)).toEqual([
      expect.objectContaining({
        kind: 'WATCHED_ACTIVITY',
        text: `${submitter.user.username} changed ${edited.name}: Edited with the certification form`,
      }),
    ]);
    // A moderator's edit applies at once.
    const again = { ...edited, description: 'Changed by a moderator.' };
    expect((await call(t, moderator, 'PUT', `/api/certification/${cert.id}`, again)).statusCode).toBe(200);
    expect(await kinds(watcher)).toEqual(['WATCHED_ACTIVITY', 'WATCHED_ACTIVITY']);
    expect(await kinds(submitter)).toEqual(['WATCHED_ACTIVITY', 'REVISION_DECIDED']);
    expect(await rows(moderator)).toEqual([]);
  });
});

describe('one notification per event and member', () => {
  it('keeps the first of two writes of one event for one member', async () => {
    const member = await signedIn(t);
    const event = { kind: 'WATCHED_ACTIVITY', text: 'First', link: '/', eventKey: 'test:once' } as const;
    await notifyMember(t.db.db, member.user.id, event);
    await notifyMember(t.db.db, member.user.id, { ...event, kind: 'COMMENT_REPLY', text: 'Second' });
    expect((await rows(member)).map((r) => r.text)).toEqual(['First']);
    await expect(
      t.db.db.insert(notifications).values({ ...event, userId: member.user.id, eventKey: 'test:twice' }),
    ).resolves.toBeDefined();
    await expect(
      t.db.db.insert(notifications).values({ ...event, userId: member.user.id, eventKey: 'test:twice' }),
    ).rejects.toThrow();
  });
});

describe('reading notifications', () => {
  async function withNotifications(n: number) {
    const member = await signedIn(t);
    for (let i = 1; i <= n; i++) {
      await notifyMember(t.db.db, member.user.id, {
        kind: 'WATCHED_ACTIVITY',
        text: `Event ${i}`,
        link: `/certification/x#${i}`,
        eventKey: `test:${i}`,
      });
    }
    return member;
  }

  it('pages newest first with Link and X-Total-Count', async () => {
    const member = await withNotifications(5);
    const first = await call(t, member, 'GET', '/api/notifications?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect((first.json() as Notification[]).map((n) => n.text)).toEqual(['Event 5', 'Event 4']);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    expect(next).toMatch(/^\/api\/notifications\?limit=2&cursor=\d+$/);
    const second = await call(t, member, 'GET', next);
    expect((second.json() as Notification[]).map((n) => n.text)).toEqual(['Event 3', 'Event 2']);
    const last = await call(t, member, 'GET', /<([^>]+)>/.exec(String(second.headers.link))![1]!);
    expect((last.json() as Notification[]).map((n) => n.text)).toEqual(['Event 1']);
    expect(last.headers.link).toBeUndefined();
  });

  it('counts the unread, marks the named ones or all read, and only the member’s own', async () => {
    const member = await withNotifications(3);
    const other = await withNotifications(2);
    expect(await unreadCount(t, member)).toBe(3);
    const [newest, middle] = await notificationsOf(t, member);
    const othersIds = (await notificationsOf(t, other)).map((n) => n.id);
    const marked = await call(t, member, 'POST', '/api/notifications/read', { ids: [newest!.id, ...othersIds] });
    expect(marked.statusCode).toBe(204);
    expect(await unreadCount(t, member)).toBe(2);
    expect(await unreadCount(t, other)).toBe(2);
    const unread = await call(t, member, 'GET', '/api/notifications?unread=true');
    expect(unread.headers['x-total-count']).toBe('2');
    expect((unread.json() as Notification[]).map((n) => n.id)).toEqual([middle!.id, expect.any(Number)]);
    expect((await notificationsOf(t, member))[0]!.readAt).toEqual(expect.any(String));
    // No body at all, or one without ids: every one of the member's.
    expect((await call(t, member, 'POST', '/api/notifications/read')).statusCode).toBe(204);
    expect(await unreadCount(t, member)).toBe(0);
    expect(await unreadCount(t, other)).toBe(2);
    expect((await call(t, other, 'POST', '/api/notifications/read', {})).statusCode).toBe(204);
    expect(await unreadCount(t, other)).toBe(0);
    const readAt = await t.db.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.id, newest!.id)));
    expect(readAt[0]!.readAt!.toISOString()).toBe((await notificationsOf(t, member))[0]!.readAt);
  });

  it('refuses bad queries and bodies with a 400', async () => {
    const member = await signedIn(t);
    for (const query of ['unread=yes', 'limit=0', 'limit=51', 'cursor=abc']) {
      expect((await call(t, member, 'GET', `/api/notifications?${query}`)).statusCode, query).toBe(400);
    }
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    for (const body of [{ ids: 'all' }, { ids: [0] }, { ids: tooMany }]) {
      expect((await call(t, member, 'POST', '/api/notifications/read', body)).statusCode).toBe(400);
    }
  });

  it('is for members: 401 for visitors', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const res = await call(t, undefined, method, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.mustLoginForNotifications);
    }
  });
});
