import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type EmailKind } from '@certitude/shared';

/** Account ids are PostgreSQL `serial`s: a larger one would reach the database as an out-of-range integer. */
const MAX_ACCOUNT_ID = 2_147_483_647;
/** `{userId}.{kind}.{signature}`: a decimal id as `sign` writes it, a kind, and 32 bytes of HMAC in base64url. */
const TOKEN = new RegExp(`^([1-9]\\d{0,9})\\.(${EMAIL_KINDS.join('|')})\\.([A-Za-z0-9_-]{43})$`);

export interface UnsubscribeClaim {
  userId: number;
  kind: EmailKind;
  /** The signature as given: checked against the member's current address by `matches`. */
  signature: string;
}

/**
 * The token of an email's unsubscribe link (docs/security.md): it names one member and one kind of email, signed
 * with a key derived from JWT_SECRET for this purpose alone, so that it can never pass for an access token or any
 * other signed value, nor be changed to name another kind or member. The signature also covers the member's email
 * address (not written in the token): a change of address makes every link mailed before it invalid, so a link in an
 * old mailbox the member gave up (or that someone else now reads) no longer names them. Otherwise it does not
 * expire: a link in an old email to the current address still works, and all it can ever do is turn that one kind
 * of email off for that member.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('certitude unsubscribe link v1').digest();
  }

  sign(userId: number, kind: EmailKind, email: string): string {
    const claim = `${userId}.${kind}`;
    return `${claim}.${this.mac(claim, email)}`;
  }

  /**
   * The member and kind a well-formed token names, before its signature is checked: the caller reads the member's
   * address and asks `matches`. Null for anything malformed.
   */
  read(token: string): UnsubscribeClaim | null {
    if (token.length > 80) return null;
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, id, kind, signature] = match as unknown as [string, string, EmailKind, string];
    const userId = Number(id);
    return userId <= MAX_ACCOUNT_ID ? { userId, kind, signature } : null;
  }

  /** Whether this server signed the claim for the member at `email` (their address now). */
  matches(claim: UnsubscribeClaim, email: string): boolean {
    const expected = Buffer.from(this.mac(`${claim.userId}.${claim.kind}`, email));
    const given = Buffer.from(claim.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(claim: string, email: string): string {
    return createHmac('sha256', this.key).update(`unsubscribe:${claim}:${email.toLowerCase()}`).digest('base64url');
  }
}
