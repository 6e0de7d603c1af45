// The resident memory of a server's processes (from /proc), of PostgreSQL's for one database, and what the server's
// /metrics tell of its heap: for bench/memory.mjs and bench/soak.mjs.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminQuery } from './harness.mjs';

export const SAMPLE_MS = 250;
export const METRICS_TOKEN = 'bench-metrics-token-that-is-long-enough';
const MB = 1024 * 1024;

/** Every process id with its parent's, from /proc. */
function parents() {
  const map = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      map.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** A /proc status or smaps_rollup field in MB (0 when the process is gone). */
function procMb(pid, file, field) {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of `pid` and of every process under it, in MB; `own` is that of `pid` alone. */
export function treeRss(pid) {
  const parentOf = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  const own = procMb(pid, 'status', 'VmRSS');
  // Its private memory: without the pages mapped from files (Node.js's own code, shared with every Node.js process).
  const ownAnon = procMb(pid, 'status', 'RssAnon');
  return {
    total: tree.reduce((sum, p) => sum + procMb(p, 'status', 'VmRSS'), 0),
    own,
    ownAnon,
    processes: tree.length,
  };
}

/** Samples `treeRss` every 250 ms until `stop()`, which gives the peaks. */
export function sampler(pid) {
  const peak = { total: 0, own: 0, ownAnon: 0, processes: 1 };
  const take = () => {
    const now = treeRss(pid);
    peak.total = Math.max(peak.total, now.total);
    peak.own = Math.max(peak.own, now.own);
    peak.ownAnon = Math.max(peak.ownAnon, now.ownAnon);
    peak.processes = Math.max(peak.processes, now.processes);
  };
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

/**
 * The PostgreSQL server's share for this database: the proportional set size (shared pages divided among the
 * processes that map them) of the postmaster, its background processes and the connections to `database`.
 */
export async function postgresMb(database) {
  const rows = (
    await adminQuery(
      `select pid from pg_stat_activity where datname = '${database}' or (datname is null and backend_type <> 'client backend')`,
    )
  ).rows;
  const dir = (await adminQuery('show data_directory')).rows[0].data_directory;
  let postmaster = [];
  try {
    postmaster = [Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])];
  } catch {
    // not on this machine's file system: the postmaster is left out
  }
  return [...postmaster, ...rows.map((r) => r.pid)].reduce((sum, p) => sum + procMb(p, 'smaps_rollup', 'Pss'), 0);
}

/** What the server's own process holds, from its /metrics (V8's heap, memory outside it such as WebAssembly's). */
export async function heapMb(url) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / MB;
  return {
    heapUsed: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
  };
}

/** The addresses of the mixed reads, shuffled the same way every run. */
export async function readsOf(url) {
  const list = await (await fetch(`${url}/api/certification`)).json();
  const slugs = list.map((c) => c.slug);
  const domains = [...new Set(list.flatMap((c) => c.domains ?? []))];
  const paths = [
    '/',
    // Another order than the default: the default's own address (?sort=best) is sent on to / (302).
    '/?sort=top',
    '/?q=aws',
    '/api/certification',
    '/api/certification?limit=20&sort=best',
    '/api/certification?limit=20&sort=new',
    '/paths',
    '/about',
    ...slugs.map((s) => `/certification/${s}`),
    ...slugs.slice(0, 60).map((s) => `/api/certification/${s}/comments?limit=20`),
    ...slugs.slice(0, 40).map((s, i) => `/compare?c=${s},${slugs[(i * 7 + 3) % slugs.length]}`),
    ...domains.map((d) => `/paths/${d}`),
  ];
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }
  return paths;
}
