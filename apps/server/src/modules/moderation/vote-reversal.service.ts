import { MSG, type ReverseVotesRequest, type ReverseVotesResponse } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { deleteVotesOf } from '../catalogue/vote.service.js';
import { appendModerationEntry } from './moderation-log.repository.js';
import { holdUser } from './user-admin.repository.js';

export interface VoteReversalDeps {
  db: Database;
  /** Told of a `catalogue` change after a reversal that removed votes committed: the counts are the catalogue's. */
  changes: ChangeAnnouncer;
}

/**
 * An admin removes every vote of an account (docs/product.md#reversing-votes): certification and resource votes, the
 * items' counters moved by the rows removed, and the action on the public record with its reason, in one transaction.
 */
export class VoteReversalService {
  constructor(private readonly deps: VoteReversalDeps) {}

  async reverse(id: number, input: ReverseVotesRequest, viewer: Viewer): Promise<ReverseVotesResponse> {
    const reversed = await this.deps.db.transaction(async (tx) => {
      const target = await holdUser(tx, id);
      if (!target) throw notFound(MSG.userNotFound);
      if (target.isSystem) throw badRequest(MSG.cannotReverseSystemVotes);
      const removed = (await deleteVotesOf(tx, 'certification', id)) + (await deleteVotesOf(tx, 'resource', id));
      await appendModerationEntry(tx, {
        moderatorId: viewer.id,
        moderatorUsername: viewer.username,
        action: 'REVERSE_VOTES',
        itemType: 'user',
        itemId: id,
        itemLabel: target.username,
        reason: input.reason.trim(),
      });
      return removed;
    });
    if (reversed > 0) this.deps.changes.announce({ kind: 'catalogue' });
    return { reversed };
  }
}
