import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { ROOT, useTemplate } from './server.js';

export interface AuthTokens {
  token: string;
  refreshToken: string;
  user: { id: number; username: string; role: string };
}

/**
 * Creates a verified account with the operator command line, as an operator would: with the server of that
 * DATA_DIR stopped (the command opens the database itself) or running (it goes through the server's socket).
 * Throws when the command fails.
 */
export function createMember(
  dataDir: string,
  member: { username: string; password: string; role?: string },
  env: Record<string, string> = {},
): void {
  if (!env.DATABASE_URL) useTemplate(dataDir);
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'apps/server/dist/cli.js'),
      'user:create',
      '--username',
      member.username,
      '--email',
      `${member.username}@example.com`,
      '--role',
      member.role ?? 'USER',
    ],
    {
      input: `${member.password}\n`,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
}

/**
 * Makes the accounts a week and a day old, as an operator would in SQL, while the server runs: through DATABASE_URL,
 * or the operator socket of the server's embedded database (DATA_DIR/run). What a test needs of an account past its
 * first week (the common next counts count no younger one).
 */
export async function ageAccounts(dataDir: string, env: Record<string, string>, usernames: string[]) {
  const client = env.DATABASE_URL
    ? new pg.Client({ connectionString: env.DATABASE_URL })
    : new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(`update users set created_at = now() - interval '8 days' where username = any($1)`, [usernames]);
  } finally {
    await client.end();
  }
}

/** One statement on the PostgreSQL server of TEST_DATABASE_URL, as its administrator. */
export async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The database a browser test's server runs on: with TEST_DATABASE_URL a fresh database of that PostgreSQL
 * server (its environment for the server and the command line, and `drop` for the end); otherwise PGlite in
 * the server's DATA_DIR (no environment, nothing to drop).
 */
export async function e2eDatabase(label: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { env: {}, drop: async () => undefined };
  const name = `certitude_e2e_${label}_${process.pid}`;
  // A copy of the database the built server migrated and seeded once for the run (global-setup.ts).
  const template = inject('e2ePostgresTemplate');
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), JWT_SECRET: `e2e-${label}-secret-long-enough-for-hs256-signing` },
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Signs in through the API, as the login dialog does, and returns what it would store. */
export async function signInByApi(baseUrl: string, username: string, password: string): Promise<AuthTokens> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as AuthTokens;
}
