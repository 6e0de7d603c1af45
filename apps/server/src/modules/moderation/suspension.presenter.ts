import type { Suspension } from '@certitude/shared';
import type { SuspensionRecord } from './suspension.repository.js';

/** One suspension as the admin panel shows it (docs/api.md#moderation): in force at `now` or not. */
export function presentSuspension(row: SuspensionRecord, now: Date): Suspension {
  return {
    id: row.id,
    reason: row.reason,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    moderator: row.moderator,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftedBy: row.liftedBy,
    active: row.liftedAt === null && (row.endsAt === null || row.endsAt > now),
  };
}
