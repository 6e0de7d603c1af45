import { ratingSchema, type Rating } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

/**
 * The signed-in member's own rating of a certification (GET /api/certification/{id}/rating): undefined until known,
 * null when they have not rated it (the server answers 404) or for a visitor (`memberId` null). `reload` asks again,
 * after the member rated or took the rating back.
 */
export function useOwnRating(certificationId: number, memberId: number | null) {
  const key = memberId === null ? null : `${memberId} ${certificationId}`;
  const [known, setKnown] = useState<{ key: string; rating: Rating | null } | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) => {
      if (!key) return;
      api(`/api/certification/${certificationId}/rating`, { signal, schema: __CHECK_ANSWERS__ && ratingSchema }).then(
        (rating) => setKnown({ key, rating }),
        (err: unknown) => {
          if ((err as { status?: number }).status === 404) setKnown({ key, rating: null });
        },
      );
    },
    [key, certificationId],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  const rating = key === null ? null : known && known.key === key ? known.rating : undefined;
  return { rating, reload: () => load() };
}
