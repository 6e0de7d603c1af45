/* Helpers for the attack tests of this folder (imported by *.test.ts only). */
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Role } from '@certitude/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../../src/db/client.js';
import { articles, comments, emailTokens } from '../../src/db/schema/index.js';
import { newSecretToken } from '../../src/modules/accounts/secret-token.js';
import { buildCertification, buildUser, PASSWORD, type UserOptions } from '../factories.js';
export { buildResource } from '../factories.js';

export const unique = () => randomBytes(5).toString('hex');

/** A fresh client address per request, so that per-address limits never hide a route from a test. */
export const freshIp = () => {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${1 + ((b[2] ?? 0) % 250)}`;
};

export { PASSWORD };

export type Member = Awaited<ReturnType<typeof buildUser>>;

/** A member past their first day (the first-day posting interval is tested elsewhere), with a password. */
export function buildAccount(db: Executor, role: Role = 'USER', overrides: UserOptions = {}) {
  return buildUser(db, { role, password: true, daysOld: 7, ...overrides });
}

export async function buildComment(db: Executor, certificationId: number, userId: number, content = 'A comment.') {
  const [row] = await db.insert(comments).values({ certificationId, userId, content, depth: 0 }).returning();
  return row!;
}

export async function buildArticle(db: Executor, overrides: Partial<typeof articles.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db
    .insert(articles)
    .values({
      slug: `article-${id}`,
      title: `Article ${id}`,
      summary: 'An article made for a test.',
      content: 'Some *markdown*.',
      published: true,
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A mailed-link token (verification or reset) for `user`, as the mail would carry it. */
export async function buildEmailToken(
  db: Executor,
  user: Member,
  purpose: 'VERIFY_EMAIL' | 'RESET_PASSWORD',
): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.insert(emailTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hash,
    email: user.email,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

export { buildCertification };

/** The answers whose contract adds fields to the error shape (docs/api.md#errors: verify's 400 carries `success: false`). */
const EXTRA_ERROR_FIELDS: Record<string, Record<string, unknown>> = {
  'POST /api/email-verification/verify': { success: false },
  // A badge that does not verify says why (docs/api.md#verified-holders).
  'POST /api/user/badges': { reason: expect.any(String) },
};

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * The error shape of docs/api.md#errors, exactly: JSON (UTF-8), `{ statusCode, error, message }` with the status
 * of the answer, its standard reason phrase and a sentence a person can read; no stack, no framework code.
 */
export function expectErrorShape(res: Answer, operation?: string) {
  const where = `${operation ?? ''} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  expect(String(res.headers['content-type']), where).toBe('application/json; charset=utf-8');
  let json: unknown;
  expect(() => (json = JSON.parse(res.body)), where).not.toThrow();
  const extra = (operation ? EXTRA_ERROR_FIELDS[operation] : undefined) ?? {};
  const expected = { statusCode: res.statusCode, error: STATUS_CODES[res.statusCode], message: expect.any(String) };
  if (Object.keys(extra).length && Object.keys(json as object).some((k) => k in extra)) {
    expect(json, where).toEqual({ ...expected, ...extra });
  } else {
    expect(json, where).toEqual(expected);
  }
  const message = (json as { message: string }).message;
  expect(message.trim().length, where).toBeGreaterThan(0);
  expect(message, where).not.toMatch(/\bat .*\.(ts|js):\d+|FST_ERR|node_modules/);
  // The security headers are on every answer, refusals included.
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
}

/** One call of the OpenAPI document. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document writes it: `/api/comments/{id}`. */
  path: string;
  key: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  nullable?: boolean;
  format?: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every call the app's own OpenAPI document lists. */
export async function openApiOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const m = method.toUpperCase() as Operation['method'];
      const params = op.parameters ?? [];
      operations.push({
        method: m,
        path,
        key: `${m} ${path}`,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
