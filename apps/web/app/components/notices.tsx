import { useSyncExternalStore } from 'react';
import { VOTE_WIDGET_TEXT } from '../lib/vote-text';

/**
 * The "alerts" of the catalogue (docs/product.md#voting) (vote failures, 'Please log in to vote'): short messages in a corner
 * that do not block the page and go away by themselves.
 */
export interface Notice {
  id: number;
  text: string;
  tone: 'danger' | 'info';
}

const SHOW_MS = 5_000;
let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function dismissNotice(id: number) {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

/** Removes every notice (tests start from a clean page). */
export function clearNotices() {
  notices = [];
  emit();
}

export function showNotice(text: string, tone: Notice['tone'] = 'danger') {
  // The same message twice in a row (a double click) is shown once.
  if (notices.some((n) => n.text === text)) return;
  const id = nextId++;
  notices = [...notices, { id, text, tone }];
  emit();
  setTimeout(() => dismissNotice(id), SHOW_MS);
}

const EMPTY: Notice[] = [];

function useNotices(): Notice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
    () => EMPTY,
  );
}

export function NoticeArea() {
  const list = useNotices();
  return (
    <div className="catalogue-notices" aria-live="polite">
      {list.map((n) => (
        <div key={n.id} role="alert" className={`alert alert-${n.tone} alert-dismissible shadow mb-2`}>
          {n.text}
          <button
            type="button"
            className="btn-close"
            aria-label={VOTE_WIDGET_TEXT.closeNotice}
            onClick={() => dismissNotice(n.id)}
          />
        </div>
      ))}
    </div>
  );
}
