import type { ModerationAction, ModerationEntry } from '@certitude/shared';
import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { moderationLog } from '../../db/schema/index.js';

export interface NewModerationEntry {
  moderatorId: number;
  moderatorUsername: string;
  action: ModerationAction;
  itemType: string;
  itemId: number;
  itemLabel: string | null;
  reason: string | null;
}

/** Appends one action; the table refuses UPDATE and DELETE, so the record can only grow. */
export async function appendModerationEntry(db: Executor, entry: NewModerationEntry): Promise<void> {
  await db.insert(moderationLog).values(entry);
}

export async function findModerationEntries(db: Executor, limit: number): Promise<ModerationEntry[]> {
  const rows = await db
    .select()
    .from(moderationLog)
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action as ModerationAction,
    moderator: r.moderatorUsername,
    itemType: r.itemType,
    itemId: r.itemId,
    itemLabel: r.itemLabel,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}
