/*
 * A NUL byte in any field a request carries is a 4xx, never a 500: PostgreSQL text cannot hold U+0000, so a NUL
 * that reached a query failed it. Every call of the app's own OpenAPI document, as an admin (so that sign-in and
 * role checks let the request through to its schema), gets a NUL in each of its path parameters, query parameters
 * and string body fields in turn, the other fields valid; other control characters are answered without a 5xx.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../app.js';
import { valueFor, type KnownValues } from './arbitraries.js';
import {
  buildAccount,
  buildCertification,
  expectErrorShape,
  freshIp,
  openApiOperations,
  type JsonSchema,
  type Operation,
} from './support.js';
import { bearer } from '../factories.js';

const t = await buildTestApp();
afterAll(() => t.close());

const operations = await openApiOperations(t.app);
const admin = await buildAccount(t.db.db, 'ADMIN');
const cert = await buildCertification(t.db.db, { submittedById: admin.id });
const other = await buildCertification(t.db.db, { submittedById: admin.id });
const known: KnownValues = { ids: [cert.id], slugs: [cert.slug] };

/** Query values the schema alone cannot describe, so that the NUL rides on an answer that would be a 200. */
const QUERY_VALUES: Record<string, string> = { c: `${cert.slug},${other.slug}`, q: 'cloud', contains: 'cloud' };

/** The other control characters a request may carry: stored or refused, but never a 500. */
const OTHER_CONTROLS = ['\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0085'];

/** A value the schema accepts, as far as the generator can tell (fixed seed: the same every run). */
function validFor(schema: JsonSchema | undefined, name = ''): unknown {
  return fc.sample(valueFor(schema, known, name, true), { seed: 7, numRuns: 1 })[0];
}

const isString = (s: JsonSchema): boolean =>
  s.type === 'string' || Boolean(s.allOf?.some(isString)) || Boolean(s.anyOf?.some(isString));

/** Paths (`['changes', 'name']`) to every string field of a body schema, nested objects included. */
function stringFields(schema: JsonSchema | undefined, at: string[] = []): string[][] {
  if (!schema) return [];
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([name, s]) => stringFields(s, [...at, name]));
  }
  const object = schema.anyOf?.find((s) => s.properties);
  if (object) return stringFields(object, at);
  return at.length && isString(schema) && !schema.enum ? [at] : [];
}

function withValue(body: unknown, path: string[], value: string): unknown {
  const copy = structuredClone((body ?? {}) as Record<string, unknown>);
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node[key] = typeof node[key] === 'object' && node[key] !== null ? node[key] : {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

function pathOf(op: Operation, nulIn?: string): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === nulIn) return 'a%00b';
    const schema = op.pathParams.find((p) => p.name === name)?.schema;
    if (schema?.enum?.length) return encodeURIComponent(String(schema.enum[0]));
    if (name === 'username') return admin.username;
    return schema?.type === 'integer' || name === 'id' ? String(cert.id) : cert.slug;
  });
}

async function send(op: Operation, url: string, body?: unknown) {
  return t.app.inject({
    method: op.method,
    url,
    headers: await bearer(t.app, admin),
    remoteAddress: freshIp(),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const cases: { key: string; field: string; run: (text: string) => ReturnType<typeof send> }[] = [];
for (const op of operations) {
  const body = op.body ? validFor(op.body) : undefined;
  for (const p of op.pathParams) {
    if (p.schema.enum) continue;
    cases.push({ key: op.key, field: `path ${p.name}`, run: () => send(op, pathOf(op, p.name), body) });
  }
  for (const p of op.queryParams) {
    if (!isString(p.schema) || p.schema.enum) continue;
    const valid = QUERY_VALUES[p.name] ?? String(validFor(p.schema, p.name) ?? 'a');
    cases.push({
      key: op.key,
      field: `query ${p.name}`,
      run: (text) => send(op, `${pathOf(op)}?${p.name}=${encodeURIComponent(valid + text)}`, body),
    });
  }
  for (const field of stringFields(op.body)) {
    cases.push({
      key: op.key,
      field: `body ${field.join('.')}`,
      run: (text) => {
        const valid = String(validFor({ type: 'string' }, field.at(-1)) ?? '');
        return send(op, pathOf(op), withValue(body, field, `${valid}${text}x`));
      },
    });
  }
}

describe('control characters in every field of every call', () => {
  it('covers the query parameters and string body fields of the document', () => {
    const fields = new Set(cases.map((c) => `${c.key} ${c.field}`));
    expect(fields).toContain('GET /api/compare query c');
    expect(fields).toContain('GET /api/certification query q');
    expect(fields).toContain('POST /api/certification/{id}/comments body content');
    expect(fields).toContain('PUT /api/user/certifications/{id} body earnedOn');
    expect(cases.length).toBeGreaterThan(80);
  });

  it.each(cases.map((c) => [`${c.key} ${c.field}`, c] as const))('%s: NUL is a 4xx', async (label, c) => {
    const res = await c.run('\u0000');
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    expectErrorShape(res, c.key);
    for (const control of OTHER_CONTROLS) {
      const other = await c.run(control);
      expect(other.statusCode, `${label} with U+${control.charCodeAt(0).toString(16)}`).toBeLessThan(500);
    }
  });
});
