import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

/**
 * What the browser and the servers of a test file did lately, printed when a test fails: the calls to the API
 * with their status and time, console errors, page errors and failed requests, and the tail of each server's
 * output. A browser test that fails on CI then says why, instead of only which locator it waited for.
 */
const TRAIL_SIZE = 150;
const trail: string[] = [];
const outputs = new Map<string, () => string>();
const contexts = new Set<BrowserContext>();
const started = Date.now();
/**
 * Requests sent and not finished yet, with when they were sent: each answer's time comes from here, and a request
 * that never ends is named in the report.
 */
const pending = new Map<object, { line: string; at: number; context: BrowserContext }>();
/** The router's own requests (a route's data, the routes' manifest) are kept in the trail beside the API's. */
const TRAILED = /^\/(api|auth)\/|\.data$|^\/__manifest$/;

function record(line: string): void {
  trail.push(`+${((Date.now() - started) / 1000).toFixed(2)}s ${line}`);
  if (trail.length > TRAIL_SIZE) trail.shift();
}

/** Keeps the output of a server (or any child process) for the report of a failed test. */
export function watchOutput(label: string, output: () => string): () => void {
  outputs.set(label, output);
  return () => outputs.delete(label);
}

/** Records what happens in every page of `context`. */
export function watchContext(context: BrowserContext): void {
  contexts.add(context);
  context.on('close', () => {
    contexts.delete(context);
    for (const [req, r] of pending) if (r.context === context) pending.delete(req);
  });
  context.on('request', (req) => {
    pending.set(req, { line: `${req.method()} ${new URL(req.url()).pathname}`, at: Date.now(), context });
  });
  context.on('requestfinished', (req) => pending.delete(req));
  context.on('response', (res) => {
    const url = new URL(res.url());
    if (!TRAILED.test(url.pathname)) return;
    // A response comes before its request has finished: the request is still among those pending.
    const at = pending.get(res.request())?.at;
    const ms = at === undefined ? '' : ` ${Date.now() - at} ms`;
    record(`${res.request().method()} ${url.pathname} -> ${res.status()}${ms}`);
  });
  context.on('requestfailed', (req) => {
    pending.delete(req);
    record(`${req.method()} ${new URL(req.url()).pathname} failed: ${req.failure()?.errorText ?? 'unknown'}`);
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') record(`console.${msg.type()}: ${msg.text()}`);
  });
  context.on('weberror', (err) => record(`page error: ${err.error().message}`));
  context.on('page', (page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) record(`navigated to ${frame.url()}`);
    });
  });
}

/**
 * What each open page shows now: its address, the text of its open dialogs and alerts, and a screenshot in
 * test-results/failures/.
 */
async function pagesNow(label: string): Promise<string[]> {
  const dir = join(process.cwd(), 'test-results', 'failures');
  mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      n++;
      try {
        const shown = await page
          .locator('[role=dialog], [role=alert]')
          .evaluateAll((els) =>
            els
              .filter((el) => (el as HTMLElement).offsetParent !== null || el.getAttribute('aria-modal') === 'true')
              .map((el) => `${el.getAttribute('role')}: ${(el.textContent ?? '').replace(/\s+/g, ' ').slice(0, 300)}`),
          );
        const file = join(dir, `${label.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${n}.png`);
        await page.screenshot({ path: file, timeout: 5_000 });
        lines.push(`Page ${n} at ${page.url()} (screenshot ${file})`, ...shown.map((s) => `  ${s}`));
      } catch (err) {
        lines.push(`Page ${n} at ${page.url()}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
  }
  return lines;
}

/** The report printed beside a failed test's error. */
export async function report(label: string): Promise<string> {
  const parts = [
    ...(await pagesNow(label)),
    `Last ${trail.length} browser events of this file:`,
    ...trail.map((l) => `  ${l}`),
    'Requests sent and not finished:',
    ...[...pending.values()].map((r) => `  ${r.line} (for ${((Date.now() - r.at) / 1000).toFixed(1)} s)`),
  ];
  if (pending.size === 0) parts.push('  (none)');
  for (const [label, output] of outputs) {
    const tail = output().split('\n').slice(-40).join('\n');
    parts.push(`Output of ${label} (last 40 lines):`, tail || '  (nothing)');
  }
  return parts.join('\n');
}
