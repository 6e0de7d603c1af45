import { DEFAULT_EMAIL_SETTINGS, type EmailKind, type NotificationEmailKind } from '@certitude/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { memberEmailSettings, users } from '../../db/schema/index.js';

export type EmailSettingValues = Record<EmailKind, boolean>;

const settingColumns = {
  replies: memberEmailSettings.replies,
  decisions: memberEmailSettings.decisions,
  watched: memberEmailSettings.watched,
  expiry: memberEmailSettings.expiry,
  digest: memberEmailSettings.digest,
};

type StoredSettings = { [K in EmailKind]: boolean | null };

/** The member's settings; a member who never changed one has the defaults (no row). */
function withDefaults(row: StoredSettings | undefined): EmailSettingValues {
  return {
    replies: row?.replies ?? DEFAULT_EMAIL_SETTINGS.replies,
    decisions: row?.decisions ?? DEFAULT_EMAIL_SETTINGS.decisions,
    watched: row?.watched ?? DEFAULT_EMAIL_SETTINGS.watched,
    expiry: row?.expiry ?? DEFAULT_EMAIL_SETTINGS.expiry,
    digest: row?.digest ?? DEFAULT_EMAIL_SETTINGS.digest,
  };
}

export async function findEmailSettings(db: Executor, userId: number): Promise<EmailSettingValues> {
  const [row] = await db.select(settingColumns).from(memberEmailSettings).where(eq(memberEmailSettings.userId, userId));
  return withDefaults(row);
}

/**
 * Changes the settings named and keeps the others; one statement, so two changes at once never lose one another.
 * Turning the digest on starts it from now: its first email lists the notifications that come after.
 */
export async function saveEmailSettings(
  db: Executor,
  userId: number,
  changes: Partial<EmailSettingValues>,
): Promise<EmailSettingValues> {
  const named = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const digestSince =
    changes.digest === undefined
      ? {}
      : {
          digestSince: sql`case when not excluded.digest then null
            when ${memberEmailSettings.digest} then ${memberEmailSettings.digestSince} else now() end`,
        };
  const [row] = await db
    .insert(memberEmailSettings)
    .values({ userId, ...DEFAULT_EMAIL_SETTINGS, ...named, digestSince: changes.digest ? sql`now()` : null })
    .onConflictDoUpdate({
      target: memberEmailSettings.userId,
      set: { ...named, ...digestSince, updatedAt: sql`now()` },
    })
    .returning(settingColumns);
  return withDefaults(row);
}

/** A member as an unsubscribe link names them: the system account, which is mailed nothing, is nobody. */
/** The member's name and current address (what an unsubscribe link's signature covers); never the system account. */
export async function findLinkMember(
  db: Executor,
  userId: number,
): Promise<{ username: string; email: string } | undefined> {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isSystem, false)));
  return row;
}

export interface MailRecipient {
  id: number;
  email: string;
  username: string;
}

/**
 * Of the members named, those to mail about a notification of this email kind now: a verified address, the kind
 * on, and the daily digest off (the digest tells them instead). Never the system account. `always`: a verified
 * address is enough (a moderator's removal, docs/product.md#flags).
 */
export function findMailRecipients(
  db: Executor,
  userIds: number[],
  kind: NotificationEmailKind,
  always = false,
): Promise<MailRecipient[]> {
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .leftJoin(memberEmailSettings, eq(memberEmailSettings.userId, users.id))
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.emailVerified, true),
        eq(users.isSystem, false),
        always ? undefined : sql`coalesce(${settingColumns[kind]}, ${DEFAULT_EMAIL_SETTINGS[kind]})`,
        always ? undefined : sql`not coalesce(${memberEmailSettings.digest}, ${DEFAULT_EMAIL_SETTINGS.digest})`,
      ),
    );
}
