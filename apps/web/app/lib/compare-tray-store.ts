import { STORAGE_KEYS } from '@certitude/shared';
import { useSyncExternalStore } from 'react';

/**
 * The comparison tray (docs/product.md#comparison): up to four certifications picked with the Compare toggle,
 * kept in localStorage so the tray follows the visitor across pages and tabs. It is part of the first paint of
 * the home page (the cards' toggle), so it stays small; the tray's own bar loads when something is in it.
 */
export interface TrayItem {
  slug: string;
  name: string;
}

export const TRAY_MAX = 4;
const KEY = STORAGE_KEYS.compareTray;
const EMPTY: TrayItem[] = [];
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; items: TrayItem[] } = { raw: null, items: EMPTY };
/** Set when a fifth certification was refused; the tray says why until something changes. */
let refused = false;

function read(): TrayItem[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Storage blocked: the tray is empty.
  }
  if (raw !== snapshot.raw) {
    let items: TrayItem[] = [];
    try {
      const parsed: unknown = JSON.parse(raw ?? '[]');
      if (Array.isArray(parsed)) {
        items = parsed
          .filter((i): i is TrayItem => typeof i?.slug === 'string' && typeof i?.name === 'string')
          .slice(0, TRAY_MAX);
      }
    } catch {
      // Not ours or damaged: start again.
    }
    snapshot = { raw, items };
  }
  return snapshot.items;
}

function write(items: TrayItem[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: nothing to keep.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The tray's certifications; empty on the server and during hydration. */
export function useCompareTray(): TrayItem[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/** Whether one certification is in the tray: a card re-renders only when its own answer changes. */
export function useInTray(slug: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => read().some((i) => i.slug === slug),
    () => false,
  );
}

/** Whether the last toggle was a fifth certification, refused. */
export function useTrayRefused(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => refused,
    () => false,
  );
}

/** Adds or removes one certification; a fifth is refused (the tray says so). */
export function toggleCompare(item: TrayItem) {
  const items = read();
  refused = false;
  if (items.some((i) => i.slug === item.slug)) write(items.filter((i) => i.slug !== item.slug));
  else if (items.length >= TRAY_MAX) {
    refused = true;
    write(items);
  } else write([...items, { slug: item.slug, name: item.name }]);
}

export function clearTray() {
  refused = false;
  write([]);
}
