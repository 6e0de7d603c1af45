import type { FirstSignInOutcome } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Whether the member answered or skipped the first sign-in's questions, and when. */
export async function findFirstSignIn(db: Executor, userId: number) {
  const [row] = await db
    .select({ outcome: users.firstSignInOutcome, at: users.firstSignInAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { outcome: null, at: null };
}

export async function saveFirstSignIn(db: Executor, userId: number, outcome: FirstSignInOutcome, at: Date) {
  const [row] = await db
    .update(users)
    .set({ firstSignInOutcome: outcome, firstSignInAt: at })
    .where(eq(users.id, userId))
    .returning({ outcome: users.firstSignInOutcome, at: users.firstSignInAt });
  return row ?? { outcome: null, at: null };
}
