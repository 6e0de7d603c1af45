import { createHash } from 'node:crypto';
import type { BadgeFailureReason } from '@certitude/shared';
import { compactVerify, decodeProtectedHeader, importJWK, importSPKI, type JWK } from 'jose';
import { FetchFailed, safeFetch, type FetchLimits } from './safe-fetch.js';

type Json = Record<string, unknown>;

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

const reject = (reason: BadgeFailureReason, detail: string): never => {
  throw new BadgeRejected(reason, detail);
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => [v].flat().filter((s): s is string => typeof s === 'string');
const typesOf = (v: unknown): string[] => (isObject(v) ? strings(v.type).map((s) => s.toLowerCase()) : []);
/** A node's id: the string itself, or its `id`. */
const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : isObject(v) && typeof v.id === 'string' ? v.id : undefined;

function httpUrl(v: string | undefined): URL | undefined {
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

const sameOrigin = (a: string, b: string) => httpUrl(a)?.origin === httpUrl(b)?.origin;

/** A day from an ISO 8601 date-time, or from seconds since 1970 (Open Badges 1.x and JWT claims). */
function dayOf(v: unknown): string | undefined {
  const time = typeof v === 'number' ? v * 1000 : typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : undefined;
}
const timeOf = (v: unknown): number | undefined =>
  typeof v === 'number'
    ? v * 1000
    : typeof v === 'string' && Number.isFinite(Date.parse(v))
      ? Date.parse(v)
      : undefined;

/** PostgreSQL text cannot hold U+0000: a document carrying one is refused before any of it is stored or queried. */
const carriesNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');

const looksLikeJws = (s: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(s);

function decodePayload(token: string): Json {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    if (isObject(payload) && !carriesNul(payload)) return payload;
  } catch {
    // not JSON: below
  }
  return reject('NOT_A_BADGE', 'a token whose payload is not a JSON object');
}

/**
 * Whether an identity (2.0 `recipient`, 3.0 `identifier`) names one of the addresses: plain, or hashed as
 * `sha256$<hex of address + salt>` (md5 also, as 2.0 allows). Addresses are compared as given and in lower case.
 */
function identityMatches(
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

/**
 * Checks Open Badges (docs/product.md#verified-holders): 2.0 hosted assertions, 2.0 signed assertions (JWS) and 3.0
 * credentials as VC-JWT. Every document is fetched through `safeFetch`; what a badge embeds of its class or issuer
 * is never trusted, the copy at its id is.
 */
export class BadgeVerifier {
  constructor(private readonly limits: FetchLimits) {}

  async verify(input: { url?: string; credential?: string | Json }, addresses: string[], now: Date) {
    if (input.url !== undefined) {
      const fetched = await this.fetch(input.url, true);
      const text = fetched.body.trim();
      if (looksLikeJws(text)) return this.token(text, addresses, now);
      const json = this.parse(text);
      return this.document(json, addresses, now, fetched.url, fetched.status);
    }
    const credential = input.credential;
    if (typeof credential === 'string') {
      if (looksLikeJws(credential)) return this.token(credential, addresses, now);
      return this.document(this.parse(credential), addresses, now);
    }
    if (isObject(credential) && !carriesNul(credential)) return this.document(credential, addresses, now);
    return reject('NOT_A_BADGE', 'nothing to verify');
  }

  private parse(text: string): Json {
    try {
      const json: unknown = JSON.parse(text);
      if (isObject(json) && !carriesNul(json)) return json;
    } catch {
      // below
    }
    return reject('NOT_A_BADGE', 'the answer is not JSON');
  }

  private async fetch(url: string, allowGone = false) {
    try {
      const fetched = await safeFetch(url, this.limits);
      if (fetched.status === 200 || (allowGone && fetched.status === 410)) return fetched;
      return reject('UNREACHABLE', `${url} answered ${fetched.status}`);
    } catch (err) {
      if (err instanceof FetchFailed) return reject('UNREACHABLE', `${url}: ${err.why}`);
      throw err;
    }
  }

  private async fetchJson(url: string | undefined, what: string, allowGone = false) {
    if (!httpUrl(url)) return reject('NOT_A_BADGE', `the ${what} has no http(s) id`);
    const fetched = await this.fetch(url!, allowGone);
    return { json: this.parse(fetched.body), status: fetched.status, url: fetched.url };
  }

  /** A JSON document: a 2.0 assertion (checked as hosted), or a 3.0 credential (only its VC-JWT form is checked). */
  private async document(json: Json, addresses: string[], now: Date, fetchedFrom?: string, status = 200) {
    const types = typesOf(json);
    if (types.includes('assertion')) return this.hosted(json, addresses, now, fetchedFrom, status);
    if (types.some((t) => ['verifiablecredential', 'openbadgecredential', 'achievementcredential'].includes(t))) {
      // Data Integrity proofs need JSON-LD canonicalization: only the VC-JWT form is checked here.
      return reject('BAD_SIGNATURE', 'a 3.0 credential without a VC-JWT proof');
    }
    return reject('NOT_A_BADGE', 'neither an Open Badges assertion nor a credential');
  }

  /** The BadgeClass at the badge's id, and the Profile at that class's issuer. */
  private async classAndIssuer(badge: unknown) {
    const classUrl = idOf(badge);
    const { json: badgeClass, url: classAt } = await this.fetchJson(classUrl, 'badge class');
    if (!typesOf(badgeClass).includes('badgeclass')) reject('NOT_A_BADGE', 'the badge is not a BadgeClass');
    // A document is what lives at its id: one naming another id (a vendor's class) proves nothing of that one.
    // Nor is one reached by a redirect to another origin (an open redirect of the vendor's site).
    if (idOf(badgeClass) !== classUrl || !sameOrigin(classAt, classUrl!)) {
      reject('BAD_SIGNATURE', 'the badge class is not the one at its address');
    }
    const issuerUrl = idOf(badgeClass.issuer);
    const { json: issuer, url: issuerAt } = await this.fetchJson(issuerUrl, 'issuer');
    if (idOf(issuer) !== issuerUrl || !sameOrigin(issuerAt, issuerUrl!)) {
      reject('BAD_SIGNATURE', 'the issuer is not the one at its address');
    }
    return { badgeClass, badgeClassId: classUrl!, issuer, issuerId: issuerUrl! };
  }

  /** 2.0 hosted verification: the assertion at its id, its class and issuer, and the origin check. */
  private async hosted(given: Json, addresses: string[], now: Date, fetchedFrom?: string, status = 200) {
    const id = idOf(given);
    if (!httpUrl(id)) return reject('NOT_A_BADGE', 'an assertion without an http(s) id');
    let assertion = given;
    let gone = status === 410;
    if (fetchedFrom !== id) {
      const fetched = await this.fetchJson(id, 'assertion', true);
      if (idOf(fetched.json) !== id || !sameOrigin(fetched.url, id!)) {
        reject('BAD_SIGNATURE', 'the assertion at its id is another one');
      }
      assertion = fetched.json;
      gone = fetched.status === 410;
    }
    if (typesOf(assertion.verification).some((t) => t.startsWith('signed'))) {
      reject('BAD_SIGNATURE', 'a signed assertion given without its signature');
    }
    if (gone || assertion.revoked === true) reject('REVOKED', 'the assertion is revoked');
    const { badgeClassId, issuer, issuerId } = await this.classAndIssuer(assertion.badge);
    const origin = httpUrl(id)!;
    const issuerUrl = httpUrl(issuerId);
    const allowed = isObject(issuer.verification) ? strings(issuer.verification.allowedOrigins) : [];
    if (!issuerUrl || (issuerUrl.origin !== origin.origin && !allowed.includes(origin.hostname))) {
      reject('BAD_SIGNATURE', `the assertion is not hosted by its issuer (${origin.host})`);
    }
    return this.common('OB2_HOSTED', id!, assertion, badgeClassId, issuer, issuerId, addresses, now);
  }

  /** The checks of every 2.0 assertion once its origin or signature is proven: revocation, expiry, recipient. */
  private async common(
    format: VerifiedBadge['format'],
    badgeKey: string,
    assertion: Json,
    badgeClassId: string,
    issuer: Json,
    issuerId: string,
    addresses: string[],
    now: Date,
  ): Promise<VerifiedBadge> {
    if (assertion.revoked === true) reject('REVOKED', 'the assertion is revoked');
    const listUrl = idOf(issuer.revocationList);
    if (listUrl) {
      const { json: list } = await this.fetchJson(listUrl, 'revocation list');
      const revoked = [list.revokedAssertions]
        .flat()
        .flatMap((r) => (isObject(r) ? strings([r.id, r.uid]) : strings(r)));
      if (revoked.includes(badgeKey) || (typeof assertion.uid === 'string' && revoked.includes(assertion.uid))) {
        reject('REVOKED', 'the issuer’s revocation list names the assertion');
      }
    }
    const expires = timeOf(assertion.expires);
    if (expires !== undefined && expires <= now.getTime()) reject('EXPIRED', 'the assertion has expired');
    const recipient = isObject(assertion.recipient) ? assertion.recipient : {};
    const matches = identityMatches(
      {
        type: typeof recipient.type === 'string' ? recipient.type : '',
        hashed: recipient.hashed === true,
        salt: typeof recipient.salt === 'string' ? recipient.salt : undefined,
        value: typeof recipient.identity === 'string' ? recipient.identity : '',
      },
      addresses,
    );
    if (!matches) reject('RECIPIENT_MISMATCH', 'the recipient is none of the member’s addresses');
    const issuedOn = dayOf(assertion.issuedOn) ?? reject('NOT_A_BADGE', 'an assertion without issuedOn');
    return {
      format,
      badgeKey,
      badgeClass: badgeClassId,
      issuer: {
        name: typeof issuer.name === 'string' ? issuer.name : issuerId,
        url: httpUrl(issuerId) ? issuerId : null,
      },
      issuedOn,
      expiresOn: dayOf(assertion.expires) ?? null,
    };
  }

  /** A compact JWS: a 2.0 signed assertion, or a 3.0 credential as VC-JWT. */
  private async token(token: string, addresses: string[], now: Date): Promise<VerifiedBadge> {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return reject('NOT_A_BADGE', 'a token without a readable header');
    }
    const payload = decodePayload(token);
    const credential = isObject(payload.vc) ? payload.vc : payload;
    const types = typesOf(credential);
    if (types.some((t) => ['verifiablecredential', 'openbadgecredential', 'achievementcredential'].includes(t))) {
      return this.vcJwt(token, header, payload, credential, addresses, now);
    }
    if (payload.recipient !== undefined && payload.badge !== undefined) {
      return this.signed(token, header, payload, addresses, now);
    }
    return reject('NOT_A_BADGE', 'a token that carries no badge');
  }

  /** 2.0 signed: the key at `verification.creator` (owned by the class's issuer) or the issuer's `publicKey`. */
  private async signed(
    token: string,
    header: { alg?: string },
    assertion: Json,
    addresses: string[],
    now: Date,
  ): Promise<VerifiedBadge> {
    const { badgeClassId, issuer, issuerId } = await this.classAndIssuer(assertion.badge);
    const creator = isObject(assertion.verification) ? idOf(assertion.verification.creator) : undefined;
    const listed = [issuer.publicKey].flat().map(idOf);
    const keyUrl = creator ?? listed[0];
    // The key named by the assertion (which anyone can write) counts only if the issuer lists it or serves it.
    if (!keyUrl || (!listed.includes(keyUrl) && !sameOrigin(keyUrl, issuerId))) {
      return reject('BAD_SIGNATURE', 'the signing key is not the issuer’s');
    }
    const { json: key, url: keyAt } = await this.fetchJson(keyUrl, 'signing key');
    if (idOf(key.owner) !== issuerId || !sameOrigin(keyAt, keyUrl)) {
      reject('BAD_SIGNATURE', 'the signing key is not the issuer’s');
    }
    if (typeof key.publicKeyPem !== 'string' || !header.alg) return reject('BAD_SIGNATURE', 'no usable public key');
    try {
      await compactVerify(token, await importSPKI(key.publicKeyPem, header.alg));
    } catch {
      reject('BAD_SIGNATURE', 'the signature does not verify');
    }
    const badgeKey =
      idOf(assertion) ?? (typeof assertion.uid === 'string' ? `${issuerId}#${assertion.uid}` : undefined);
    const key2 = badgeKey ?? `sha256:${createHash('sha256').update(token).digest('hex')}`;
    return this.common('OB2_SIGNED', key2, assertion, badgeClassId, issuer, issuerId, addresses, now);
  }

  /**
   * 3.0 VC-JWT: the issuer's key is taken from its profile (fetched at the issuer's id: `verificationMethod` or
   * `publicKeyJwk`), never from the token alone; the achievement must be the issuer's (same origin).
   */
  private async vcJwt(
    token: string,
    header: { alg?: string; kid?: string },
    payload: Json,
    credential: Json,
    addresses: string[],
    now: Date,
  ): Promise<VerifiedBadge> {
    const issuerId = idOf(credential.issuer) ?? (typeof payload.iss === 'string' ? payload.iss : undefined);
    const issuerUrl = httpUrl(issuerId);
    if (!issuerUrl) return reject('BAD_SIGNATURE', 'the issuer has no http(s) id to take its key from');
    const { json: profile } = await this.fetchJson(issuerId, 'issuer');
    const methods = [profile.verificationMethod, profile.assertionMethod].flat().filter(isObject);
    const keys: { id?: string; jwk: JWK }[] = methods
      .filter((m) => isObject(m.publicKeyJwk))
      .map((m) => ({ id: idOf(m), jwk: m.publicKeyJwk as JWK }));
    if (isObject(profile.publicKeyJwk)) keys.push({ id: issuerId, jwk: profile.publicKeyJwk as JWK });
    const kid = header.kid;
    const candidates = kid ? keys.filter((k) => k.id === kid || k.jwk.kid === kid) : keys;
    if (candidates.length === 0 && kid && httpUrl(kid)?.origin === issuerUrl.origin) {
      const { json } = await this.fetchJson(kid, 'key');
      candidates.push({ id: kid, jwk: (isObject(json.publicKeyJwk) ? json.publicKeyJwk : json) as JWK });
    }
    let verified = false;
    for (const candidate of candidates) {
      try {
        await compactVerify(token, await importJWK(candidate.jwk, header.alg));
        verified = true;
        break;
      } catch {
        // the next key
      }
    }
    if (!verified) reject('BAD_SIGNATURE', 'no key of the issuer verifies the credential');
    const subject = isObject(credential.credentialSubject) ? credential.credentialSubject : {};
    const achievementId = idOf(subject.achievement) ?? reject('NOT_A_BADGE', 'a credential without an achievement');
    if (httpUrl(achievementId)?.origin !== issuerUrl.origin) {
      reject('BAD_SIGNATURE', 'the achievement is not the issuer’s');
    }
    const expires = timeOf(credential.validUntil ?? credential.expirationDate ?? payload.exp);
    if (expires !== undefined && expires <= now.getTime()) reject('EXPIRED', 'the credential has expired');
    const identities = [subject.identifier].flat().filter(isObject);
    const matches = identities.some((i) =>
      identityMatches(
        {
          type: typeof i.identityType === 'string' ? i.identityType : '',
          hashed: i.hashed === true,
          salt: typeof i.salt === 'string' ? i.salt : undefined,
          value: typeof i.identityHash === 'string' ? i.identityHash : '',
        },
        addresses,
      ),
    );
    if (!matches) reject('RECIPIENT_MISMATCH', 'the recipient is none of the member’s addresses');
    const issuedOn =
      dayOf(credential.validFrom ?? credential.issuanceDate ?? credential.awardedDate ?? payload.nbf) ??
      reject('NOT_A_BADGE', 'a credential without its date');
    const name =
      isObject(credential.issuer) && typeof credential.issuer.name === 'string' ? credential.issuer.name : profile.name;
    return {
      format: 'OB3_JWT',
      badgeKey:
        idOf(credential) ??
        (typeof payload.jti === 'string' ? payload.jti : `sha256:${createHash('sha256').update(token).digest('hex')}`),
      badgeClass: achievementId,
      issuer: { name: typeof name === 'string' ? name : issuerId!, url: issuerId! },
      issuedOn,
      expiresOn: expires === undefined ? null : new Date(expires).toISOString().slice(0, 10),
    };
  }
}
