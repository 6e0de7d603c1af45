import { TEXT } from '@certitude/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { parseLastList, storedLastList, type BackToList } from './list-memory';

/** The certification page's ways out: back to the list it came from, and the page for a certification not found. */

/**
 * "← Back" to the list this tab came from, with its search, vendor and scroll position (features/catalogue/
 * list-memory.ts); to the home page when there is none. The server's HTML links home.
 */
const noSubscription = () => () => undefined;

export function BackLink() {
  // Read after hydration (the server knows no tab's lists): the server's HTML and the first render link home.
  const stored = useSyncExternalStore(noSubscription, storedLastList, () => null);
  const list = useMemo(() => parseLastList(stored), [stored]);
  return (
    <Link
      to={list?.href ?? '/'}
      state={list ? ({ listKey: list.key } satisfies BackToList) : undefined}
      className="btn btn-link px-0 mb-3"
    >
      ← {TEXT.back}
    </Link>
  );
}

export function NotFound({ message }: { message: string }) {
  return (
    <div className="container py-5 text-center">
      <h1 className="h3 mb-3">{message}</h1>
      <Link to="/" className="btn btn-primary">
        {TEXT.backToCertifications}
      </Link>
    </div>
  );
}
