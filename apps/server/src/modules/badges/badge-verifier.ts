import { decodeProtectedHeader } from 'jose';
import { BadgeDocuments } from './badge-documents.js';
import { carriesNul, decodePayload, isObject, looksLikeJws, reject, typesOf, type Json } from './badge-json.js';
import { verifyHosted, verifySigned } from './ob2-assertion.js';
import { verifyVcJwt } from './ob3-credential.js';
import type { FetchLimits } from './safe-fetch.js';

export { BadgeRejected } from './badge-json.js';

const CREDENTIAL_TYPES = ['verifiablecredential', 'openbadgecredential', 'achievementcredential'];

/**
 * Checks Open Badges (docs/product.md#verified-holders): 2.0 hosted assertions (ob2-assertion.ts), 2.0 signed
 * assertions (JWS) and 3.0 credentials as VC-JWT (ob3-credential.ts), with their status lists (status-list.ts).
 * Every document is fetched through `safeFetch` (badge-documents.ts); what a badge embeds of its class or issuer is
 * never trusted, the copy at its id is.
 */
export class BadgeVerifier {
  private readonly docs: BadgeDocuments;

  constructor(limits: FetchLimits) {
    this.docs = new BadgeDocuments(limits);
  }

  async verify(input: { url?: string; credential?: string | Json }, addresses: string[], now: Date) {
    if (input.url !== undefined) {
      const fetched = await this.docs.fetch(input.url, true);
      const text = fetched.body.trim();
      if (looksLikeJws(text)) return this.token(text, addresses, now);
      const json = this.docs.parse(text);
      return this.document(json, addresses, now, fetched.url, fetched.status);
    }
    const credential = input.credential;
    if (typeof credential === 'string') {
      if (looksLikeJws(credential)) return this.token(credential, addresses, now);
      return this.document(this.docs.parse(credential), addresses, now);
    }
    if (isObject(credential) && !carriesNul(credential)) return this.document(credential, addresses, now);
    return reject('NOT_A_BADGE', 'nothing to verify');
  }

  /** A JSON document: a 2.0 assertion (checked as hosted), or a 3.0 credential (only its VC-JWT form is checked). */
  private async document(json: Json, addresses: string[], now: Date, fetchedFrom?: string, status = 200) {
    const types = typesOf(json);
    if (types.includes('assertion')) return verifyHosted(this.docs, json, addresses, now, fetchedFrom, status);
    if (types.some((t) => CREDENTIAL_TYPES.includes(t))) {
      // Data Integrity proofs need JSON-LD canonicalization: only the VC-JWT form is checked here.
      return reject('BAD_SIGNATURE', 'a 3.0 credential without a VC-JWT proof');
    }
    return reject('NOT_A_BADGE', 'neither an Open Badges assertion nor a credential');
  }

  /** A compact JWS: a 2.0 signed assertion, or a 3.0 credential as VC-JWT. */
  private async token(token: string, addresses: string[], now: Date) {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return reject('NOT_A_BADGE', 'a token without a readable header');
    }
    const payload = decodePayload(token);
    const credential = isObject(payload.vc) ? payload.vc : payload;
    if (typesOf(credential).some((t) => CREDENTIAL_TYPES.includes(t))) {
      return verifyVcJwt(this.docs, token, header, payload, credential, addresses, now);
    }
    if (payload.recipient !== undefined && payload.badge !== undefined) {
      return verifySigned(this.docs, token, header, payload, addresses, now);
    }
    return reject('NOT_A_BADGE', 'a token that carries no badge');
  }
}
