import { createHash } from 'node:crypto';
import { compactVerify, importJWK, type JWK } from 'jose';
import type { BadgeDocuments } from './badge-documents.js';
import {
  dayOf,
  httpUrl,
  identityIn,
  identityMatches,
  idOf,
  isObject,
  reject,
  timeOf,
  type Json,
  type VerifiedBadge,
} from './badge-json.js';
import { checkCredentialStatus } from './status-list.js';

type Key = { id?: string; jwk: JWK };

/** The keys of the issuer's profile, fetched at the issuer's id: `verificationMethod`, `assertionMethod`, `publicKeyJwk`. */
function profileKeys(profile: Json, issuerId: string): Key[] {
  const methods = [profile.verificationMethod, profile.assertionMethod].flat().filter(isObject);
  const keys: Key[] = methods
    .filter((m) => isObject(m.publicKeyJwk))
    .map((m) => ({ id: idOf(m), jwk: m.publicKeyJwk as JWK }));
  if (isObject(profile.publicKeyJwk)) keys.push({ id: issuerId, jwk: profile.publicKeyJwk as JWK });
  return keys;
}

/** Whether one of the keys verifies the compact JWS. */
async function verifiedByOneOf(token: string, alg: string | undefined, keys: Key[]): Promise<boolean> {
  for (const key of keys) {
    try {
      await compactVerify(token, await importJWK(key.jwk, alg));
      return true;
    } catch {
      // the next key
    }
  }
  return false;
}

/**
 * 3.0 VC-JWT: the issuer's key is taken from its profile (fetched at the issuer's id: `verificationMethod` or
 * `publicKeyJwk`), never from the token alone; the achievement must be the issuer's (same origin); its status list,
 * when it names one, must not mark it revoked or suspended.
 */
export async function verifyVcJwt(
  docs: BadgeDocuments,
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
  const { json: profile } = await docs.fetchJson(issuerId, 'issuer');
  const keys = profileKeys(profile, issuerId!);
  const kid = header.kid;
  const candidates = kid ? keys.filter((k) => k.id === kid || k.jwk.kid === kid) : keys;
  if (candidates.length === 0 && kid && httpUrl(kid)?.origin === issuerUrl.origin) {
    const { json } = await docs.fetchJson(kid, 'key');
    candidates.push({ id: kid, jwk: (isObject(json.publicKeyJwk) ? json.publicKeyJwk : json) as JWK });
  }
  if (!(await verifiedByOneOf(token, header.alg, candidates))) {
    reject('BAD_SIGNATURE', 'no key of the issuer verifies the credential');
  }
  const subject = isObject(credential.credentialSubject) ? credential.credentialSubject : {};
  const achievementId = idOf(subject.achievement) ?? reject('NOT_A_BADGE', 'a credential without an achievement');
  if (httpUrl(achievementId)?.origin !== issuerUrl.origin) {
    reject('BAD_SIGNATURE', 'the achievement is not the issuer’s');
  }
  const expires = timeOf(credential.validUntil ?? credential.expirationDate ?? payload.exp);
  if (expires !== undefined && expires <= now.getTime()) reject('EXPIRED', 'the credential has expired');
  await checkCredentialStatus(docs, credential, issuerId!, async (list, alg) =>
    verifiedByOneOf(list, alg, [...keys, ...candidates]),
  );
  const identities = [subject.identifier].flat().filter(isObject);
  const matches = identities.some((i) => identityMatches(identityIn(i, 'identityType', 'identityHash'), addresses));
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
