import type {
  AdminFlags,
  AdminUser,
  Article,
  Certification,
  ModerationEntry,
  PendingCounts,
  PendingResource,
  ResolveFlagsRequest,
  ResolveFlagsResponse,
  ReverseVotesRequest,
  ReverseVotesResponse,
  Revision,
  Role,
  SuspendRequest,
  SuspensionState,
  User,
} from '@certitude/shared';
import { api } from '../../lib/api-client';

export type ItemKind = 'certification' | 'resource' | 'revision';
export interface PendingItems {
  certifications: Certification[];
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

export const fetchPendingCounts = () => api<PendingCounts>('/api/admin/pending-counts');
export const fetchPending = () => api<PendingItems>('/api/admin/pending');
export const approveItem = (kind: ItemKind, id: number) =>
  api<unknown>(`/api/admin/${kind}/${id}/approve`, { method: 'POST' });
export const rejectItem = (kind: ItemKind, id: number, reason: string) =>
  api<unknown>(`/api/admin/${kind}/${id}/reject`, { method: 'POST', body: { reason } });
/** The Members tab's rows: each account with its suspension in force (null: none). */
export const searchUsers = (q: string) => api<AdminUser[]>(`/api/admin/users?q=${encodeURIComponent(q)}`);
export const changeRole = (id: number, role: Role) =>
  api<User>(`/api/admin/users/${id}/role`, { method: 'PUT', body: { role } });
export const suspendUser = (id: number, body: SuspendRequest) =>
  api<SuspensionState>(`/api/admin/users/${id}/suspend`, { method: 'POST', body });
export const liftSuspension = (id: number) =>
  api<SuspensionState>(`/api/admin/users/${id}/suspend`, { method: 'DELETE' });
/** Admins only: every vote of the account removed (docs/product.md#reversing-votes). */
export const reverseVotes = (id: number, body: ReverseVotesRequest) =>
  api<ReverseVotesResponse>(`/api/admin/users/${id}/reverse-votes`, { method: 'POST', body });
export const fetchSuspensions = (id: number) => api<SuspensionState>(`/api/admin/users/${id}/suspensions`);
export const fetchAuditLog = () => api<ModerationEntry[]>('/api/admin/audit-log');
export const fetchEditorArticles = () => api<Article[]>('/api/admin/articles');
export const saveArticle = (draft: ArticleDraft, id?: number) =>
  id === undefined
    ? api<Article>('/api/articles', { method: 'POST', body: draft })
    : api<Article>(`/api/articles/${id}`, { method: 'PUT', body: draft });
export const deleteArticle = (id: number) => api<unknown>(`/api/articles/${id}`, { method: 'DELETE' });

/** The Flags tab (docs/product.md#flags): open flags grouped by item, and the voting-ring signals. */
export const fetchFlags = () => api<AdminFlags>('/api/admin/flags');
export const resolveFlags = (body: ResolveFlagsRequest) =>
  api<ResolveFlagsResponse>('/api/admin/flags/resolve', { method: 'POST', body });
export const dismissVotingRing = (id: number) =>
  api<unknown>(`/api/admin/voting-rings/${id}/dismiss`, { method: 'POST' });
