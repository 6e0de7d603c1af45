import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TEXT, isDangerousContent, MSG } from '@certitude/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.js';
import { createMember, e2eDatabase, signInByApi, type AuthTokens } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';
import { stopOwnServer } from './support/suite.js';

/*
 * Stored XSS drill: hostile markup goes into every field a member or a moderator can set (certification and
 * resource submissions, comments, an article, a rejection reason), is made public through the moderation
 * API, and every page that shows it is opened in Chromium twice: once as served (with the Content-Security-
 * Policy), once with the policy bypassed, so that the markdown renderer and React's escaping are tested on
 * their own. Every payload sets window.__xss (or parent.__xss) and most also call alert(): the flag must stay
 * unset, no dialog may open, no element may carry an event handler attribute or a javascript:/data: link.
 */

const PASSWORD = 'Stored-xss-e2e-1';
const MEMBER = 'xss_member';
const MODERATOR = 'xss_mod';
const ADMIN = 'xss_admin';
/** Text that every stored field carries, to find it on the page. */
const MARK = 'xss-probe';

const run = (n: number) => `window.__xss=${n}`;
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Markdown sources that would run script if raw HTML, a dangerous link or an entity trick got through. */
const PAYLOADS = [
  `<script>${run(1)};alert(1)</script>`,
  `<img src=x onerror="${run(2)};alert(2)">`,
  `<svg onload="${run(3)}"><circle r="1"/></svg>`,
  `<svg><script>${run(4)}</script></svg>`,
  `<div onmouseover="${run(5)}" onfocus="${run(5)}" tabindex="0" style="position:fixed;inset:0">hover</div>`,
  `<body onload=${run(6)}>`,
  `<iframe src="javascript:parent.__xss=7"></iframe>`,
  `<iframe srcdoc="<script>parent.__xss=8</script>"></iframe>`,
  `<a href="jav&#x09;ascript:${run(9)}">tab entity</a>`,
  `<a href="javascript&colon;${run(10)}">colon entity</a>`,
  `[markdown link](javascript:${run(11)})`,
  `[mixed case](JaVaScRiPt:${run(12)})`,
  `[tab entity](jav&#x09;ascript:${run(13)})`,
  `[decimal entities](&#106;&#97;vascript:${run(14)})`,
  `[data link](data:text/html;base64,${b64('<script>parent.__xss=15</script>')})`,
  `![image js](javascript:${run(16)})`,
  `![image svg](data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg" onload="top.__xss=17"/>')})`,
  `[vbscript](vbscript:msgbox(18))`,
  `<javascript:${run(19)}>`,
  `<data:text/html,<script>parent.__xss=20</script>>`,
  `[reference link][evil]\n\n[evil]: javascript:${run(21)}`,
  `&lt;img src=x onerror=${run(22)}&gt;`,
  `"><img src=x onerror=${run(23)}>`,
  `'><svg/onload=${run(24)}>`,
  `</title><script>${run(25)}</script>`,
  `</textarea><script>${run(26)}</script>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${run(27)}>`,
  `<object data="javascript:${run(28)}"></object>`,
  `<form action="javascript:${run(29)}"><button>go</button></form>`,
  `<a href="data:text/html,<script>parent.__xss=30</script>">data link</a>`,
  '```html\n<script>' + run(31) + '</script>\n```',
  `[autolink style](<javascript:${run(32)}>)`,
  `[spaced]( javascript:${run(33)} )`,
  `[newline](java\nscript:${run(34)})`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${run(35)}">padded entities</a>`,
  `<img src="x" onerror="&#119;indow.__xss=36">`,
  `<details open ontoggle=${run(37)}>`,
  `<style>@import 'javascript:${run(38)}';</style>`,
];

/** Every payload, one paragraph each, under the marker: a description or an article body. */
const ALL = `${MARK} all payloads\n\n${PAYLOADS.join('\n\n')}`;

let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof e2eDatabase>>;
const contexts: BrowserContext[] = [];
const tokens: Record<string, AuthTokens> = {};
let certSlug = '';
let articleSlug = '';

async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  as?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (as) headers.authorization = `Bearer ${tokens[as]!.token}`;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function expectStatus<T>(call: Promise<{ status: number; body: T }>, status: number, what: string): Promise<T> {
  const res = await call;
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

/** Splits the comment-safe payloads into comments of at most 2000 characters. */
function commentBatches(payloads: string[]): string[] {
  const batches: string[] = [];
  let current = MARK;
  for (const p of payloads) {
    if (current.length + p.length + 2 > 1900) {
      batches.push(current);
      current = MARK;
    }
    current += `\n\n${p}`;
  }
  batches.push(current);
  return batches;
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-xss-'));
  database = await e2eDatabase('xss');
  createMember(dataDir, { username: MEMBER, password: PASSWORD }, database.env);
  createMember(dataDir, { username: MODERATOR, password: PASSWORD, role: 'MODERATOR' }, database.env);
  createMember(dataDir, { username: ADMIN, password: PASSWORD, role: 'ADMIN' }, database.env);
  server = await startServer({ DATA_DIR: dataDir, ...database.env });
  for (const name of [MEMBER, MODERATOR, ADMIN]) tokens[name] = await signInByApi(server.url, name, PASSWORD);

  // A member submits a certification whose every field is hostile; a moderator approves it.
  const cert = await expectStatus(
    api<{ id: number; slug: string }>(
      'POST',
      '/api/certification',
      {
        name: `XSS Probe <img src=x onerror=${run(40)}> "><script>${run(41)}</script>`,
        certCode: `<svg onload=${run(42)}>`,
        vendor: `XSS Vendor <script>${run(43)}</script>`,
        description: ALL,
        url: `https://example.com/?q="><script>${run(44)}</script>`,
      },
      MEMBER,
    ),
    201,
    'submit certification',
  );
  // A pending submission's slug carries a random suffix; approval gives it its public one.
  const approved = await expectStatus(
    api<{ slug: string }>('POST', `/api/admin/certification/${cert.id}/approve`, {}, MODERATOR),
    200,
    'approve',
  );
  certSlug = approved.slug;

  const resource = await expectStatus(
    api<{ id: number }>(
      'POST',
      '/api/resource',
      {
        name: `${MARK} resource <img src=x onerror=${run(45)}>`,
        description: ALL,
        url: `https://example.com/r?"><svg onload=${run(46)}>`,
        type: 'course',
        isPaid: false,
        certificationId: cert.id,
      },
      MEMBER,
    ),
    201,
    'submit resource',
  );
  await expectStatus(api('POST', `/api/admin/resource/${resource.id}/approve`, {}, MODERATOR), 200, 'approve');

  // One submission of each kind stays pending (the review queue), one is rejected with a hostile reason.
  await expectStatus(
    api(
      'POST',
      '/api/certification',
      {
        name: `${MARK} pending <svg onload=${run(50)}>`,
        certCode: 'XSS-PENDING',
        vendor: `<img src=x onerror=${run(51)}>`,
        description: ALL,
        url: 'https://example.com/pending',
      },
      MEMBER,
    ),
    201,
    'submit pending certification',
  );
  await expectStatus(
    api(
      'POST',
      '/api/resource',
      {
        name: `${MARK} pending resource <script>${run(52)}</script>`,
        description: ALL,
        url: `https://example.com/p?<img src=x onerror=${run(53)}>`,
        type: 'video',
        certificationId: cert.id,
      },
      MEMBER,
    ),
    201,
    'submit pending resource',
  );
  const rejected = await expectStatus(
    api<{ id: number }>(
      'POST',
      '/api/certification',
      {
        name: `${MARK} rejected`,
        certCode: 'XSS-REJECTED',
        vendor: 'XSS Vendor',
        description: 'to be rejected',
        url: 'https://example.com/rejected',
      },
      MEMBER,
    ),
    201,
    'submit certification to reject',
  );
  await expectStatus(
    api(
      'POST',
      `/api/admin/certification/${rejected.id}/reject`,
      { reason: `${MARK} reason <script>${run(54)}</script><img src=x onerror=${run(55)}>` },
      MODERATOR,
    ),
    200,
    'reject',
  );

  // Comments: what the server refuses as dangerous (docs/product.md#comments) must be refused; the rest is stored.
  const dangerous = PAYLOADS.filter((p) => isDangerousContent(p));
  const allowed = PAYLOADS.filter((p) => !isDangerousContent(p));
  expect(dangerous.length).toBeGreaterThan(10);
  expect(allowed.length).toBeGreaterThan(5);
  for (const p of dangerous) {
    const res = await api<{ message: string }>(
      'POST',
      `/api/certification/${cert.id}/comments`,
      { content: p },
      MODERATOR,
    );
    expect(res.status, p).toBe(400);
    expect(res.body.message).toBe(MSG.commentDangerous);
  }
  const [first, ...rest] = commentBatches(allowed);
  // The member's comment is posted, then edited (the edit path stores the same way).
  const mine = await expectStatus(
    api<{ id: number }>('POST', `/api/certification/${cert.id}/comments`, { content: `${MARK} first` }, MEMBER),
    201,
    'member comment',
  );
  await expectStatus(api('PUT', `/api/comments/${mine.id}`, { content: first }, MEMBER), 200, 'edit comment');
  // Moderators are not held to the posting interval: the other batches are theirs, one as a reply.
  for (const [i, content] of rest.entries()) {
    await expectStatus(
      api(
        'POST',
        `/api/certification/${cert.id}/comments`,
        i === 0 ? { content, parentCommentId: mine.id } : { content },
        MODERATOR,
      ),
      201,
      'moderator comment',
    );
  }

  // An admin publishes an article whose title, summary and body are hostile.
  const article = await expectStatus(
    api<{ slug: string }>(
      'POST',
      '/api/articles',
      {
        title: `${MARK} article <script>${run(60)}</script>`,
        summary: `${MARK} summary <img src=x onerror=${run(61)}> "><svg onload=${run(62)}>`,
        content: ALL,
        published: true,
      },
      ADMIN,
    ),
    201,
    'publish article',
  );
  articleSlug = article.slug;

  if (hasChromium) browser = await launchBrowser();
});

afterAll(async () => {
  const code = await stopOwnServer({ contexts, browser, server, database });
  expect(code, server?.output()).toBe(0);
});

describe('hostile input the API refuses outright', () => {
  it('links of a submission must be http(s); usernames and email addresses cannot carry markup', async () => {
    const base = { name: 'XSS refused', certCode: 'XSS-NO', vendor: 'XSS', description: 'x' };
    for (const url of [
      `javascript:${run(70)}`,
      ` JavaScript:${run(70)}`,
      `data:text/html,<script>${run(70)}</script>`,
      'vbscript:msgbox(1)',
      '//evil.example.com',
    ]) {
      const res = await api('POST', '/api/certification', { ...base, url }, MEMBER);
      expect(res.status, url).toBe(400);
      const resource = await api(
        'POST',
        '/api/resource',
        { name: 'r', description: 'd', url, type: 'course', certificationId: certSlug },
        MEMBER,
      );
      expect(resource.status, url).toBe(400);
    }
    const register = await api('POST', '/auth/register', {
      username: `<script>${run(71)}</script>`,
      email: 'xss-register@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(register.status).toBe(400);
    const email = await api(
      'PUT',
      '/api/user/change-email',
      { newEmail: `"<img src=x onerror=${run(72)}>"@example.com`, password: PASSWORD },
      MEMBER,
    );
    expect(email.status).toBe(400);
  });

  it('JSON answers are JSON, never sniffed as HTML', async () => {
    const res = await fetch(`${server.url}/api/certification/${certSlug}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/** Pages where the stored content shows, with who looks at them and what proves the content is there. */
interface Visit {
  path: () => string;
  as?: string;
  /** Brings the stored content on screen (waits for it, opens a tab). */
  show: (page: Page) => Promise<void>;
}

const VISITS: Record<string, Visit> = {
  'home list': {
    path: () => '/',
    show: (page) =>
      page
        .getByText(/XSS Probe <img/)
        .first()
        .waitFor(),
  },
  'home list, vendor filter and a hostile search': {
    path: () => `/?q=${encodeURIComponent(`XSS <img src=x onerror=${run(80)}>`)}`,
    // The vendor is one of the many: a button on a phone, an option of the vendor menu on a wide screen.
    show: (page) =>
      page
        .getByRole('option', { name: /XSS Vendor <script>/ })
        .first()
        .waitFor({ state: 'attached' }),
  },
  'certification detail (visitor)': {
    path: () => `/certification/${certSlug}`,
    show: async (page) => {
      await page
        .locator('.markdown-body', { hasText: `${MARK} all payloads` })
        .first()
        .waitFor();
      await page.getByText(`${MARK} resource <img`).waitFor();
      await page.locator('.comment-content', { hasText: MARK }).first().waitFor();
    },
  },
  'certification detail (the submitter)': {
    path: () => `/certification/${certSlug}`,
    as: MEMBER,
    show: async (page) => {
      await page.locator('.comment-content', { hasText: MARK }).first().waitFor();
      await page.getByRole('button', { name: 'Edit' }).first().waitFor();
    },
  },
  'article list': {
    path: () => '/articles',
    show: (page) => page.getByText(`${MARK} summary <img`).waitFor(),
  },
  'article detail': {
    path: () => `/articles/${articleSlug}`,
    show: (page) => page.locator('.markdown-body', { hasText: `${MARK} all payloads` }).waitFor(),
  },
  'profile of the submitter': {
    path: () => '/profile',
    as: MEMBER,
    show: (page) => page.getByText(`${MEMBER}@example.com`).first().waitFor(),
  },
  'admin review queue': {
    path: () => '/admin',
    as: MODERATOR,
    show: async (page) => {
      await page.getByText(`${MARK} pending <svg`).waitFor();
      await page.getByText(`${MARK} pending resource <script>`).waitFor();
    },
  },
  'admin moderation log': {
    path: () => '/admin',
    as: MODERATOR,
    show: async (page) => {
      await page.getByRole('tab', { name: ADMIN_TEXT.moderationLog }).click();
      await page.getByText(`${MARK} reason <script>`).waitFor();
    },
  },
  'admin members and article preview': {
    path: () => '/admin',
    as: ADMIN,
    show: async (page) => {
      await page.getByRole('tab', { name: ADMIN_TEXT.members }).click();
      await page.getByText(`${MEMBER}@example.com`).first().waitFor();
      await page.getByRole('tab', { name: ADMIN_TEXT.articles }).click();
      await page.getByRole('button', { name: ADMIN_TEXT.newArticle }).click();
      await page.getByLabel('Content').fill(ALL);
      await page.getByRole('button', { name: ADMIN_TEXT.preview }).click();
      await page.getByTestId('article-preview').getByText(`${MARK} all payloads`).waitFor();
    },
  },
  'not-found page of a hostile path': {
    path: () => `/${encodeURIComponent(`<script>${run(81)}</script>`)}"><img src=x onerror=${run(82)}>`,
    show: (page) => page.getByRole('heading', { name: 'Page Not Found' }).waitFor(),
  },
};

interface Watch {
  dialogs: string[];
  cspConsole: string[];
  errors: string[];
  /** The Content-Security-Policy of the document loaded last. */
  policy: string;
}

async function open(visit: Visit, bypassCSP: boolean): Promise<{ page: Page; watch: Watch }> {
  const context = await browser.newContext({ bypassCSP });
  contexts.push(context);
  const auth = visit.as ? tokens[visit.as] : null;
  await context.addInitScript((a) => {
    if (a) {
      localStorage.setItem('accessToken', a.token);
      localStorage.setItem('refreshToken', a.refreshToken);
      localStorage.setItem('user', JSON.stringify(a.user));
      localStorage.setItem('firstSignInAsked', JSON.stringify([a.user.id]));
    }
    localStorage.setItem('welcomeShown', 'true');
    localStorage.setItem('visited', 'true');
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}`),
    );
  }, auth);
  const page = await context.newPage();
  const watch: Watch = { dialogs: [], cspConsole: [], errors: [], policy: '' };
  page.on('response', (r) => {
    if (r.request().resourceType() === 'document' && r.frame() === page.mainFrame()) {
      watch.policy = r.headers()['content-security-policy'] ?? '';
    }
  });
  page.on('dialog', (d) => {
    watch.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) watch.cspConsole.push(m.text());
  });
  page.on('pageerror', (e) => watch.errors.push(e.message));
  await page.goto(`${server.url}${visit.path()}`);
  return { page, watch };
}

/** What in the live DOM (and in every frame) could run script: the answer must be empty. */
async function findDanger(page: Page, policy: string): Promise<string[]> {
  const found: string[] = [];
  // A page kept by the page cache allows its own inline scripts by hash rather than by nonce (decision 2).
  const hashes = new Set([...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]));
  for (const frame of page.frames()) {
    const { out: inFrame, scripts } = await frame.evaluate(() => {
      const out: string[] = [];
      const scripts: string[] = [];
      const w = window as unknown as { __xss?: unknown };
      if (w.__xss !== undefined) out.push(`window.__xss = ${String(w.__xss)}`);
      const urlAttrs = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background'];
      const bad = /^(javascript|vbscript|data:(?!image\/(gif|png|jpeg|webp);))/i;
      for (const el of Array.from(document.querySelectorAll('*'))) {
        const tag = el.tagName.toLowerCase();
        for (const a of Array.from(el.attributes)) {
          const name = a.name.toLowerCase();
          if (name.startsWith('on')) out.push(`<${tag} ${name}="${a.value}">`);
          if (name === 'srcdoc') out.push(`<${tag} srcdoc>`);
          // Browsers drop tabs, newlines and leading controls from a URL before reading its scheme.
          // eslint-disable-next-line no-control-regex
          const cleaned = a.value.replace(/[\u0000-\u0020]/g, '');
          if (urlAttrs.includes(name) && bad.test(cleaned)) out.push(`<${tag} ${name}="${a.value}">`);
        }
        // The link the browser would follow, after entity decoding and URL parsing.
        if (el instanceof HTMLAnchorElement || el instanceof HTMLAreaElement) {
          if (el.href && /^(javascript|vbscript|data):/i.test(el.protocol)) out.push(`link to ${el.href}`);
        }
        if (['script', 'iframe', 'object', 'embed', 'frame', 'base', 'form', 'svg', 'math', 'style'].includes(tag)) {
          if (el.closest('.markdown-body, .comment-content')) out.push(`<${tag}> in user content`);
        }
        // Our scripts carry the response's nonce or a hash the policy names (their data holds the payloads,
        // JSON-escaped), or come from the site; JSON-LD is data, never run. The hash is checked below.
        const runs = el instanceof HTMLScriptElement && !el.nonce && !el.src && !/json/.test(el.type);
        if (runs && (el.textContent ?? '').includes('__xss')) scripts.push(el.textContent ?? '');
      }
      return { out, scripts };
    });
    for (const text of scripts) {
      if (!hashes.has(createHash('sha256').update(text).digest('base64'))) {
        inFrame.push(`<script> with payload: ${text.slice(0, 80)}`);
      }
    }
    found.push(...inFrame.map((f) => `${frame.url()}: ${f}`));
  }
  return found;
}

describe.skipIf(!hasChromium)('stored content in Chromium', () => {
  for (const [name, visit] of Object.entries(VISITS)) {
    it(`${name}: nothing runs, with the policy and with it bypassed`, async () => {
      for (const bypassCSP of [false, true]) {
        const { page, watch } = await open(visit, bypassCSP);
        await visit.show(page);
        // Something a user does: hover and focus what is on screen, which would fire mouse/focus handlers.
        await page.mouse.move(200, 300);
        await page.keyboard.press('Tab');
        const danger = await findDanger(page, watch.policy);
        const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
        const label = `${name}${bypassCSP ? ' (CSP bypassed)' : ''}`;
        expect(danger, label).toEqual([]);
        expect(watch.dialogs, label).toEqual([]);
        // Escaped content never even tries to run: no violation of the policy on any page.
        expect(violations, label).toEqual([]);
        expect(watch.cspConsole, label).toEqual([]);
        expect(watch.errors, label).toEqual([]);
        await page.context().close();
      }
    });
  }
});

describe('server-rendered HTML', () => {
  it('carries the policy, and no payload unescaped', async () => {
    const pages: [path: string, shows: string][] = [
      ['/', 'XSS Probe'],
      [`/certification/${certSlug}`, `${MARK} all payloads`],
      ['/articles', `${MARK} summary`],
      [`/articles/${articleSlug}`, `${MARK} all payloads`],
      [`/?q=${encodeURIComponent(`<script>${run(90)}</script>`)}`, 'XSS Probe'],
    ];
    for (const [path, shows] of pages) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const policy = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      // Rendered for this answer: its nonce; kept by the page cache: its own inline scripts' hashes (decision 2).
      expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9]+'|'sha256-[A-Za-z0-9+/=]+'/);
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      const html = await res.text();
      expect(html, path).toContain(shows);
      for (const raw of [
        '<script>window.__xss',
        '<img src=x onerror',
        '<img src="x" onerror',
        '<svg onload',
        '<svg/onload',
        '<iframe',
        '<object',
        '<details open ontoggle',
        'href="javascript:',
        'href="data:',
        '</title><script>',
      ]) {
        expect(html.includes(raw), `${path} contains ${raw}`).toBe(false);
      }
      // Every script element the server wrote is ours: it carries this response's nonce, is an inline script the
      // policy names by hash, or is a file of the site.
      const nonce = /'nonce-([A-Za-z0-9]+)'/.exec(policy)?.[1];
      const hashes = new Set([...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]));
      for (const [, tag, text] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
        const ours =
          (nonce !== undefined && tag!.includes(`nonce="${nonce}"`)) ||
          hashes.has(createHash('sha256').update(text!).digest('base64')) ||
          /src="\/[^"]*"/.test(tag!) ||
          tag!.includes('ld+json');
        expect(ours, `${path}: ${tag}`).toBe(true);
      }
    }
  });
});

describe.skipIf(!hasChromium)('the Content-Security-Policy in Chromium', () => {
  it('refuses an inline script inserted into the page, and reports it', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const cspConsole: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspConsole.push(m.text());
    });
    await page.goto(`${server.url}/certification/${certSlug}`);
    await page.locator('.markdown-body').first().waitFor();
    const violation = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
          // page.evaluate itself is not subject to the policy; the element it inserts is.
          const script = document.createElement('script');
          script.textContent = 'window.__inline = 1';
          document.body.appendChild(script);
        }),
    );
    expect(violation).toMatch(/^script-src/);
    expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
    // An inline event handler and a javascript: URL are refused the same way.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__inline = 2');
      img.src = '/does-not-exist.png';
      document.body.appendChild(img);
      const a = document.createElement('a');
      a.href = 'javascript:window.__inline=3';
      document.body.appendChild(a);
      a.click();
    });
    await expect.poll(() => cspConsole.length).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
    await context.close();
  });
});
