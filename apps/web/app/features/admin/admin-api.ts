import type {
  Article,
  Certification,
  ModerationEntry,
  PendingCounts,
  PendingResource,
  Role,
  User,
} from '@certitude/shared';
import { api } from '../../lib/api-client';

export type ItemKind = 'certification' | 'resource';
export interface PendingItems {
  certifications: Certification[];
  resources: PendingResource[];
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
export const searchUsers = (q: string) => api<User[]>(`/api/admin/users?q=${encodeURIComponent(q)}`);
export const changeRole = (id: number, role: Role) =>
  api<User>(`/api/admin/users/${id}/role`, { method: 'PUT', body: { role } });
export const fetchAuditLog = () => api<ModerationEntry[]>('/api/admin/audit-log');
export const fetchEditorArticles = () => api<Article[]>('/api/admin/articles');
export const saveArticle = (draft: ArticleDraft, id?: number) =>
  id === undefined
    ? api<Article>('/api/articles', { method: 'POST', body: draft })
    : api<Article>(`/api/articles/${id}`, { method: 'PUT', body: draft });
export const deleteArticle = (id: number) => api<unknown>(`/api/articles/${id}`, { method: 'DELETE' });
