import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { hasChromium, launchBrowser, openPage, type OpenPageOptions } from './browser.js';
import { startMailCapture, type MailCapture } from './mail.js';
import { createMember, e2eDatabase, signInByApi } from './members.js';
import { startServer, useTemplate, type RunningServer } from './server.js';

export interface SuiteOptions {
  /** The label of the file's own PostgreSQL database when TEST_DATABASE_URL is set (e2eDatabase); PGlite without. */
  database?: string;
  /** Accounts made with the operator command line before the server opens the database: username to role. */
  members?: Record<string, string>;
  /** Their password. */
  password?: string;
  /** A mail server that catches what the server sends (SMTP_URL). */
  mail?: boolean;
  /** More of the server's environment. */
  env?: Record<string, string>;
  /** The browser contexts the file opens (openPage's `contexts`): closed before the browser. */
  contexts?: BrowserContext[];
  /** What every page the file opens with `open` is opened with (openPage's options), unless the call says otherwise. */
  pages?: OpenPageOptions;
  /**
   * Work on the database before the server opens it, after the members are made: on PGlite the data directory
   * holds the seeded database (`env` is empty), on PostgreSQL `env.DATABASE_URL` names it.
   */
  prepare?(dataDir: string, env: Record<string, string>): Promise<void>;
}

export interface Suite {
  server: RunningServer;
  /** Chromium, when the machine has it; the file's browser tests are skipped otherwise (describe.skipIf). */
  browser: Browser;
  mail: MailCapture;
  /** The server's environment beyond the data directory: the PostgreSQL database's, when there is one. */
  env: Record<string, string>;
  dataDir: string;
}

interface Running {
  suite: Partial<Suite>;
  options: SuiteOptions;
  contexts: BrowserContext[];
  drop(): Promise<void>;
}

let running: Running | null = null;

/**
 * What a browser test file's beforeAll does: its database, its members, a mail catcher when asked, the built
 * server, then Chromium when the machine has it. `stopSuite` (its afterAll) undoes it and expects the server to
 * have stopped cleanly. One suite per file: vitest gives each file its own modules.
 */
export async function startSuite(options: SuiteOptions = {}): Promise<Suite> {
  const database = options.database ? await e2eDatabase(options.database) : { env: {}, drop: async () => undefined };
  const suite: Partial<Suite> = { env: database.env };
  running = { suite, options, contexts: options.contexts ?? [], drop: database.drop };
  const dataDir = mkdtempSync(join(tmpdir(), `certitude-e2e-${options.database ?? 'suite'}-`));
  suite.dataDir = dataDir;
  // PGlite admits one process at a time: members are made before the server opens the database.
  for (const [username, role] of Object.entries(options.members ?? {})) {
    createMember(dataDir, { username, role, password: options.password ?? '' }, database.env);
  }
  if (!database.env.DATABASE_URL) useTemplate(dataDir);
  await options.prepare?.(dataDir, database.env);
  if (options.mail) suite.mail = await startMailCapture();
  suite.server = await startServer({
    DATA_DIR: dataDir,
    ...(suite.mail ? { SMTP_URL: suite.mail.url } : {}),
    ...options.env,
    ...database.env,
  });
  if (hasChromium) suite.browser = await launchBrowser();
  return suite as Suite;
}

/** The afterAll of `startSuite`: contexts, browser, server (which must exit with 0), mail catcher, database. */
export async function stopSuite(): Promise<void> {
  if (!running) return;
  const { suite, contexts, drop } = running;
  running = null;
  for (const c of contexts) await c.close().catch(() => undefined);
  await suite.browser?.close();
  const code = await suite.server?.stop();
  await suite.mail?.stop();
  await drop();
  if (suite.server) expect(code, suite.server.output()).toBe(0);
}

/**
 * The afterAll of a file that starts its own server (without `startSuite`): its browser contexts, the browser, the
 * server, then its database. The server's exit code, for the file to expect 0.
 */
export async function stopOwnServer(parts: {
  contexts: Iterable<BrowserContext>;
  browser?: Browser;
  server?: RunningServer;
  database?: { drop(): Promise<void> };
}): Promise<number | null | undefined> {
  for (const c of parts.contexts) await c.close();
  await parts.browser?.close();
  const code = await parts.server?.stop();
  await parts.database?.drop();
  return code;
}

/**
 * Opens a page of the suite's server in its browser (openPage), with the options the file gave `startSuite` (`pages`)
 * and the call's own; `as` signs that member in with the suite's password first, as the sign-in dialog would.
 */
export async function open(path: string | null, options: OpenPageOptions & { as?: string } = {}) {
  const { server, browser } = running?.suite ?? {};
  if (!running || !server || !browser) throw new Error('open() needs startSuite() to have started a browser');
  const { options: given, contexts } = running;
  const { as, ...rest } = options;
  const auth = as ? await signInByApi(server.url, as, given.password ?? '') : rest.auth;
  return openPage(browser, server.url, path, { contexts, ...given.pages, ...rest, auth });
}
