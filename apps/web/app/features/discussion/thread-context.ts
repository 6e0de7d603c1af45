import type { Comment, User } from '@certitude/shared';
import { createContext, useContext } from 'react';

export interface ThreadActions {
  certificationId: number;
  user: User | null;
  added(comment: Comment, parentId?: number): void;
  edited(comment: Comment): void;
  deleted(id: number): void;
}

export const ThreadContext = createContext<ThreadActions | null>(null);

export function useThread(): ThreadActions {
  const ctx = useContext(ThreadContext);
  if (!ctx) throw new Error('useThread outside a discussion thread');
  return ctx;
}
