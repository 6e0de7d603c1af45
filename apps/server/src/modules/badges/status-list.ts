import { gunzipSync } from 'node:zlib';
import { decodeProtectedHeader } from 'jose';
import type { BadgeDocuments } from './badge-documents.js';
import { decodePayload, idOf, isObject, looksLikeJws, reject, strings, typesOf, type Json } from './badge-json.js';

/** The entries' types read: W3C Bitstring Status List, and its predecessor StatusList2021. */
const ENTRY_TYPES = ['bitstringstatuslistentry', 'statuslist2021entry'];
const LIST_TYPES = ['bitstringstatuslist', 'statuslist2021'];
/** The purposes that take a badge's standing away; others (a message, a refresh) say nothing of it. */
const PURPOSES = ['revocation', 'suspension'];
/** A list unpacks to at most this: the specification's lists are 16 KB (131,072 entries) and rarely much more. */
const LIST_BYTES_MAX = 16 * 1024 * 1024;

/**
 * The bits of an `encodedList`: the GZIP-compressed bitstring, in base64url after the multibase prefix `u`
 * (Bitstring Status List), or in base64 without it (StatusList2021). Undefined when it is neither.
 */
function decodeBitstring(encoded: string): Buffer | undefined {
  const text = encoded.startsWith('u') ? encoded.slice(1) : encoded;
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(text)) return undefined;
  try {
    return gunzipSync(Buffer.from(text, 'base64'), { maxOutputLength: LIST_BYTES_MAX });
  } catch {
    return undefined;
  }
}

/** The status at `index` (`size` bits, the first bit the most significant of the first byte); undefined past the end. */
function statusAt(bits: Buffer, index: number, size = 1): number | undefined {
  let value = 0;
  for (let i = index * size; i < (index + 1) * size; i++) {
    const byte = bits[i >> 3];
    if (byte === undefined) return undefined;
    value = (value << 1) | ((byte >> (7 - (i & 7))) & 1);
  }
  return value;
}

const wholeNumber = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/**
 * The status list credential at `url`, as JSON or as a VC-JWT. A JWT must verify with the issuer's keys; either way
 * the list must be the credential's issuer's, and of the entry's purpose.
 */
async function listCredential(
  docs: BadgeDocuments,
  url: string,
  issuerId: string,
  verifyToken: (token: string, alg: string | undefined) => Promise<boolean>,
): Promise<Json> {
  const fetched = await docs.fetch(url);
  const text = fetched.body.trim();
  let list: Json;
  if (looksLikeJws(text)) {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(text).alg;
    } catch {
      return reject('UNREACHABLE', 'a status list whose header cannot be read');
    }
    if (!(await verifyToken(text, alg))) reject('UNREACHABLE', 'a status list the issuer’s keys do not verify');
    const payload = decodePayload(text);
    list = isObject(payload.vc) ? payload.vc : payload;
    if (idOf(list.issuer) === undefined && typeof payload.iss === 'string') list = { ...list, issuer: payload.iss };
  } else {
    list = docs.parse(text);
  }
  if (idOf(list.issuer) !== issuerId) reject('UNREACHABLE', 'a status list of another issuer');
  return list;
}

/**
 * A 3.0 credential's `credentialStatus` (W3C Bitstring Status List, or StatusList2021): each revocation or suspension
 * entry's list is fetched through the same safe fetch and its bit read; a set bit refuses the badge as REVOKED. A list
 * that cannot be had or read says nothing either way: the badge is refused as UNREACHABLE (the daily check then marks
 * it UNVERIFIED, which a later check may clear).
 */
export async function checkCredentialStatus(
  docs: BadgeDocuments,
  credential: Json,
  issuerId: string,
  verifyToken: (token: string, alg: string | undefined) => Promise<boolean>,
): Promise<void> {
  const entries = [credential.credentialStatus].flat().filter(isObject);
  for (const entry of entries) {
    if (!typesOf(entry).some((t) => ENTRY_TYPES.includes(t))) continue;
    const purpose = strings(entry.statusPurpose)[0]?.toLowerCase() ?? 'revocation';
    if (!PURPOSES.includes(purpose)) continue;
    const index = wholeNumber(entry.statusListIndex);
    const url = strings(entry.statusListCredential)[0];
    if (index === undefined || !url) return reject('UNREACHABLE', 'a status entry without its index or list');
    const list = await listCredential(docs, url, issuerId, verifyToken);
    const subject = [list.credentialSubject].flat().find(isObject) ?? {};
    if (!typesOf(subject).some((t) => LIST_TYPES.includes(t))) reject('UNREACHABLE', 'the status list is not one');
    const listPurposes = strings(subject.statusPurpose).map((p) => p.toLowerCase());
    if (listPurposes.length > 0 && !listPurposes.includes(purpose)) {
      reject('UNREACHABLE', 'the status list is of another purpose');
    }
    const bits = typeof subject.encodedList === 'string' ? decodeBitstring(subject.encodedList) : undefined;
    const size = wholeNumber(entry.statusSize) ?? 1;
    const status = bits && size >= 1 && size <= 8 ? statusAt(bits, index, size) : undefined;
    if (status === undefined) return reject('UNREACHABLE', 'the status list cannot be read at the entry’s index');
    if (status !== 0) reject('REVOKED', `the issuer’s status list marks the credential (${purpose})`);
  }
}
