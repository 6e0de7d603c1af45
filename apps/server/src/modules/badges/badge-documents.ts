import { FetchFailed, safeFetch, type FetchLimits } from './safe-fetch.js';
import { carriesNul, httpUrl, idOf, isObject, reject, sameOrigin, typesOf, type Json } from './badge-json.js';

/**
 * The documents a badge check reads elsewhere (assertions, classes, issuers, keys, lists), every one fetched through
 * `safeFetch`: what a badge embeds of them is never trusted, the copy at its id is.
 */
export class BadgeDocuments {
  constructor(private readonly limits: FetchLimits) {}

  parse(text: string): Json {
    try {
      const json: unknown = JSON.parse(text);
      if (isObject(json) && !carriesNul(json)) return json;
    } catch {
      // below
    }
    return reject('NOT_A_BADGE', 'the answer is not JSON');
  }

  async fetch(url: string, allowGone = false) {
    try {
      const fetched = await safeFetch(url, this.limits);
      if (fetched.status === 200 || (allowGone && fetched.status === 410)) return fetched;
      return reject('UNREACHABLE', `${url} answered ${fetched.status}`);
    } catch (err) {
      if (err instanceof FetchFailed) return reject('UNREACHABLE', `${url}: ${err.why}`);
      throw err;
    }
  }

  async fetchJson(url: string | undefined, what: string, allowGone = false) {
    if (!httpUrl(url)) return reject('NOT_A_BADGE', `the ${what} has no http(s) id`);
    const fetched = await this.fetch(url!, allowGone);
    return { json: this.parse(fetched.body), status: fetched.status, url: fetched.url };
  }

  /** The BadgeClass at the badge's id, and the Profile at that class's issuer. */
  async classAndIssuer(badge: unknown) {
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
}
