import { ratingSchema, type Rating } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

/**
 * The signed-in member's own rating of a certification (GET /api/certification/{id}/rating): undefined until known,
 * null when they have not rated it or for a visitor (`memberId` null). `reload` asks again,
 * after the member rated or took the rating back.
 */
export function useOwnRating(certificationId: number, memberId: number | null) {
  const key = memberId === null ? null : `${memberId} ${certificationId}`;
  const [known, setKnown] = useState<{ key: string; rating: Rating | null } | null>(null);
  const load = useCallback(
    (signal?: AbortSignal) => {
      if (!key) return;
      // `?missing=null`: not rated is 200 with null, so the page makes no failing request (docs/api.md#ratings-and-comparison).
      api(`/api/certification/${certificationId}/rating?missing=null`, {
        signal,
        schema: __CHECK_ANSWERS__ && ratingSchema.nullable(),
      }).then(
        (rating) => setKnown({ key, rating }),
        () => undefined,
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
