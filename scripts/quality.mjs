// Page-speed gates: the home page's JavaScript and CSS against their gzip budgets, no layout library (elkjs) in any
// file the browser loads, and Lighthouse (mobile profile, simulated throttling) on six pages against the built
// server on a fresh database: the median of three runs on the home page (the page most visitors land on, and the
// one the budgets are about), one run on each of the others (among them a certification page with a discussion of
// 2,000 comments, the heaviest page), and three when that one run is under its floor. Exits 1 when a budget or a score is missed. `--write` replaces the Lighthouse
// section of docs/quality.md; `--runs N` runs every page N times (`--runs 3` for figures worth writing down).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import { CHROME_FLAGS, CHROME_PATH as CHROMIUM, median, startProcess } from '../bench/lib/harness.mjs';
import { buildNeeded, ROOT } from './build-state.mjs';

const KB = 1024;
/** A domain map of the certification paths with edges in the seeded catalogue (docs/product.md#paths-pages). */
const PATH_MAP = '/paths/security';
/** A string of elkjs's own code: the map's layout runs on the server only (docs/decisions/0026-path-map-layout.md). */
const ELK_MARK = 'org.eclipse.elk';
/** Gzip budgets of everything the home page's HTML loads for its first render (modulepreloads included). */
const BUDGETS = { js: 120 * KB, css: 35 * KB };
/** The lowest median score per category that passes. */
const MIN_SCORES = { performance: 85, accessibility: 100, 'best-practices': 100, seo: 100 };
/**
 * Lower Performance floors of the two heaviest pages, set under what they measure so that the gate stops a
 * regression without failing on noise (decisions 22 and 23): the home page with a 260-certification catalogue (its
 * data in the page, its grid rendered in steps), and a certification page with 2,000 comments (its first 20 threads
 * in the page).
 */
const PERFORMANCE_FLOORS = { home: 70, 'long discussion': 75 };
const minScore = (label, category) =>
  category === 'performance' ? (PERFORMANCE_FLOORS[label] ?? MIN_SCORES.performance) : MIN_SCORES[category];
const floorsText = () =>
  `${CATEGORIES.map((c) => `${MIN_SCORES[c]} (${CATEGORY_LABELS[c]})`).join(', ')}; Performance ${Object.entries(
    PERFORMANCE_FLOORS,
  )
    .map(([page, floor]) => `${floor} on ${page}`)
    .join(' and ')}`;
const CATEGORIES = Object.keys(MIN_SCORES);
const CATEGORY_LABELS = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
};
const DOC = join(ROOT, 'docs/quality.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';
const DOC_INTRO = `# Quality

Quality gates: what CI checks and the figures of the last run. Each gate has its own section below; a
script that measures a gate rewrites only its own section, between its marker comments.
`;

const args = process.argv.slice(2);
const WRITE = args.includes('--write');
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : undefined;
/** `--only home`: measure one page (while working on it; the gate is every page). */
const onlyArg = args.indexOf('--only');
const ONLY = onlyArg >= 0 ? args[onlyArg + 1] : undefined;
if (ONLY && WRITE) throw new Error('--write records every page: leave out --only');
if (RUNS !== undefined && (!Number.isInteger(RUNS) || RUNS < 1)) {
  throw new Error('--runs takes a whole number of runs, 1 or more');
}
/**
 * Runs of each page: the median of three on the home page (the gate's anchor); one run each of the others, and
 * three when that one is under its floor.
 */
const runsOf = (label) => RUNS ?? (label === 'home' ? 3 : 1);

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

function build() {
  const why = buildNeeded();
  if (!why) return;
  console.log(`Building: ${why}`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** The scripts and stylesheets a page's HTML loads: script src, modulepreload, inline module imports, stylesheets. */
function assetsOf(html, base) {
  const js = new Set();
  const css = new Set();
  const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src'));
    else if (rel === 'modulepreload') js.add(attr(tag, 'href'));
    else if (rel === 'stylesheet') css.add(attr(tag, 'href'));
  }
  for (const [, inline] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, src] of inline.matchAll(/\bimport\s*\(?\s*["']([^"']+\.m?js)["']/g)) js.add(src);
  }
  const absolute = (set) => [...set].map((href) => new URL(href, base)).map((u) => `${u.origin}${u.pathname}`);
  return { js: [...new Set(absolute(js))], css: [...new Set(absolute(css))] };
}

/** Each file's size gzipped at level 9, as the server's precompressed copies are. */
async function gzipSizes(urls) {
  const files = [];
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ path: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return files;
}

/** The browser's files of the build that carry elkjs: none may. */
function elkInClient() {
  const dir = join(ROOT, 'apps/web/build/client/assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => readFileSync(join(dir, f), 'utf8').includes(ELK_MARK));
}

async function measureSizes(url) {
  const html = await (await fetch(url)).text();
  const assets = assetsOf(html, url);
  const js = await gzipSizes(assets.js);
  const css = await gzipSizes(assets.css);
  const total = (files) => files.reduce((n, f) => n + f.gzip, 0);
  return [
    { kind: 'JavaScript', files: js, total: total(js), budget: BUDGETS.js },
    { kind: 'CSS', files: css, total: total(css), budget: BUDGETS.css },
  ];
}

async function lighthouseRun(url, port) {
  // No full-page screenshot: no score uses it, and it is the slowest step on a page as long as the listing.
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableFullPageScreenshot: true,
  };
  // A run that Lighthouse itself reports as broken (a lost trace, NO_NAVSTART) says nothing of the page: once more.
  let lhr;
  for (let attempt = 1; ; attempt++) {
    lhr = (await lighthouse(url, flags))?.lhr;
    if (lhr && !lhr.runtimeError) break;
    const why = lhr ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${why}`);
    console.log(`  Lighthouse on ${url}: ${why}; running again`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  return { scores, lhr };
}

/** The measures behind a Performance score, as Lighthouse shows them. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};
const metricsOf = (lhr) =>
  Object.entries(METRICS)
    .map(([id, name]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`)
    .join(', ');

/** The audits that cost a category points in one run, for the report of a miss. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => `${a.id} (${a.score})${a.displayValue ? `: ${a.displayValue}` : ''} - ${a.title}`);
}

function printTable(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
}

function markdownTable(head, rows) {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function chromiumVersion() {
  const out = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return /(\d+\.\d+\.\d+\.\d+)/.exec(out)?.[1] ?? 'unknown';
}

async function writeDoc(section) {
  const block = `${START}\n\n${section}\n\n${END}`;
  const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : DOC_INTRO;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  // Formatted as `npm run lint` checks it (Prettier aligns the tables).
  writeFileSync(DOC, await prettier.format(next, { ...(await prettier.resolveConfig(DOC)), filepath: DOC }));
  console.log(`\nWrote the Lighthouse section of ${DOC}`);
}

/**
 * 2,000 comments on one certification (500 threads of four, as the busiest of bench/scale.mjs), posted by a
 * moderator, who is not held to the interval between posts: the page must keep its scores with them.
 */
async function longDiscussion(server, cert) {
  const username = 'quality_moderator';
  const password = 'Quality-gate-pass-1';
  const created = spawnSync(
    process.execPath,
    [
      join(ROOT, 'apps/server/dist/cli.js'),
      'user:create',
      '--username',
      username,
      '--email',
      `${username}@example.com`,
      '--role',
      'MODERATOR',
    ],
    { input: `${password}\n`, env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`user:create failed: ${created.stderr}`);
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { token } = await login.json();
  const post = async (content, parentCommentId) => {
    const res = await fetch(`${server.url}/api/certification/${cert.id}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(parentCommentId ? { content, parentCommentId } : { content }),
    });
    if (res.status !== 201) throw new Error(`posting a comment answered ${res.status}: ${await res.text()}`);
    return (await res.json()).id;
  };
  let count = 0;
  const thread = async (i) => {
    let parent;
    for (let depth = 0; depth < 4; depth++) {
      parent = await post(
        `Comment ${depth} of thread ${i}: how I prepared, what the exam asked, what I would do again.`,
        parent,
      );
      count++;
    }
  };
  for (let i = 0; i < 500; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => thread(i + k)));
  return count;
}

async function main() {
  const startedAt = Date.now();
  build();
  const server = await startProcess();
  const userDataDir = mkdtempSync(join(tmpdir(), 'certitude-lighthouse-'));
  let chrome;
  try {
    const certifications = await (await fetch(`${server.url}/api/certification`)).json();
    const first = (Array.isArray(certifications) ? certifications : (certifications.items ?? []))[0];
    if (!first) throw new Error('the seeded catalogue is empty: no certification page to measure');
    const second = (Array.isArray(certifications) ? certifications : [])[1];
    const long = !ONLY || ONLY === 'long discussion' ? await longDiscussion(server, second) : 0;
    const pages = [
      { label: 'home', path: '/' },
      { label: 'certification', path: `/certification/${first.slug ?? first.id}` },
      { label: 'long discussion', path: `/certification/${second.slug}` },
      { label: 'about', path: '/about' },
      { label: 'articles', path: '/articles' },
      { label: 'path map', path: PATH_MAP },
    ].filter((p) => !ONLY || p.label === ONLY);
    if (pages.length === 0) throw new Error(`--only: no page is called ${ONLY}`);
    console.log(`A discussion of ${long} comments on /certification/${second.slug}`);

    const sizes = await measureSizes(`${server.url}/`);
    console.log('\nHome page, first render (gzip level 9, KB = 1,024 bytes)\n');
    printTable(
      ['asset', 'files', 'gzip', 'budget', 'met'],
      sizes.map((s) => [s.kind, s.files.length, kb(s.total), kb(s.budget), s.total <= s.budget ? 'yes' : 'NO']),
    );

    const mapSizes = await measureSizes(`${server.url}${PATH_MAP}`);
    const elkFiles = elkInClient();
    console.log(
      `\nPath map page (${PATH_MAP}), first render: ${mapSizes.map((s) => `${s.kind} ${s.files.length} files, ${kb(s.total)}`).join('; ')}`,
    );
    console.log(
      elkFiles.length === 0
        ? "elkjs: in none of the browser's files"
        : `elkjs: FOUND in the browser's files ${elkFiles.join(', ')}`,
    );

    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir });
    // One run first, not counted: the first load after the server and the browser start pays for cold caches.
    await lighthouseRun(`${server.url}/`, chrome.port);
    const runs = new Map(pages.map((p) => [p.label, []]));
    // Round-robin over the pages, so that a noisy minute on a shared machine spreads over all of them.
    const rounds = Math.max(...pages.map((p) => runsOf(p.label)));
    for (let i = 0; i < rounds; i++) {
      for (const page of pages.filter((p) => i < runsOf(p.label))) {
        const run = await lighthouseRun(`${server.url}${page.path}`, chrome.port);
        runs.get(page.label).push(run);
        const s = run.scores;
        console.log(
          `  run ${i + 1}/${runsOf(page.label)} ${page.label}: ${CATEGORIES.map((c) => `${CATEGORY_LABELS[c]} ${s[c]}`).join(', ')} (${metricsOf(run.lhr)})`,
        );
      }
    }

    // A page measured once whose Performance falls under its floor is measured twice more and judged on the median
    // of the three: one run's score swings by ten points with what else the machine does, a regression does not.
    for (const page of pages) {
      const pageRuns = runs.get(page.label);
      if (pageRuns.length !== 1 || pageRuns[0].scores.performance >= minScore(page.label, 'performance')) continue;
      for (let i = 2; i <= 3; i++) {
        const run = await lighthouseRun(`${server.url}${page.path}`, chrome.port);
        pageRuns.push(run);
        const s = run.scores;
        console.log(
          `  run ${i}/3 ${page.label} (its first run was under its floor): ${CATEGORIES.map((c) => `${CATEGORY_LABELS[c]} ${s[c]}`).join(', ')} (${metricsOf(run.lhr)})`,
        );
      }
    }

    const results = pages.map((page) => {
      const pageRuns = runs.get(page.label);
      const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(pageRuns.map((r) => r.scores[c]))]));
      const missed = CATEGORIES.filter((c) => medians[c] < minScore(page.label, c));
      return { ...page, runs: pageRuns, medians, missed };
    });

    console.log(
      `\nLighthouse ${[...runs.values()][0][0].lhr.lighthouseVersion}, mobile, simulated throttling: the median of each page's runs\n`,
    );
    const head = ['page', 'path', ...CATEGORIES.map((c) => CATEGORY_LABELS[c]), 'met'];
    printTable(
      head,
      results.map((r) => [
        r.label,
        r.path,
        ...CATEGORIES.map((c) => r.medians[c]),
        r.missed.length ? `NO (${r.missed.join(', ')})` : 'yes',
      ]),
    );
    console.log(`\nFail below: ${floorsText()}`);

    for (const r of results) {
      for (const category of r.missed) {
        // The run whose score is the median shows what cost the points.
        const run = r.runs.find((x) => x.scores[category] === r.medians[category]) ?? r.runs[0];
        console.log(`\n${r.label} ${CATEGORY_LABELS[category]} ${r.medians[category]}, audits that cost points:`);
        for (const line of failingAudits(run.lhr, category)) console.log(`  ${line}`);
      }
    }
    const sizeMisses = sizes.filter((s) => s.total > s.budget);
    const failed = sizeMisses.length > 0 || elkFiles.length > 0 || results.some((r) => r.missed.length > 0);
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    console.log(`\n${failed ? 'FAILED' : 'passed'}: page-speed gates, in ${seconds} s`);

    if (WRITE) {
      const lhr = runs.get('home')[0].lhr;
      const date = new Date().toISOString().slice(0, 10);
      const scoreHead = ['page', ...CATEGORIES.map((c) => CATEGORY_LABELS[c]), 'its runs (P / A / BP / SEO)'];
      const scoreRows = results.map((r) => [
        `${r.label} (\`${r.path}\`)`,
        ...CATEGORIES.map((c) => (r.medians[c] < minScore(r.label, c) ? `**${r.medians[c]}**` : String(r.medians[c]))),
        r.runs.map((run) => CATEGORIES.map((c) => run.scores[c]).join(' / ')).join('; '),
      ]);
      const sizeRows = sizes.map((s) => [
        s.kind,
        String(s.files.length),
        kb(s.total),
        kb(s.budget),
        s.total <= s.budget ? 'yes' : '**no**',
      ]);
      const section = [
        '## Page speed: Lighthouse and the home page budgets',
        '',
        `Measured ${date} on ${cpus().length} cores, Debian Chromium ${chromiumVersion()}, Node ${process.version} ` +
          `(Lighthouse benchmark index ${Math.round(lhr.environment.benchmarkIndex)}; a shared machine, so ` +
          'Performance moves by a few points from run to run). Reproduce with `node scripts/quality.mjs` after ' +
          '`npm run build` (it builds when the build is older than the sources); `--write` rewrites this section.',
        '',
        `Lighthouse ${lhr.lighthouseVersion}, mobile profile with simulated throttling (its default), ` +
          `${RUNS ? `${RUNS} run(s) of each page` : 'three runs of the home page, one of each other page (three when that one is under its floor)'} ` +
          'against the built server with a fresh database and the seeded catalogue; each figure is the ' +
          `median of its category. The gate fails below ${floorsText()} ([decision 22](decisions/0022-page-speed-floors.md)).`,
        '',
        markdownTable(scoreHead, scoreRows),
        '',
        'Everything the home page loads for its first render (the scripts and stylesheets its HTML names, ' +
          'modulepreloads included), gzip level 9 as the server sends them, KB = 1,024 bytes:',
        '',
        markdownTable(['asset', 'files', 'gzip', 'budget', 'met'], sizeRows),
        '',
        `The path map page (\`${PATH_MAP}\`) loads ${mapSizes.map((s) => `${kb(s.total)} of ${s.kind} in ${s.files.length} files`).join(' and ')} for its first render; ` +
          `elkjs, which lays its map out on the server, is in none of the browser's files (the gate fails if it is).`,
      ].join('\n');
      await writeDoc(section);
    }
    return failed ? 1 : 0;
  } finally {
    await chrome?.kill();
    await server.stop();
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
