import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type EmailKind } from '@certitude/shared';

/** Account ids are PostgreSQL `serial`s: a larger one would reach the database as an out-of-range integer. */
const MAX_ACCOUNT_ID = 2_147_483_647;
/** `{userId}.{kind}.{signature}`: a decimal id as `sign` writes it, a kind, and 32 bytes of HMAC in base64url. */
const TOKEN = new RegExp(`^([1-9]\\d{0,9})\\.(${EMAIL_KINDS.join('|')})\\.([A-Za-z0-9_-]{43})$`);

export interface UnsubscribeClaim {
  userId: number;
  kind: EmailKind;
}

/**
 * The token of an email's unsubscribe link (docs/security.md): it names one member and one kind of email, signed
 * with a key derived from JWT_SECRET for this purpose alone, so that it can never pass for an access token or any
 * other signed value, nor be changed to name another kind or member. It does not expire: a link in an old email
 * still works, and all it can ever do is turn that one kind of email off for that member.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('certitude unsubscribe link v1').digest();
  }

  sign(userId: number, kind: EmailKind): string {
    const claim = `${userId}.${kind}`;
    return `${claim}.${this.mac(claim)}`;
  }

  /** The member and kind of a token this server signed; null for anything else (forged, altered, malformed). */
  open(token: string): UnsubscribeClaim | null {
    if (token.length > 80) return null;
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, id, kind, signature] = match as unknown as [string, string, EmailKind, string];
    const expected = Buffer.from(this.mac(`${id}.${kind}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const userId = Number(id);
    return userId <= MAX_ACCOUNT_ID ? { userId, kind } : null;
  }

  private mac(claim: string): string {
    return createHmac('sha256', this.key).update(`unsubscribe:${claim}`).digest('base64url');
  }
}
