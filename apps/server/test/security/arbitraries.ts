/*
 * fast-check arbitraries for the attack tests: requests built loosely from the OpenAPI document. Half of
 * what they make is close to valid (so that the services run, not only the validator); the rest is what an
 * attacker or a broken client sends: wrong types, huge and odd strings, path tricks, bad encodings,
 * malformed JSON and wrong content types.
 */
import { BODY_LIMIT_BYTES } from '@certitude/shared';
import fc from 'fast-check';
import { PASSWORD, type JsonSchema, type Operation } from './support.js';

/** Seed and runs: fixed by default so that CI is repeatable; FUZZ_SEED and FUZZ_RUNS explore further. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** Ids and slugs of rows that exist, so that generated requests reach the services and the database. */
export interface KnownValues {
  ids: number[];
  slugs: string[];
}

export interface GeneratedRequest {
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** What was generated, for the failure message. */
  label: string;
}

/** NUL and other control characters, which a generated string must carry past every minimum length. */
const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0085'];

/** `value` with a control character at some place: as long as the schema's minimum or longer, so it gets past it. */
function withControl(value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(value, fc.constantFrom(...CONTROL), fc.nat())
    .map(([v, c, at]) => `${v.slice(0, at % (v.length + 1))}${c}${v.slice(at % (v.length + 1))}`);
}

/** Strings an attacker tries first. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '../',
  '../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '0x10',
  ' 1',
  '2147483648',
  '99999999999999999999999',
  '١٢٣',
  'ＡＢＣ',
  'null',
  'true',
  '[]',
  '{}',
];

const hugeString = fc.integer({ min: 1_000, max: 150_000 }).map((n) => 'x'.repeat(n));

const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: withControl(fc.string({ minLength: 8, maxLength: 40 })) },
  { weight: 1, arbitrary: hugeString },
);

/** Any JSON value, odd strings included. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), [], {}) },
);

function hinted(name: string, known: KnownValues, strict: boolean): fc.Arbitrary<unknown> | undefined {
  if (/email/i.test(name))
    return strict
      ? fc.emailAddress()
      : fc.oneof(fc.emailAddress(), withControl(fc.emailAddress()), fc.constantFrom('a@b', 'not-an-email', '@'));
  if (/url/i.test(name))
    return strict
      ? fc.webUrl()
      : fc.oneof(fc.webUrl(), withControl(fc.webUrl()), fc.constantFrom('javascript:alert(1)', 'ftp://x', 'http://'));
  if (/password/i.test(name))
    return strict
      ? fc.constant(PASSWORD)
      : fc.oneof(
          fc.constantFrom(PASSWORD, 'short', 'alllowercase1', 'NoDigitsHere'),
          withControl(fc.constant(PASSWORD)),
        );
  if (/Id$/.test(name) || name === 'id')
    return strict
      ? fc.constantFrom(...known.ids)
      : fc.oneof(fc.constantFrom(...known.ids), fc.constantFrom(...known.slugs), fc.integer());
  return undefined;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 60);
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length >= min && v.length <= max);
  }
  const plain = fc.string({ minLength: min, maxLength: Math.max(min, max) });
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: withControl(plain) });
}

/**
 * A value for a JSON schema. `strict`: one the schema accepts (as far as a generator can tell: the rules
 * beyond the schema, such as password strength, come from the field name); otherwise often valid, sometimes not.
 */
export function valueFor(
  schema: JsonSchema | undefined,
  known: KnownValues,
  name = '',
  strict = false,
): fc.Arbitrary<unknown> {
  if (!schema) return strict ? fc.constant(undefined) : anyJson;
  const hint = hinted(name, known, strict);
  let valid: fc.Arbitrary<unknown>;
  if (schema.enum?.length) valid = fc.constantFrom(...schema.enum);
  else if (schema.anyOf?.length) valid = fc.oneof(...schema.anyOf.map((s) => valueFor(s, known, name, strict)));
  else if (schema.type === 'object' || schema.properties) valid = objectFor(schema, known, strict);
  else if (schema.type === 'integer' || schema.type === 'number')
    valid = strict
      ? fc.constantFrom(...known.ids)
      : fc.oneof(
          fc.constantFrom(...known.ids),
          fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 }),
        );
  else if (schema.type === 'boolean') valid = fc.boolean();
  else if (schema.type === 'string') valid = stringFor(schema);
  else valid = strict ? fc.constant(undefined) : anyJson;
  if (strict) return hint ?? valid;
  return fc.oneof(
    { weight: 4, arbitrary: hint ? fc.oneof(hint, valid) : valid },
    { weight: 1, arbitrary: anyJson },
    ...(schema.nullable ? [{ weight: 1, arbitrary: fc.constant(null) }] : []),
  );
}

function objectFor(schema: JsonSchema, known: KnownValues, strict: boolean): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const n of names) model[n] = valueFor(props[n], known, n, strict);
  const required = (schema.required ?? []).filter((n) => names.includes(n));
  if (strict) return fc.record(model, { requiredKeys: required });
  return fc
    .tuple(
      fc.record(model, { requiredKeys: required }),
      // Sometimes a required field goes missing, sometimes strangers come along.
      fc.option(fc.constantFrom(...(required.length ? required : ['x']))),
      fc.option(fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'role', 'status', 'id', 'extra'), anyJson)),
    )
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...(extra ?? {}), ...value };
      if (drop) delete out[drop];
      return out;
    });
}

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Path segments already written as they go on the wire. */
const RAW_SEGMENTS = [
  '..',
  '.',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%2e%2e',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%u002e',
  '1%20OR%201%3D1',
  '1;DROP',
  'a/../b',
  '%252e%252e',
  '-0',
  '+1',
  '1e3',
  '00000000001',
];

function segmentFor(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<string> = schema.enum?.length
    ? fc.constantFrom(...schema.enum.map(String))
    : fc.oneof(fc.constantFrom(...known.ids.map(String)), fc.constantFrom(...known.slugs));
  return fc.oneof(
    { weight: 7, arbitrary: valid },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 2, arbitrary: oddString.filter((s) => s.length < 5_000).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: fc.integer({ min: 150, max: 3_000 }).map((n) => 'a'.repeat(n)) },
  );
}

function queryFor(op: Operation, known: KnownValues): fc.Arbitrary<string> {
  const declared = op.queryParams.map((p) => p.name);
  const key = fc.oneof(
    ...(declared.length ? [{ weight: 4, arbitrary: fc.constantFrom(...declared) }] : []),
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'q[a]', 'token[]', 'a.b', '') },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: oddString.filter((s) => s.length < 20_000) },
    { weight: 1, arbitrary: fc.constantFrom(...known.slugs, ...known.ids.map(String)) },
  );
  const pairs = fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((list) => list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 5, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', 'q=%E0%A4%A', '&&&', '=', 'q', 'q=a&q=b', 'token=a&token=b') },
  );
}

const WRONG_TYPES = [
  'text/plain',
  'text/xml',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json-patch+json',
  'application/jsonx',
];

function bodyFor(op: Operation, known: KnownValues): fc.Arbitrary<{ payload?: string; type?: string; label: string }> {
  const json = (value: unknown) => ({ payload: JSON.stringify(value), type: 'application/json', label: 'json' });
  const valueFromSchema = op.body ? valueFor(op.body, known) : anyJson;
  return fc.oneof(
    ...(op.body ? [{ weight: 4, arbitrary: valueFor(op.body, known, '', true).map(json) }] : []),
    { weight: op.body ? 4 : 1, arbitrary: valueFromSchema.map(json) },
    { weight: 2, arbitrary: anyJson.map(json) },
    { weight: op.body ? 1 : 5, arbitrary: fc.constant({ label: 'no body' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valueFromSchema, fc.nat())
        // Cut short somewhere: what a dropped connection or a careless client sends.
        .map(([v, cut]) => {
          const text = JSON.stringify(v) ?? '';
          return text.length > 1 ? text.slice(0, 1 + (cut % (text.length - 1))) : '{';
        })
        .chain((truncated) =>
          fc.oneof(
            fc.constant(truncated),
            fc.constantFrom('{', '[', '{"a":', '{a:1}', "{'a':1}", '\ufeff{}', 'undefined', '{"a":1}}', '\u0000'),
          ),
        )
        .map((payload) => ({ payload, type: 'application/json', label: 'malformed json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_TYPES), valueFromSchema)
        .map(([type, v]) => ({ payload: JSON.stringify(v) ?? 'x', type, label: `as ${type}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: BODY_LIMIT_BYTES, max: BODY_LIMIT_BYTES + 4_096 })
        .map((n) => ({ payload: JSON.stringify({ content: 'x'.repeat(n) }), type: 'application/json', label: 'huge' })),
    },
  );
}

/** A request for `op`: path, query, body and content type, generated together. */
export function requestFor(op: Operation, known: KnownValues): fc.Arbitrary<GeneratedRequest> {
  const segments = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, segmentFor(p.schema, known)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  return fc.tuple(segments, queryFor(op, known), bodyFor(op, known)).map(([params, query, body]) => {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');
    const url = query ? `${path}?${query}` : path;
    const headers: Record<string, string> = body.type ? { 'content-type': body.type } : {};
    return {
      url,
      headers,
      payload: body.payload,
      label: `${op.method} ${url.slice(0, 200)} [${body.label}] ${(body.payload ?? '').slice(0, 200)}`,
    };
  });
}
