// The page-speed gate's parts that need no browser: the gzip sizes of what a page loads, the search for elkjs in the
// browser's files, the tables it prints and writes, and the long discussion it seeds (scripts/quality.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as prettier from 'prettier';
import { ROOT } from '../build-state.mjs';
import { assetsOf } from './page-assets.mjs';

const KB = 1024;
/** A string of elkjs's own code: the map's layout runs on the server only (docs/decisions/0026-path-map-layout.md). */
const ELK_MARK = 'org.eclipse.elk';
/** A string of zod's own code: the pages a visitor reads first render without it (forms load it with themselves). */
const ZOD_MARK = 'ZodError';

/** Gzip budgets of everything the home page's HTML loads for its first render (modulepreloads and the scripts started after the first paint included). */
const BUDGETS = { js: 120 * KB, css: 35 * KB };

const DOC = join(ROOT, 'docs/quality.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';
const DOC_INTRO = `# Quality

Quality gates: what CI checks and the figures of the last run. Each gate has its own section below; a
script that measures a gate rewrites only its own section, between its marker comments.
`;

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

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
export function elkInClient() {
  const dir = join(ROOT, 'apps/web/build/client/assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => readFileSync(join(dir, f), 'utf8').includes(ELK_MARK));
}

/** The scripts of a page's first render that carry zod: none may. */
export async function zodInFirstRender(url) {
  const { js } = assetsOf(await (await fetch(url)).text(), url);
  const found = [];
  for (const file of js) if ((await (await fetch(file)).text()).includes(ZOD_MARK)) found.push(new URL(file).pathname);
  return found;
}

export async function measureSizes(url) {
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

export function printTable(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log([line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
}

export function markdownTable(head, rows) {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

export async function writeDoc(section) {
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
export async function longDiscussion(server, cert) {
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

/**
 * Lighthouse's CPU slowdown for a machine of this benchmark index (decision 55), after the table of its throttling
 * guide for a mid-tier phone: 4x on a high-end desktop (an index of 1,500 and up), 2x on a low-end desktop (1,000 to
 * 1,500), the higher end of the range for the higher index, straight lines in between and below. Never more than 4x,
 * never less than 1x.
 */
export function cpuSlowdownFor(benchmarkIndex) {
  const x =
    benchmarkIndex >= 1500
      ? 4
      : benchmarkIndex >= 1000
        ? 2 + (2 * (benchmarkIndex - 1000)) / 500
        : (2 * benchmarkIndex) / 1000;
  return Math.round(Math.max(1, x) * 100) / 100;
}
