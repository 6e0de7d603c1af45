import { createHash } from 'node:crypto';
import type { BadgeFailureReason } from '@certitude/shared';

/**
 * What the badge checks share (docs/product.md#verified-holders): the verdicts, and reading the JSON-LD shapes of Open
 * Badges 2.0 and 3.0 without trusting them.
 */

export type Json = Record<string, unknown>;

/** A badge that passed every check but the catalogue's: what it proves and who says so. */
export interface VerifiedBadge {
  format: 'OB2_HOSTED' | 'OB2_SIGNED' | 'OB3_JWT';
  /** The assertion's or credential's id: one badge is added once. */
  badgeKey: string;
  /** The BadgeClass's (2.0) or Achievement's (3.0) id, looked up in the certifications' `badgeClasses`. */
  badgeClass: string;
  issuer: { name: string; url: string | null };
  issuedOn: string;
  expiresOn: string | null;
}

/** A badge that does not verify, and why (docs/api.md#verified-holders). */
export class BadgeRejected extends Error {
  constructor(
    readonly reason: BadgeFailureReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'BadgeRejected';
  }
}

export const reject = (reason: BadgeFailureReason, detail: string): never => {
  throw new BadgeRejected(reason, detail);
};

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const strings = (v: unknown): string[] => [v].flat().filter((s): s is string => typeof s === 'string');
export const typesOf = (v: unknown): string[] => (isObject(v) ? strings(v.type).map((s) => s.toLowerCase()) : []);
/** A node's id: the string itself, or its `id`. */
export const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : isObject(v) && typeof v.id === 'string' ? v.id : undefined;

export function httpUrl(v: string | undefined): URL | undefined {
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

export const sameOrigin = (a: string, b: string) => httpUrl(a)?.origin === httpUrl(b)?.origin;

/** A day from an ISO 8601 date-time, or from seconds since 1970 (Open Badges 1.x and JWT claims). */
export function dayOf(v: unknown): string | undefined {
  const time = typeof v === 'number' ? v * 1000 : typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : undefined;
}
export const timeOf = (v: unknown): number | undefined =>
  typeof v === 'number'
    ? v * 1000
    : typeof v === 'string' && Number.isFinite(Date.parse(v))
      ? Date.parse(v)
      : undefined;

/** PostgreSQL text cannot hold U+0000: a document carrying one is refused before any of it is stored or queried. */
export const carriesNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');

export const looksLikeJws = (s: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(s);

export function decodePayload(token: string): Json {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    if (isObject(payload) && !carriesNul(payload)) return payload;
  } catch {
    // not JSON: below
  }
  return reject('NOT_A_BADGE', 'a token whose payload is not a JSON object');
}

/** An identity as a badge states it (2.0 `recipient`: type, identity; 3.0 `identifier`: identityType, identityHash). */
export function identityIn(o: Record<string, unknown>, typeField: string, valueField: string) {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    type: text(o[typeField]) ?? '',
    hashed: o.hashed === true,
    salt: text(o.salt),
    value: text(o[valueField]) ?? '',
  };
}

/**
 * Whether an identity (2.0 `recipient`, 3.0 `identifier`) names one of the addresses: plain, or hashed as
 * `sha256$<hex of address + salt>` (md5 also, as 2.0 allows). Addresses are compared as given and in lower case.
 */
export function identityMatches(
  identity: { type: string; hashed: boolean; salt?: string; value: string },
  addresses: string[],
): boolean {
  if (!['email', 'emailaddress'].includes(identity.type.toLowerCase())) return false;
  const candidates = [...new Set(addresses.flatMap((a) => [a, a.toLowerCase()]))];
  if (!identity.hashed) return candidates.some((a) => a.toLowerCase() === identity.value.toLowerCase());
  const match = /^(sha256|md5)\$([0-9a-f]+)$/i.exec(identity.value);
  if (!match) return false;
  const [, algorithm, hex] = match;
  return candidates.some(
    (a) =>
      createHash(algorithm!.toLowerCase())
        .update(a + (identity.salt ?? ''))
        .digest('hex') === hex!.toLowerCase(),
  );
}
