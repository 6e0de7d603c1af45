import { useMemo, useState } from 'react';
import { useSearchEngine } from './catalogue-filters';
import type { Page } from './catalogue-types';
import type { ListedCertification } from './listed-certification';

/**
 * Which cells of the home listing are shown (`mask`), the search they answer (`maskFor`) and how many are shown: the
 * paged list's page; the search's own answer once its code is in; until then, what the server found for the
 * address's search, with the vendor.
 */
export function useShownCells(
  certifications: ListedCertification[],
  page: (Page & { contains: string }) | undefined | null,
  query: string,
  vendor: string | null,
  shownByServer: { q: string; ids: number[] } | null,
) {
  const list = page ? page.items : certifications;
  const engine = useSearchEngine();
  const haystacks = useMemo(
    () => (page || !engine ? [] : engine.searchHaystacks(certifications)),
    [page, engine, certifications],
  );
  const [serverIds] = useState(() => shownByServer && new Set(shownByServer.ids));
  const [mask, maskFor] = useMemo((): [boolean[], string] => {
    if (page) return [list.map(() => true), page.contains];
    if (engine) return [engine.visibleMask(certifications, haystacks, query, vendor), query.trim()];
    const visible = (c: ListedCertification) =>
      (vendor === null || c.vendor === vendor) && (!serverIds || serverIds.has(c.id));
    return [certifications.map(visible), shownByServer?.q.trim() ?? ''];
  }, [page, list, engine, certifications, haystacks, query, vendor, serverIds, shownByServer]);
  const shown = useMemo(() => (page ? page.total : mask.reduce((n, v) => (v ? n + 1 : n), 0)), [page, mask]);
  return { mask, maskFor, shown };
}
