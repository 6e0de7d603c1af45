import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a token, hex: what the database keeps, so that a leaked table opens no account. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 256 random bits, URL-safe; the caller stores only the hash. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** Compares two stored hashes in constant time (the lookup found the row; this confirms it byte for byte). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
