import {
  MEMBER_EMAIL_TEXT,
  type EmailKind,
  type EmailSettings,
  type EmailSettingsUpdate,
  type UnsubscribeInfo,
} from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { findEmailSettings, findLinkMember, saveEmailSettings } from './email-settings.repository.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

/**
 * A member's email settings and the unsubscribe links of their emails (docs/product.md#email-settings). Which
 * notifications are mailed is decided where they are written (member-mail.ts); the digest and the expiry reminders
 * are the member jobs' (member-jobs.ts).
 */
export class MemberEmailService {
  constructor(
    private readonly db: Database,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  async settings(viewer: Viewer): Promise<EmailSettings> {
    return { email: await findEmailSettings(this.db, viewer.id) };
  }

  /** Changes the settings named, keeps the others, and answers the whole set. */
  async update(viewer: Viewer, input: EmailSettingsUpdate): Promise<EmailSettings> {
    return { email: await saveEmailSettings(this.db, viewer.id, input.email) };
  }

  /** The member and kind of a link, or null when the token is not one this server signed for an existing member. */
  private async member(token: string): Promise<{ userId: number; kind: EmailKind; username: string } | null> {
    const claim = this.tokens.read(token);
    if (!claim) return null;
    const member = await findLinkMember(this.db, claim.userId);
    if (!member || !this.tokens.matches(claim, member.email)) return null;
    return { userId: claim.userId, kind: claim.kind, username: member.username };
  }

  /** What the unsubscribe page shows before the member confirms; reading changes nothing. */
  async unsubscribeInfo(token: string): Promise<UnsubscribeInfo | null> {
    const member = await this.member(token);
    if (!member) return null;
    const settings = await findEmailSettings(this.db, member.userId);
    return { kind: member.kind, username: member.username, subscribed: settings[member.kind] };
  }

  /** Turns the link's one kind of email off (again, if it already was): 400 for a token that is not valid. */
  async unsubscribe(token: string): Promise<{ kind: EmailKind; username: string }> {
    const member = await this.member(token);
    if (!member) throw badRequest(MEMBER_EMAIL_TEXT.unsubscribeInvalid);
    await saveEmailSettings(this.db, member.userId, { [member.kind]: false });
    return { kind: member.kind, username: member.username };
  }
}
