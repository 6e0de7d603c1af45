import { VOTE_TEXT, voteStatusSchema, type VoteItemType, type VoteStatus } from '@certitude/shared';
import { api, ApiError } from '../../lib/api-client';

/*
 * The calls of the vote widget. The widget loads this module (and with it the API client) with its first
 * call: visitors never make one, so neither is part of the home page's first load.
 */

export function fetchVoteStatus(type: VoteItemType, id: number, signal: AbortSignal): Promise<VoteStatus> {
  return api(`/api/vote/${type}/${id}/status`, { signal, schema: __CHECK_ANSWERS__ && voteStatusSchema });
}

export function castVote(type: VoteItemType, id: number, dir: 1 | -1): Promise<VoteStatus> {
  return api(`/api/vote/${type}/${id}/${dir === 1 ? 'upvote' : 'downvote'}`, {
    method: 'POST',
    schema: __CHECK_ANSWERS__ && voteStatusSchema,
  });
}

/** What a failed vote says: a rate limit says how long to wait; anything else gets VOTE_TEXT.voteFailed (docs/product.md#voting). */
export function voteFailureText(err: unknown): string {
  return err instanceof ApiError && err.status === 429 && err.serverMessage ? err.serverMessage : VOTE_TEXT.voteFailed;
}
