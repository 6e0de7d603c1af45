import type { FirstSignIn, FirstSignInOutcome } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Viewer } from '../../plugins/auth.js';
import { findFirstSignIn, saveFirstSignIn } from './first-sign-in.repository.js';

const present = (row: { outcome: FirstSignInOutcome | null; at: Date | null }): FirstSignIn => ({
  pending: row.outcome === null,
  outcome: row.outcome,
  at: row.at?.toISOString() ?? null,
});

/**
 * The first sign-in's questions (docs/product.md#first-sign-in): asked after a member's first sign-in until they
 * answer or skip them, whichever device they sign in on, since the server keeps the answer. Asking again from the
 * profile and answering records the latest outcome.
 */
export class FirstSignInService {
  constructor(
    private readonly db: Database,
    private readonly now: Clock,
  ) {}

  async state(viewer: Viewer): Promise<FirstSignIn> {
    return present(await findFirstSignIn(this.db, viewer.id));
  }

  async record(viewer: Viewer, outcome: FirstSignInOutcome): Promise<FirstSignIn> {
    return present(await saveFirstSignIn(this.db, viewer.id, outcome, this.now()));
  }
}
