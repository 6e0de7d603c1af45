import type { AdminFlags } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../lib/api-client';
import { fetchFlags } from './admin-api';
import { FLAGS_TAB_TEXT as T } from './flags-tab-text';
import { setPendingFlags } from './pending-count-store';

/** The flags and voting-ring signals to review, fetched when the tab opens; a failure offers a retry. */
export function useFlags() {
  const [data, setData] = useState<AdminFlags | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    fetchFlags().then(
      (answer) => {
        setData(answer);
        setPendingFlags(answer.items.length + answer.rings.length);
      },
      (err: unknown) => setError(errorText(err, T.loadFailed)),
    );
  }, []);
  useEffect(load, [load]);

  const retry = () => {
    setError(null);
    load();
  };
  return { data, setData, error, retry };
}
