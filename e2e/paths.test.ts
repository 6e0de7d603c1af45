import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COMMON_NEXT_MIN_MEMBERS,
  NEXT_STEPS_TEXT,
  FOOTER_TEXT,
  PATHS_TEXT,
  STORAGE_KEYS,
  type PathMap,
  type Theme,
} from '@certitude/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations } from './support/a11y.js';
import { hasChromium, launchBrowser, openPage, scriptsNamedBy } from './support/browser.js';
import { ageAccounts, createMember, e2eDatabase, signInByApi } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';
import { stopOwnServer } from './support/suite.js';

/**
 * The certification paths in Chromium (docs/product.md#paths-pages): /paths and a domain's map, drawn on the server as
 * SVG, moved and zoomed with the mouse and the keyboard, a box clicked open, its list walked with Tab, a member's held
 * certifications marked, members' common next step drawn from three members and not for two, axe in both themes; and
 * the paths of a certification page.
 */
const PASSWORD = 'Paths-e2e-pass-1';
const MEMBER = 'paula_p';
/** Security has prerequisites in the seeded catalogue: Security+ is recommended before CySA+ and PenTest+. */
const DOMAIN = 'security';
const SECURITY_PLUS = 'comptia-security-plus';
const CYSA = 'comptia-cysa-plus';
/** Two certifications of the domain with no prerequisite link: only members' dates can join them. */
const FIRST = 'microsoft-certified-security-compliance-and-identity-fundamentals';
const THEN = 'microsoft-certified-security-operations-analyst-associate';
/** Members who each earned FIRST before THEN: one fewer than the threshold shows nothing, the threshold an edge. */
const TAKERS = ['nico_p', 'nora_p', 'noel_p'];

let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof e2eDatabase>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-paths-'));
  database = await e2eDatabase('paths');
  // PGlite admits one process at a time: the member is made before the server opens the database.
  for (const username of [MEMBER, ...TAKERS]) createMember(dataDir, { username, password: PASSWORD }, database.env);
  server = await startServer({ DATA_DIR: dataDir, ...database.env });
  // Only accounts past their first week count in the common next steps (decision 25).
  await ageAccounts(dataDir, database.env, TAKERS);
  if (hasChromium) browser = await launchBrowser();
});

afterAll(async () => {
  const code = await stopOwnServer({ contexts, browser, server, database });
  expect(code, server?.output()).toBe(0);
});

/** A page opened by a visitor or, with `member`, signed in; with `theme`, themed as the app themes itself. */
async function open(path: string, opts: { member?: boolean; theme?: Theme } = {}) {
  const requests: string[] = [];
  const opened = await openPage(browser, server.url, path, {
    auth: opts.member ? await signInByApi(server.url, MEMBER, PASSWORD) : null,
    contextOptions: {
      viewport: { width: 1280, height: 900 },
      // No smooth scrolling (Bootstrap's, for those who do not ask for less motion): the page's scroll position is
      // read at once, and colours are checked as they end up.
      reducedMotion: 'reduce',
      // The saved theme (read by the boot script before first paint) and the matching system preference.
      ...(opts.theme
        ? {
            colorScheme: opts.theme,
            storageState: {
              cookies: [],
              origins: [{ origin: server.url, localStorage: [{ name: STORAGE_KEYS.theme, value: opts.theme }] }],
            },
          }
        : {}),
    },
    contexts,
    before: async (page) => page.on('request', (r) => requests.push(new URL(r.url()).pathname)),
    hydrate: true,
  });
  return { ...opened, requests };
}

const transformOf = (page: Page) =>
  page.getByTestId('path-map-svg').evaluate((svg) => (svg as SVGSVGElement).style.transform);
const scaleOf = async (page: Page) => Number(await page.getByTestId('path-map').getAttribute('data-scale'));

/** The map is interactive once hydrated: its container no longer scrolls and answers the mouse and keys. */
async function interactive(page: Page) {
  await page.locator('[data-testid="path-map"].is-interactive').waitFor();
}

async function certificationId(slug: string): Promise<number> {
  const res = await fetch(`${server.url}/api/certification/${slug}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

/** Saves a tracker entry of `username` through the API, as the tracker's form does. */
async function track(username: string, slug: string, body: Record<string, unknown>) {
  const auth = await signInByApi(server.url, username, PASSWORD);
  const res = await fetch(`${server.url}/api/user/certifications/${await certificationId(slug)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function domainMap(): Promise<PathMap> {
  const res = await fetch(`${server.url}/api/paths/${DOMAIN}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PathMap;
}

describe('the paths in the server’s HTML', () => {
  it('carries the map as SVG hidden from assistive technology, its list, and the page’s tags', async () => {
    const res = await fetch(`${server.url}/paths/${DOMAIN}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const svg = /<svg[^>]*data-testid="path-map-svg"[^>]*>/.exec(html)?.[0];
    expect(svg, 'the map is in the server render').toBeDefined();
    expect(svg).toContain('aria-hidden="true"');
    // Nodes, edges of each kind the catalogue has, arrowheads and the columns' headings are all in it.
    expect(html).toMatch(/<a[^>]*class="path-node[^"]*"[^>]*href="\/certification\/comptia-cysa-plus"/);
    expect(html).toContain('class="path-edge path-edge-RECOMMENDED"');
    expect(html).toContain('class="path-edge path-edge-REQUIRED"');
    expect(html).toContain('marker-end="url(#path-arrow-RECOMMENDED)"');
    expect(html).toContain('>Foundational</text>');
    expect(html).toContain('data-testid="path-list"');
    expect(html).toContain(`<title>${PATHS_TEXT.mapTitle('Security')} | Certitude</title>`);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/paths/${DOMAIN}"/>`);
    // elkjs stays on the server: the page's scripts do not carry it.
    const scripts = scriptsNamedBy(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const js = await (await fetch(`${server.url}${src}`)).text();
      expect(js, src).not.toContain('org.eclipse.elk');
    }

    const unknown = await fetch(`${server.url}/paths/no-such-domain`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Page Not Found');
  });
});

describe.skipIf(!hasChromium)('the paths in Chromium', () => {
  it('a visitor goes from the footer to /paths, then to a domain’s map', async () => {
    const { page, problems } = await open('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: FOOTER_TEXT.paths, exact: true }).click();
    await page.waitForURL(`${server.url}/paths`);
    await page.getByRole('heading', { level: 1, name: PATHS_TEXT.title }).waitFor();
    const card = page.getByTestId('path-domains').getByRole('listitem').filter({ hasText: 'Security' });
    expect(await card.textContent()).toMatch(/Security\d+ certifications/);
    await card.getByRole('link', { name: 'Security', exact: true }).click();
    await page.waitForURL(`${server.url}/paths/${DOMAIN}`);
    await page.getByRole('heading', { level: 1, name: PATHS_TEXT.mapTitle('Security') }).waitFor();
    await interactive(page);
    expect(await page.getByTestId('path-map-svg').locator('a.path-node').count()).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('the map moves with a mouse drag and zooms with Ctrl + wheel and the buttons; the wheel alone scrolls the page', async () => {
    const { page, problems } = await open(`/paths/${DOMAIN}`);
    await interactive(page);
    // The domain's overview comes first: the map is brought into the window, as a reader scrolls to it.
    await page.getByTestId('path-map').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const box = (await page.getByTestId('path-map').boundingBox())!;
    // From an empty spot of the map (a column's band), so that no link is under the press.
    await page.mouse.move(box.x + box.width - 40, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 140, box.y + 120, { steps: 6 });
    await page.mouse.up();
    expect(await transformOf(page)).toBe('translate(-100px, -80px) scale(1)');
    expect(page.url()).toBe(`${server.url}/paths/${DOMAIN}`);

    await page.mouse.move(box.x + 200, box.y + 200);
    // The wheel alone scrolls the page past the map, which keeps its scale.
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
    expect(await scaleOf(page)).toBe(1);
    await page.getByTestId('path-map').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const still = (await page.getByTestId('path-map').boundingBox())!;
    await page.mouse.move(still.x + 200, still.y + 200);
    // With Ctrl the wheel zooms.
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 200);
    await expect.poll(() => scaleOf(page)).toBeLessThan(1);
    await page.mouse.wheel(0, -600);
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(1);
    await page.keyboard.up('Control');

    await page.getByRole('button', { name: PATHS_TEXT.resetView }).click();
    expect(await transformOf(page)).toBe('translate(0px, 0px) scale(1)');
    await page.getByRole('button', { name: PATHS_TEXT.zoomIn }).click();
    expect(await scaleOf(page)).toBe(1.25);
    await page.getByRole('button', { name: PATHS_TEXT.zoomOut }).click();
    expect(await scaleOf(page)).toBe(1);
    expect(problems).toEqual([]);
  });

  it('the map takes the focus with a visible ring; arrow keys move it, + and - zoom, 0 resets', async () => {
    const { page, problems } = await open(`/paths/${DOMAIN}`);
    await interactive(page);
    // Tab from the last button of the map's controls reaches the map itself.
    await page.getByRole('button', { name: PATHS_TEXT.resetView }).focus();
    await page.keyboard.press('Tab');
    const map = page.getByTestId('path-map');
    expect(await map.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await map.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);

    // Wherever the focus scrolled the page to, it stays there.
    await page.waitForFunction(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))),
    );
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await transformOf(page)).toBe('translate(-48px, -48px) scale(1)');
    // The page itself did not scroll: the keys were the map's.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.keyboard.press('+');
    expect(await scaleOf(page)).toBe(1.25);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await scaleOf(page)).toBe(0.8);
    await page.keyboard.press('0');
    expect(await transformOf(page)).toBe('translate(0px, 0px) scale(1)');
    expect(problems).toEqual([]);
  });

  it('a click on a box of the map opens that certification’s page', async () => {
    const { page, problems } = await open(`/paths/${DOMAIN}`);
    await interactive(page);
    // A box in the map's view as the page opens, so that the click lands where a mouse user would click.
    const frame = (await page.getByTestId('path-map').boundingBox())!;
    const inView = async (node: Locator) => {
      const box = await node.boundingBox();
      return (
        box !== null &&
        box.x >= frame.x &&
        box.y >= frame.y &&
        box.x + box.width <= frame.x + frame.width &&
        box.y + box.height <= frame.y + frame.height
      );
    };
    const nodes = await page.getByTestId('path-map-svg').locator('a.path-node').all();
    let node: Locator | undefined;
    for (const n of nodes) if (!node && (await inView(n))) node = n;
    expect(node, 'a box of the map is in view').toBeDefined();
    const id = Number(await node!.getAttribute('data-id'));
    const cert = (await domainMap()).nodes.find((n) => n.certification.id === id)!.certification;
    await node!.click();
    await page.waitForURL(`${server.url}/certification/${cert.slug}`);
    await page.getByRole('heading', { level: 1, name: cert.name, exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('a certification is reached by keyboard through the list, whose page says what it builds on', async () => {
    const { page, problems } = await open(`/paths/${DOMAIN}`);
    await interactive(page);
    const item = page.getByTestId('path-list').locator(`li[data-id="${await certificationId(CYSA)}"]`);
    expect(await item.textContent()).toContain('Builds on: CompTIA Security+ (recommended)');
    const target = item.getByRole('link', { name: 'CompTIA CySA+', exact: true });
    let reached = false;
    // Past the overview's chips and the map's controls.
    for (let i = 0; i < 1200 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await target.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'Tab reaches CompTIA CySA+ in the list').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/certification/${CYSA}`);
    await page.getByRole('heading', { level: 1, name: 'CompTIA CySA+' }).waitFor();

    const buildsOn = page.getByRole('list', { name: NEXT_STEPS_TEXT.buildsOn });
    expect(await buildsOn.textContent()).toContain(`CompTIA Security+ (${NEXT_STEPS_TEXT.recommended})`);
    const pathLink = page.getByRole('link', { name: NEXT_STEPS_TEXT.seePath('Security') });
    expect(await pathLink.getAttribute('href')).toBe(`/paths/${DOMAIN}`);
    expect(problems).toEqual([]);
  });

  it('a certification page lists what to take next, with the reason', async () => {
    const { page, problems } = await open(`/certification/${SECURITY_PLUS}`);
    const next = page.getByRole('list', { name: NEXT_STEPS_TEXT.title });
    await next.waitFor();
    expect(await next.textContent()).toContain(`CompTIA CySA+ (${NEXT_STEPS_TEXT.prerequisiteOf})`);
    expect(problems).toEqual([]);
  });

  it('a member sees the certifications they hold marked on the map and in the list; a visitor asks for nothing', async () => {
    const auth = await signInByApi(server.url, MEMBER, PASSWORD);
    const held = await certificationId(SECURITY_PLUS);
    const studying = await certificationId(CYSA);
    for (const [id, body] of [
      [held, { status: 'HELD', earnedOn: '2024-03-01' }],
      [studying, { status: 'STUDYING' }],
    ] as const) {
      const res = await fetch(`${server.url}/api/user/certifications/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.text()).toBe(200);
    }

    const member = await open(`/paths/${DOMAIN}`, { member: true });
    const marked = member.page.getByTestId('path-map-svg').locator('a.path-node-held');
    await marked.first().waitFor({ state: 'attached' });
    expect(await marked.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id')))).toEqual([String(held)]);
    const list = member.page.getByTestId('path-list');
    expect(await list.locator(`li[data-id="${held}"]`).textContent()).toContain(PATHS_TEXT.youHoldThis);
    expect(await list.locator(`li[data-id="${studying}"]`).textContent()).not.toContain(PATHS_TEXT.youHoldThis);
    expect(member.requests).toContain('/api/user/certifications');
    expect(member.problems).toEqual([]);

    const visitor = await open(`/paths/${DOMAIN}`);
    await interactive(visitor.page);
    await visitor.page.waitForLoadState('networkidle');
    expect(visitor.requests).not.toContain('/api/user/certifications');
    expect(await visitor.page.locator('.path-node-held').count()).toBe(0);
  });

  it('draws members’ common next step from the third member who earned one before the other, never for two', async () => {
    const [first, then] = [await certificationId(FIRST), await certificationId(THEN)];
    const between = (map: PathMap) => map.edges.filter((e) => e.from === first && e.to === then);
    const names = new Map((await domainMap()).nodes.map((n) => [n.certification.id, n.certification.name]));
    expect(between(await domainMap())).toEqual([]);
    /** What the map page shows of the two, to a visitor: both list entries, and the map's common-next lines. */
    const shown = async () => {
      const { page, problems } = await open(`/paths/${DOMAIN}`);
      await interactive(page);
      const list = page.getByTestId('path-list');
      const edges = page.getByTestId('path-map-svg').locator('path.path-edge-COMMON_NEXT');
      return {
        page,
        problems,
        edges,
        firstItem: await list.locator(`li[data-id="${first}"]`).textContent(),
        thenItem: await list.locator(`li[data-id="${then}"]`).textContent(),
      };
    };

    expect(TAKERS).toHaveLength(COMMON_NEXT_MIN_MEMBERS);
    const hold = async (username: string) => {
      await track(username, FIRST, { status: 'HELD', earnedOn: '2023-01-10' });
      await track(username, THEN, { status: 'HELD', earnedOn: '2024-02-20' });
    };
    for (const username of TAKERS.slice(0, -1)) await hold(username);
    // Two members: nothing says what they did, neither the API nor the page.
    expect(between(await domainMap())).toEqual([]);
    const two = await shown();
    expect(two.firstItem).not.toContain(names.get(then)!);
    expect(two.thenItem).not.toContain(names.get(first)!);
    expect(await two.edges.count()).toBe(0);
    expect(two.problems).toEqual([]);

    await hold(TAKERS.at(-1)!);
    expect(between(await domainMap())).toEqual([{ from: first, to: then, kind: 'COMMON_NEXT', weight: 3 }]);
    const three = await shown();
    expect(three.firstItem).toContain(`${PATHS_TEXT.leadsTo}: ${names.get(then)} (${PATHS_TEXT.takenNext(3)})`);
    expect(three.thenItem).toContain(`${PATHS_TEXT.buildsOn}: ${names.get(first)} (${PATHS_TEXT.takenBefore(3)})`);
    // On the map: one common-next line, with its kind's arrowhead, from the first box to the second.
    expect(await three.edges.count()).toBe(1);
    const edge = three.edges.first();
    expect(await edge.getAttribute('data-kind')).toBe('COMMON_NEXT');
    expect(await edge.getAttribute('marker-end')).toBe('url(#path-arrow-COMMON_NEXT)');
    expect(Number(await edge.getAttribute('stroke-width'))).toBeGreaterThan(0);
    const ends = await three.page.getByTestId('path-map-svg').evaluate(
      (svg, ids) => {
        const path = svg.querySelector<SVGPathElement>('path.path-edge-COMMON_NEXT')!;
        const length = path.getTotalLength();
        const box = (id: number) => {
          const r = svg.querySelector<SVGRectElement>(`a.path-node[data-id="${id}"] rect.path-node-box`)!;
          return { x: r.x.baseVal.value, y: r.y.baseVal.value, w: r.width.baseVal.value, h: r.height.baseVal.value };
        };
        const at = (p: DOMPoint) => (b: ReturnType<typeof box>) =>
          p.x >= b.x - 2 && p.x <= b.x + b.w + 2 && p.y >= b.y - 2 && p.y <= b.y + b.h + 2;
        return {
          start: at(path.getPointAtLength(0))(box(ids.first)),
          end: at(path.getPointAtLength(length))(box(ids.then)),
        };
      },
      { first, then },
    );
    expect(ends).toEqual({ start: true, end: true });
    expect(three.problems).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the map page passes axe in the ${theme} theme`, async () => {
      const { page } = await open(`/paths/${DOMAIN}`, { theme });
      await interactive(page);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(theme);
      const report = await checkA11y(page);
      expect(report.passes, 'axe passed no rule, so it did not run').toBeGreaterThan(0);
      expect(report.violations.length, `${theme}:\n${describeViolations(report.violations)}`).toBe(0);
    });
  }
});
