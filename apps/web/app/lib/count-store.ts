import { useSyncExternalStore } from 'react';

/**
 * A number shared by a navbar badge and the page that changes it (the admin badge and the review queue, the bell
 * and the notifications page): null until known. The server render knows none.
 */
export function createCountStore() {
  let value: number | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    set(next: number | null) {
      if (next === value) return;
      value = next;
      for (const l of listeners) l();
    },
    use(): number | null {
      return useSyncExternalStore(
        subscribe,
        () => value,
        () => null,
      );
    },
  };
}
