import type { Executor } from '../../db/client.js';
import { appendModerationEntry, type NewModerationEntry } from './moderation-log.repository.js';

/**
 * Records one moderation action in the caller's transaction: the one way any module writes to the moderation log
 * (docs/product.md#moderation-log-page), so the record can only grow and each entry has the same fields.
 */
export function logModeration(tx: Executor, entry: NewModerationEntry): Promise<void> {
  return appendModerationEntry(tx, entry);
}
