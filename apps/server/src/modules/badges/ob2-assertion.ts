import { createHash } from 'node:crypto';
import { compactVerify, importSPKI } from 'jose';
import type { BadgeDocuments } from './badge-documents.js';
import {
  dayOf,
  httpUrl,
  identityIn,
  identityMatches,
  idOf,
  isObject,
  reject,
  sameOrigin,
  strings,
  timeOf,
  typesOf,
  type Json,
  type VerifiedBadge,
} from './badge-json.js';

/** 2.0 hosted verification: the assertion at its id, its class and issuer, and the origin check. */
export async function verifyHosted(
  docs: BadgeDocuments,
  given: Json,
  addresses: string[],
  now: Date,
  fetchedFrom?: string,
  status = 200,
): Promise<VerifiedBadge> {
  const id = idOf(given);
  if (!httpUrl(id)) return reject('NOT_A_BADGE', 'an assertion without an http(s) id');
  let assertion = given;
  let gone = status === 410;
  if (fetchedFrom !== id) {
    const fetched = await docs.fetchJson(id, 'assertion', true);
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
  const { badgeClassId, issuer, issuerId } = await docs.classAndIssuer(assertion.badge);
  const origin = httpUrl(id)!;
  const issuerUrl = httpUrl(issuerId);
  const allowed = isObject(issuer.verification) ? strings(issuer.verification.allowedOrigins) : [];
  if (!issuerUrl || (issuerUrl.origin !== origin.origin && !allowed.includes(origin.hostname))) {
    reject('BAD_SIGNATURE', `the assertion is not hosted by its issuer (${origin.host})`);
  }
  return common(docs, 'OB2_HOSTED', id!, assertion, { badgeClassId, issuer, issuerId }, addresses, now);
}

/** 2.0 signed: the key at `verification.creator` (owned by the class's issuer) or the issuer's `publicKey`. */
export async function verifySigned(
  docs: BadgeDocuments,
  token: string,
  header: { alg?: string },
  assertion: Json,
  addresses: string[],
  now: Date,
): Promise<VerifiedBadge> {
  const { badgeClassId, issuer, issuerId } = await docs.classAndIssuer(assertion.badge);
  const creator = isObject(assertion.verification) ? idOf(assertion.verification.creator) : undefined;
  const listed = [issuer.publicKey].flat().map(idOf);
  const keyUrl = creator ?? listed[0];
  // The key named by the assertion (which anyone can write) counts only if the issuer lists it or serves it.
  if (!keyUrl || (!listed.includes(keyUrl) && !sameOrigin(keyUrl, issuerId))) {
    return reject('BAD_SIGNATURE', 'the signing key is not the issuer’s');
  }
  const { json: key, url: keyAt } = await docs.fetchJson(keyUrl, 'signing key');
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
    idOf(assertion) ??
    (typeof assertion.uid === 'string'
      ? `${issuerId}#${assertion.uid}`
      : `sha256:${createHash('sha256').update(token).digest('hex')}`);
  return common(docs, 'OB2_SIGNED', badgeKey, assertion, { badgeClassId, issuer, issuerId }, addresses, now);
}

/** The checks of every 2.0 assertion once its origin or signature is proven: revocation, expiry, recipient. */
async function common(
  docs: BadgeDocuments,
  format: VerifiedBadge['format'],
  badgeKey: string,
  assertion: Json,
  from: { badgeClassId: string; issuer: Json; issuerId: string },
  addresses: string[],
  now: Date,
): Promise<VerifiedBadge> {
  const { badgeClassId, issuer, issuerId } = from;
  if (assertion.revoked === true) reject('REVOKED', 'the assertion is revoked');
  const listUrl = idOf(issuer.revocationList);
  if (listUrl) {
    const { json: list } = await docs.fetchJson(listUrl, 'revocation list');
    const revoked = [list.revokedAssertions].flat().flatMap((r) => (isObject(r) ? strings([r.id, r.uid]) : strings(r)));
    if (revoked.includes(badgeKey) || (typeof assertion.uid === 'string' && revoked.includes(assertion.uid))) {
      reject('REVOKED', 'the issuer’s revocation list names the assertion');
    }
  }
  const expires = timeOf(assertion.expires);
  if (expires !== undefined && expires <= now.getTime()) reject('EXPIRED', 'the assertion has expired');
  const recipient = isObject(assertion.recipient) ? assertion.recipient : {};
  const matches = identityMatches(identityIn(recipient, 'type', 'identity'), addresses);
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
