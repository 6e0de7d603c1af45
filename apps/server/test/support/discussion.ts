import type { Comment } from '@certitude/shared';
import type { TestApp } from '../app.js';
import { bearer, buildUser, type UserOptions } from '../factories.js';
import { NEW_ACCOUNT_POST_INTERVAL, POST_INTERVAL } from '../../src/modules/discussion/discussion-limits.js';

type Member = Awaited<ReturnType<typeof buildUser>>;

/** A member past their first day, so the ordinary posting interval applies. */
export function buildMember(t: TestApp, overrides: UserOptions = {}) {
  return buildUser(t.db.db, { daysOld: 7, ...overrides });
}

/**
 * Posts as `user`. The posting interval is tested on its own; elsewhere it is cleared first so that one
 * member can build a thread without waiting.
 */
export async function postComment(
  t: TestApp,
  user: Member,
  certificationId: number | string,
  payload: Record<string, unknown>,
  { keepLimits = false } = {},
) {
  if (!keepLimits) {
    await t.app.rateLimiter.reset(POST_INTERVAL, String(user.id));
    await t.app.rateLimiter.reset(NEW_ACCOUNT_POST_INTERVAL, String(user.id));
  }
  return t.app.inject({
    method: 'POST',
    url: `/api/certification/${certificationId}/comments`,
    headers: await bearer(t.app, user),
    payload,
  });
}

export async function listComments(t: TestApp, certificationId: number | string, headers = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/certification/${certificationId}/comments`, headers });
  return { res, tree: res.statusCode === 200 ? (res.json() as Comment[]) : [] };
}

/** Every comment of a tree, depth first. */
export function flatten(tree: Comment[]): Comment[] {
  return tree.flatMap((c) => [c, ...flatten(c.replies)]);
}
