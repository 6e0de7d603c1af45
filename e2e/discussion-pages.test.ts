/*
 * A long discussion: the server's HTML holds its first twenty threads and, in its JSON-LD, the discussion's size and
 * latest comment's time; 'Load more discussions' brings the rest, a reply into a thread of a later page appears in
 * place, and the whole card stays accessible in the light and the dark theme.
 */
import { STORAGE_KEYS, type Comment } from '@certitude/shared';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations } from './support/a11y.js';
import { hasChromium, hydrated } from './support/browser.js';
import { signInByApi, type AuthTokens } from './support/members.js';
import { type RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

const PASSWORD = 'Pages-e2e-pass-1';
const CERT = 'certified-kubernetes-administrator-cka';
const THREADS = 26;
/** A short discussion with a reply and a deleted thread, for the counts of the page's JSON-LD. */
const SMALL = 'comptia-security-plus';

let server: RunningServer;
const contexts: BrowserContext[] = [];
const tokens: Record<string, AuthTokens> = {};
/** When the last of the long discussion's threads was written, as the API gave it. */
let lastThreadAt = '';

/** Posts as the moderator (no interval between posts), answering the comment the API made. */
async function post(cert: string, content: string, parentCommentId?: number): Promise<Comment> {
  const res = await fetch(`${server.url}/api/certification/${cert}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.pages_mod!.token}` },
    body: JSON.stringify({ content, parentCommentId }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Comment;
}

/** The certification page's JSON-LD as the server renders it for a visitor. */
async function jsonLd(cert: string): Promise<{ subjectOf?: Record<string, unknown> }> {
  const html = await (await fetch(`${server.url}/certification/${cert}`)).text();
  const scripts = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as { subjectOf?: Record<string, unknown> };
}

/** The discussion's size and newest comment's time, from the whole tree the API gives. */
async function discussionFacts(cert: string): Promise<{ total: number; latest: string }> {
  const tree = (await (await fetch(`${server.url}/api/certification/${cert}/comments`)).json()) as Comment[];
  const all = (list: Comment[]): Comment[] => list.flatMap((c) => [c, ...all(c.replies)]);
  const kept = all(tree).filter((c) => !c.deleted);
  return {
    total: kept.length,
    latest:
      kept
        .map((c) => c.createdAt)
        .sort()
        .at(-1) ?? '',
  };
}

beforeAll(async () => {
  ({ server } = await startSuite({
    database: 'pages',
    members: { pages_mod: 'MODERATOR', pages_member: 'USER' },
    password: PASSWORD,
    contexts,
  }));
  for (const u of ['pages_mod', 'pages_member']) tokens[u] = await signInByApi(server.url, u, PASSWORD);
  // Moderators post without the interval between posts, so the discussion is made at once.
  for (let i = 1; i <= THREADS; i++) lastThreadAt = (await post(CERT, `Thread number ${i} about the exam.`)).createdAt;
});
afterAll(stopSuite);

describe('a long discussion', () => {
  it('is in the server’s HTML, first twenty threads, with its size in the page’s JSON-LD', async () => {
    const html = await (await fetch(`${server.url}/certification/${CERT}`)).text();
    expect(html).toContain('Thread number 1 about the exam.');
    expect(html).toContain('Thread number 20 about the exam.');
    expect(html).not.toContain('Thread number 21 about the exam.');
    expect(html).toContain('Load more discussions');
    expect(html).toMatch(/"@type":"DiscussionForumPosting"[^}]*"commentCount":26/);
  });

  it('gives in its JSON-LD every comment, replies counted and deleted ones not, and the latest one’s time', async () => {
    expect(await jsonLd(CERT)).toMatchObject({
      subjectOf: { '@type': 'DiscussionForumPosting', commentCount: THREADS, dateModified: lastThreadAt },
    });

    // No discussion yet: no DiscussionForumPosting.
    expect((await jsonLd(SMALL)).subjectOf).toBeUndefined();
    const first = await post(SMALL, 'Which labs did you use?');
    const removed = await post(SMALL, 'A thread its author then deleted.');
    const reply = await post(SMALL, 'The vendor’s own labs, twice.', first.id);
    const res = await fetch(`${server.url}/api/comments/${removed.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.pages_mod!.token}` },
    });
    expect(res.status).toBe(204);
    expect(await discussionFacts(SMALL)).toEqual({ total: 2, latest: reply.createdAt });
    expect((await jsonLd(SMALL)).subjectOf).toMatchObject({
      '@type': 'DiscussionForumPosting',
      commentCount: 2,
      dateModified: reply.createdAt,
    });

    // A later reply, deep in the thread: the next render counts it and takes its time.
    const later = await post(SMALL, 'And the practice tests.', reply.id);
    expect(await discussionFacts(SMALL)).toEqual({ total: 3, latest: later.createdAt });
    expect((await jsonLd(SMALL)).subjectOf).toMatchObject({ commentCount: 3, dateModified: later.createdAt });
  });
});

describe.skipIf(!hasChromium)('a long discussion in Chromium', () => {
  it('loads the next page, takes a reply into a thread of that page in place, and stays accessible', async () => {
    const asked: string[] = [];
    const { page, problems } = await open(`/certification/${CERT}`, {
      auth: tokens.pages_member!,
      before: async (page) =>
        page.on('request', (r) => {
          if (/\/api\/certification\/[^/]+\/comments/.test(r.url())) asked.push(new URL(r.url()).search);
        }),
    });
    const comments = page.getByRole('list', { name: 'Comments' });
    await comments.getByText('Thread number 20 about the exam.').waitFor();
    await page.getByText('26 comments').waitFor();
    // Hydrated from the HTML's first page: the browser does not ask for the discussion again.
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: 'Load more discussions' }).click();
    await comments.getByText('Thread number 26 about the exam.').waitFor();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/limit=20.*cursor=|cursor=.*limit=20/);
    expect(await page.getByRole('button', { name: 'Load more discussions' }).count()).toBe(0);
    expect(await comments.getByText(/^Thread number \d+ about the exam\.$/).count()).toBe(THREADS);

    const thread = page.getByRole('article', { name: 'Comment by pages_mod' }).filter({ hasText: 'Thread number 24 ' });
    await thread.getByRole('button', { name: 'Reply to pages_mod' }).first().click();
    await thread.getByLabel('Reply to pages_mod').fill('A reply on the second page.');
    await thread.getByRole('button', { name: 'Post Reply' }).click();
    // In place: right under the thread it answers, before the next thread. Polled: the text can be found on the
    // page a moment before the thread's list holds it as a comment.
    const around = async () => {
      const texts = (await comments.locator('.comment-content').allTextContents()).map((t) => t.trim());
      const at = texts.indexOf('A reply on the second page.');
      return at < 0 ? null : [texts[at - 1], texts[at + 1]];
    };
    await expect.poll(around).toEqual(['Thread number 24 about the exam.', 'Thread number 25 about the exam.']);
    await page.getByText('27 comments').waitFor();

    const report = await checkA11y(page, { include: 'section[aria-labelledby="discussion-title"]' });
    expect(report.passes).toBeGreaterThan(0);
    expect(report.violations, describeViolations(report.violations)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('stays accessible in the dark theme, the whole discussion loaded', async () => {
    // The saved theme (read by the boot script before first paint) and the matching system preference.
    const { page, problems } = await open(`/certification/${CERT}`, {
      auth: tokens.pages_member!,
      contextOptions: {
        colorScheme: 'dark',
        storageState: {
          cookies: [],
          origins: [{ origin: server.url, localStorage: [{ name: STORAGE_KEYS.theme, value: 'dark' }] }],
        },
      },
    });
    const comments = page.getByRole('list', { name: 'Comments' });
    await comments.getByText('Thread number 20 about the exam.').waitFor();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('dark');
    await page.getByRole('button', { name: 'Load more discussions' }).click();
    await comments.getByText('Thread number 26 about the exam.').waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('dark');

    const report = await checkA11y(page, { include: 'section[aria-labelledby="discussion-title"]' });
    expect(report.passes, 'axe passed no rule, so it did not run').toBeGreaterThan(0);
    expect(report.violations, describeViolations(report.violations)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
