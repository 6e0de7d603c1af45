import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { dataDirProblems, SECRET_FILE, secureDataDir } from './lib/data-dir.js';
import { memoryFlags } from './lib/memory-flags.js';

const MB = 1024 * 1024;
/**
 * The caches' defaults. What the server holds with them is measured in docs/performance.md#5-memory (its own share is
 * still over the 150 MB aimed at); an operator with less memory sets them lower.
 */
const DEFAULT_PAGE_CACHE_MB = 16;
const DEFAULT_DISCUSSION_CACHE_MB = 16;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[], example: string) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL like ${example}`);

/** A cache's limit in megabytes, 0 to 4096; 0 keeps nothing. */
const megabytes = (what: string, byDefault: number) =>
  z.coerce
    .number({ error: `must be a number of megabytes (0 turns ${what} off)` })
    .min(0, `must be a number of megabytes (0 turns ${what} off)`)
    .max(4096, 'must be at most 4096 (megabytes)')
    .default(byDefault);

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url(['http:', 'https:'], 'https://certitude.example.com').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db').optional(),
  REDIS_URL: url(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.string().min(3).default('Certitude <no-reply@certitude.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  // Provider endpoints, overridable so that tests run the whole sign-in against a local OAuth server.
  OAUTH_GOOGLE_AUTHORIZATION_URL: url(['http:', 'https:'], 'https://accounts.google.com/o/oauth2/v2/auth').optional(),
  OAUTH_GOOGLE_TOKEN_URL: url(['http:', 'https:'], 'https://oauth2.googleapis.com/token').optional(),
  OAUTH_GOOGLE_USERINFO_URL: url(['http:', 'https:'], 'https://openidconnect.googleapis.com/v1/userinfo').optional(),
  OAUTH_GITHUB_AUTHORIZATION_URL: url(['http:', 'https:'], 'https://github.com/login/oauth/authorize').optional(),
  OAUTH_GITHUB_TOKEN_URL: url(['http:', 'https:'], 'https://github.com/login/oauth/access_token').optional(),
  OAUTH_GITHUB_API_URL: url(['http:', 'https:'], 'https://api.github.com').optional(),
  MAIL_WORKER_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds (0 turns the mail worker off)' })
    .int()
    .min(0)
    .max(3_600_000)
    .default(5_000),
  MEMBER_JOBS_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds (0 turns the expiry reminders and the digest off)' })
    .int()
    .min(0)
    .max(86_400_000)
    .default(600_000),
  OPEN_DATA_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds (0 turns the open data dump off)' })
    .int()
    .min(0)
    .max(86_400_000)
    .default(3_600_000),
  PAGE_CACHE_MB: megabytes("the visitors' page cache", DEFAULT_PAGE_CACHE_MB),
  DISCUSSION_CACHE_MB: megabytes("the discussions' cache", DEFAULT_DISCUSSION_CACHE_MB),
  SUPPORT_URL: url(['http:', 'https:'], 'https://www.buymeacoffee.com/certitude').optional(),
  TRUST_PROXY: bool.default(false),
  METRICS: bool.default(false),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // Lets badge fetches reach loopback and private addresses: for tests with a local issuer, unsafe in production.
  BADGE_ALLOW_PRIVATE_HOSTS: bool.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  NODE_ENV: z.string().default('production'),
});

/** Rules across variables, checked even when single values are bad, so that every problem is listed at once. */
function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    problems.push('JWT_SECRET: is required when DATABASE_URL is set (every instance must sign with the same secret)');
  }
  if (memoryFlags(env) === null) {
    problems.push('MEMORY_FLAGS: must be true, false, or Node.js flags each starting with -- (separated by spaces)');
  }
  if (['true', '1', 'yes'].includes(env.METRICS ?? '') && !env.METRICS_TOKEN) {
    problems.push('METRICS_TOKEN: is required when METRICS=true (GET /metrics answers only to that bearer token)');
  }
  for (const p of ['GOOGLE', 'GITHUB'] as const) {
    if (Boolean(env[`${p}_CLIENT_ID`]) !== Boolean(env[`${p}_CLIENT_SECRET`])) {
      problems.push(`${p}_CLIENT_SECRET: ${p}_CLIENT_ID and ${p}_CLIENT_SECRET go together`);
    }
  }
  return problems;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  oauth: {
    google: { clientId: string; clientSecret: string } | undefined;
    github: { clientId: string; clientSecret: string } | undefined;
  };
  oauthEndpoints: OAuthEndpoints;
  /** How often the outbox worker looks for due mail; 0 turns it off (tests that drive it by hand). */
  mailWorkerIntervalMs: number;
  /** How often the expiry reminders and the daily digest run; 0 turns them off (tests run them by hand). */
  memberJobsIntervalMs: number;
  /** How often the server looks for today's open data dump and builds it when missing; 0 turns the timer off. */
  openDataIntervalMs: number;
  /** The most the visitors' page cache and the discussions' cache hold, in bytes (PAGE_CACHE_MB, DISCUSSION_CACHE_MB). */
  cacheBytes: { pages: number; discussions: number };
  supportUrl: string | undefined;
  trustProxy: boolean;
  /** GET /metrics answers (Prometheus text format), only to `Authorization: Bearer <metricsToken>`. */
  metrics: { token: string } | undefined;
  /** Badge fetches may reach loopback and private addresses (tests only; the server warns at start). */
  badgeAllowPrivateHosts: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  isDev: boolean;
}

interface OAuthEndpoints {
  google: { authorizationUrl: string; tokenUrl: string; userinfoUrl: string };
  github: { authorizationUrl: string; tokenUrl: string; apiUrl: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment, listing every bad value at once. The secret is made and kept in DATA_DIR when unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.error?.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`) ?? []),
    ...crossChecks(cleaned),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  // Before anything in DATA_DIR is read or changed: it, and the secret when it is used, must be this user's.
  const ownership = dataDirProblems(dataDir, { secret: !e.JWT_SECRET });
  if (ownership.length) throw new ConfigError(ownership);
  secureDataDir(dataDir);
  const pair = (id?: string, secret?: string) => (id && secret ? { clientId: id, clientSecret: secret } : undefined);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oauth: {
      google: pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      github: pair(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
    },
    oauthEndpoints: {
      google: {
        authorizationUrl: e.OAUTH_GOOGLE_AUTHORIZATION_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: e.OAUTH_GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
        userinfoUrl: e.OAUTH_GOOGLE_USERINFO_URL ?? 'https://openidconnect.googleapis.com/v1/userinfo',
      },
      github: {
        authorizationUrl: e.OAUTH_GITHUB_AUTHORIZATION_URL ?? 'https://github.com/login/oauth/authorize',
        tokenUrl: e.OAUTH_GITHUB_TOKEN_URL ?? 'https://github.com/login/oauth/access_token',
        apiUrl: (e.OAUTH_GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
      },
    },
    mailWorkerIntervalMs: e.MAIL_WORKER_INTERVAL_MS,
    memberJobsIntervalMs: e.MEMBER_JOBS_INTERVAL_MS,
    openDataIntervalMs: e.OPEN_DATA_INTERVAL_MS,
    cacheBytes: {
      pages: Math.round(e.PAGE_CACHE_MB * MB),
      discussions: Math.round(e.DISCUSSION_CACHE_MB * MB),
    },
    supportUrl: e.SUPPORT_URL,
    trustProxy: e.TRUST_PROXY,
    metrics: e.METRICS && e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : undefined,
    badgeAllowPrivateHosts: e.BADGE_ALLOW_PRIVATE_HOSTS,
    logLevel: e.LOG_LEVEL,
    isDev: e.NODE_ENV === 'development',
  };
}

/** A secret generated once and kept beside the embedded database, so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, SECRET_FILE);
  let existing: string | undefined;
  try {
    existing = readFileSync(file, 'utf8').trim();
  } catch {
    // first start: no secret yet
  }
  if (existing !== undefined && existing.length >= 32) return existing;
  if (existing !== undefined) rmSync(file); // too short to sign with: replaced
  const secret = randomBytes(48).toString('base64url');
  // A new file only: never written through a link or into a file someone else made.
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
