import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../lib/auth-store';
import { fetchTrackerEntries } from '../../lib/tracker-api';

const NONE: ReadonlySet<number> = new Set();

/**
 * The ids of the certifications the signed-in member holds (their tracker's HELD entries), asked for in the browser
 * once the page has hydrated: the server's render knows nobody. Visitors make no request and hold nothing; a failed
 * request marks nothing.
 */
export function useHeldCertifications(): ReadonlySet<number> {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const [held, setHeld] = useState<{ userId: number; ids: ReadonlySet<number> } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let current = true;
    fetchTrackerEntries().then(
      (entries) => {
        if (!current) return;
        const ids = new Set(entries.filter((e) => e.status === 'HELD').map((e) => e.certification.id));
        setHeld({ userId, ids });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return held && held.userId === userId ? held.ids : NONE;
}
