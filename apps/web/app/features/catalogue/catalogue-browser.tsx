import { LISTING_TEXT, REQUEST_TEXT, showingCount, type Certification, type User } from '@certitude/shared';
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { moveAlongRow } from './vendor-row-keys';
import type { Page as PageOfList } from './catalogue-pages';
import { useCurrentUser } from '../../lib/auth-store';
import { loadedSearch, loadSearch, type SearchEngine, type VendorCount } from './catalogue-search';
import { useCertificationEditor } from './certification-editor';
import { CertificationCard } from './certification-card';

// Only once a search finds nothing: its code is not part of the home page's first load.
const NoMatch = lazy(() => import('./no-match'));
// Only on a catalogue that has no certification yet.
const NoCertifications = lazy(() => import('./no-certifications'));

/**
 * The card grid, rendered once per list. Filtering does not render it again: a layout effect flips the
 * `hidden` attribute of the cells whose visibility changed, so a keystroke over 2,000 certifications costs
 * one pass over an array and a few attribute writes, not 2,000 component renders. `shownAtFirst` gives the
 * server render and hydration the same cells hidden (a search given in the address); null shows every cell (a
 * paged list, which the server filtered). Only the first `count` cells are rendered (useGrowingCount).
 */
const Grid = memo(function Grid({
  certifications,
  count,
  shownAtFirst,
  listRef,
  user,
}: {
  certifications: Certification[];
  count: number;
  user: User | null;
  shownAtFirst: ReadonlySet<number> | null;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  return (
    <ul ref={listRef} id="results" tabIndex={-1} className="row g-3 list-unstyled" aria-label="Certifications">
      {certifications.slice(0, count).map((c) => (
        <Cell key={c.id} cert={c} user={user} hidden={shownAtFirst ? !shownAtFirst.has(c.id) : false} />
      ))}
    </ul>
  );
});

/** One cell; memoized, so that the grid's growth renders only the new cells. */
const Cell = memo(function Cell({ cert, user, hidden }: { cert: Certification; user: User | null; hidden: boolean }) {
  return (
    <li className="col-12 col-md-6 col-xl-4" hidden={hidden}>
      <CertificationCard cert={cert} user={user} />
    </li>
  );
});

/**
 * The server render and hydration hold this many shown cells (a phone's first screens and a desktop's first
 * rows); the rest follow in steps of `GRID_STEP` while the browser is idle, so hydrating the page does not
 * block it for every card of a long catalogue (docs/decisions/0023-home-grid-in-steps.md).
 */
export const GRID_FIRST_CELLS = 12;
const GRID_STEP = 12;

/** How many cells the first render holds: the prefix of the list that contains the first GRID_FIRST_CELLS shown ones. */
export function firstCellCount(mask: readonly boolean[]): number {
  let shown = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] && ++shown === GRID_FIRST_CELLS) return i + 1;
  }
  return mask.length;
}

/**
 * A count that starts at `first` and grows by GRID_STEP per idle moment until it reaches `total`. Each step is a
 * transition, so a keystroke or a click is never queued behind it.
 */
function useGrowingCount(first: number, total: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const step = () => startTransition(() => setCount((c) => Math.max(c, Math.min(total, c + GRID_STEP))));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(step, { timeout: 200 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(step, 16);
    return () => clearTimeout(id);
  }, [count, total]);
  return Math.min(count, total);
}

/**
 * Past this many certifications (after the address's filters) the home page no longer holds the whole list: it
 * shows pages of `HOME_PAGE_SIZE`, and the search and vendor buttons ask the server (docs/product.md#home-listing).
 */
export const HOME_FULL_LIST_MAX = 1000;
export const HOME_PAGE_SIZE = 60;

/** A list too large for the browser: what the server's first page came with. */
export interface PagedList {
  /** Certifications matching the address's filters and search (X of 'Showing X of Y'). */
  total: number;
  /** Certifications the address's filters let through (Y). */
  all: number;
  vendors: VendorCount[];
  next: string | null;
  /** The address's sort and filters and the page size, as parameters of GET /api/certification. */
  listQuery: string;
  /** The search the first page was made for. */
  contains: string;
  /** The vendor the first page was made for (the address's). */
  vendor?: string | null;
}

/** One page of the API's answer (catalogue-pages.ts). */
type Page = PageOfList;

/** The code that fetches pages of a large list: loaded with the first search, vendor or 'Load more' that needs it. */
const pages = () => import('./catalogue-pages');

/**
 * The paged list's current page: the server's first page while the search and vendor are the address's, else the
 * API's answer for them (the previous answer stays on screen until it comes; a newer keystroke cancels an older
 * request). `shownFor` is the search the page on screen answers.
 */
function usePagedList(paged: PagedList | undefined, first: Certification[], query: string, vendor: string | null) {
  const contains = query.trim();
  const key = `${contains}|${vendor ?? ''}`;
  const initialKey = paged ? `${paged.contains}|${paged.vendor ?? ''}` : key;
  const [remote, setRemote] = useState<(Page & { key: string; contains: string }) | null>(null);
  useEffect(() => {
    if (!paged || key === initialKey) return;
    const controller = new AbortController();
    pages()
      .then((m) => m.fetchPage(paged, contains, vendor, null, controller.signal))
      .then(
        (page) => setRemote({ ...page, key, contains }),
        () => {
          if (!controller.signal.aborted) setRemote({ items: [], total: 0, next: null, failed: true, key, contains });
        },
      );
    return () => controller.abort();
  }, [paged, key, initialKey, contains, vendor]);
  const initial: (Page & { key: string; contains: string }) | undefined = paged && {
    items: first,
    total: paged.total,
    next: paged.next,
    key: initialKey,
    contains: paged.contains,
  };
  // The API's answer for the current search (a first page, or pages loaded with 'Load more'); else the server's
  // first page for the address's search; else, while a new search is on its way, the answer before it.
  const page = remote?.key === key ? remote : key === initialKey ? initial : (remote ?? initial);
  const more = async () => {
    if (!paged || !page?.next) return;
    try {
      const next = await (await pages()).fetchPage(paged, page.contains, vendor, page.next);
      setRemote({ ...next, items: [...page.items, ...next.items], key: page.key, contains: page.contains });
    } catch {
      setRemote({ ...page, failed: true });
    }
  };
  return { page, more };
}

export interface CatalogueFilters {
  query: string;
  setQuery: (query: string) => void;
  vendor: string | null;
  setVendor: (vendor: string | null) => void;
}

/** The search text and vendor filter; held by the page so they survive a reload of the list. */
export function useCatalogueFilters(initialQuery = '', initialVendor: string | null = null): CatalogueFilters {
  const [query, setQuery] = useState(initialQuery);
  const [vendor, setVendor] = useState<string | null>(initialVendor);
  return { query, setQuery, vendor, setVendor };
}

/** The search's code: null until loaded, which starts after the first paint (catalogue-search.ts). */
function useSearchEngine(): SearchEngine | null {
  const [engine, setEngine] = useState(loadedSearch);
  useEffect(() => {
    if (!engine) void loadSearch().then(setEngine);
  }, [engine]);
  return engine;
}

/**
 * Keeps the grid's `hidden` attributes in step with `mask` (see Grid), and marks the list with the search it
 * answers once every cell is in.
 */
function useGridVisibility(mask: readonly boolean[], shownFor: string, count: number) {
  const listRef = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const ul = listRef.current;
    if (!ul) return;
    const cells = ul.children;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as HTMLElement;
      const hidden = !mask[i];
      if (cell.hidden !== hidden) cell.hidden = hidden;
    }
    // The search the grid answers now, once every cell is in: tests and the keystroke benchmark wait for it.
    if (cells.length === mask.length) ul.dataset.shownFor = shownFor;
    else delete ul.dataset.shownFor;
  }, [mask, shownFor, count]);
  return listRef;
}

/** The title with Compare and Submit (members), the address's filter problem, and the server-made filter and sort form. */
function CatalogueHeader({
  user,
  onSubmit,
  problem,
  filtersHtml,
  onFilters,
}: {
  user: User | null;
  onSubmit(): void;
  problem?: string | null;
  filtersHtml?: string;
  onFilters(form: HTMLFormElement): void;
}) {
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h2 mb-0">{LISTING_TEXT.homeTitle}</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/compare" className="btn btn-outline-primary">
            {LISTING_TEXT.compare}
          </Link>
          {user && (
            <button type="button" className="btn btn-primary" onClick={onSubmit}>
              {LISTING_TEXT.submitCertification}
            </button>
          )}
        </div>
      </div>
      {problem && (
        <p className="alert alert-warning py-2" role="alert">
          {problem}
        </p>
      )}
      {filtersHtml && (
        <div
          onSubmit={(e) => {
            e.preventDefault();
            onFilters(e.target as HTMLFormElement);
          }}
          dangerouslySetInnerHTML={{ __html: filtersHtml }}
        />
      )}
    </>
  );
}

/**
 * How many vendors a wide screen shows as buttons, the most common ones (two rows at most); the others are in a
 * menu with their counts. A phone keeps every vendor in its one line that scrolls sideways.
 */
const VENDOR_BUTTONS_WIDE = 8;

/** The search box, the 'Showing X of Y' count and the vendor buttons. */
function CatalogueSearch({
  query,
  setQuery,
  vendor,
  setVendor,
  vendors,
  shown,
  total,
}: CatalogueFilters & { vendors: VendorCount[]; shown: number; total: number }) {
  // On a phone the vendor buttons are one row that scrolls sideways: a newly chosen one is brought into view
  // ('Show all vendors' included). Not at mount, when the page may have been scrolled to below the row.
  const rowRef = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  const common = useMemo(
    () =>
      new Set(
        [...vendors]
          .sort((a, b) => b.count - a.count)
          .slice(0, VENDOR_BUTTONS_WIDE)
          .map((v) => v.vendor),
      ),
    [vendors],
  );
  const others = vendors.filter((v) => !common.has(v.vendor));
  const otherChosen = vendor !== null && !common.has(vendor);
  useEffect(() => {
    if (chosen.current)
      rowRef.current?.querySelector('[aria-pressed=true]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    chosen.current = true;
  }, [vendor]);
  return (
    <div role="search" aria-label="Catalogue" className="mb-3">
      <div className="search-box mb-2">
        <input
          type="search"
          className="form-control form-control-lg pe-5"
          placeholder={LISTING_TEXT.searchPlaceholder}
          aria-label="Search certifications"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {query && (
          <button
            type="button"
            className="btn-close search-clear"
            aria-label="Clear search box"
            onClick={() => setQuery('')}
          />
        )}
      </div>
      <p className="text-body-secondary small mb-2" aria-live="polite">
        {showingCount(shown, total)}
      </p>
      <div
        ref={rowRef}
        className="vendor-filters d-flex flex-nowrap flex-md-wrap gap-2"
        role="group"
        aria-label="Filter by vendor"
        onKeyDown={moveAlongRow}
      >
        <button
          type="button"
          className={`btn btn-sm ${vendor === null ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={vendor === null}
          tabIndex={vendor === null || otherChosen ? 0 : -1}
          onClick={() => setVendor(null)}
        >
          All ({total})
        </button>
        {vendors.map((v) => (
          <button
            key={v.vendor}
            type="button"
            className={`btn btn-sm ${vendor === v.vendor ? 'btn-primary' : 'btn-outline-primary'}${common.has(v.vendor) ? '' : ' d-md-none'}`}
            aria-pressed={vendor === v.vendor}
            tabIndex={vendor === v.vendor ? 0 : -1}
            onClick={() => setVendor(v.vendor)}
          >
            {v.vendor} ({v.count})
          </button>
        ))}
        {others.length > 0 && (
          <select
            className={`form-select form-select-sm w-auto d-none d-md-block${otherChosen ? ' border-primary' : ''}`}
            aria-label="More vendors"
            value={otherChosen ? vendor : ''}
            onChange={(e) => setVendor(e.target.value || null)}
          >
            <option value="">More vendors ({others.length})</option>
            {others.map((v) => (
              <option key={v.vendor} value={v.vendor}>
                {v.vendor} ({v.count})
              </option>
            ))}
          </select>
        )}
      </div>
    </div>
  );
}

/** The home listing (docs/product.md#home-listing): Submit, search, vendor filters, the grid and its empty states. */
export function CatalogueBrowser({
  certifications,
  initialQuery = '',
  filters,
  filtersHtml,
  problem,
  paged,
  shown: shownByServer = null,
  restoreScrollY,
  vendors: vendorsOfList,
}: {
  certifications: Certification[];
  /** Each vendor of the list with its count, counted by the server (catalogue-search.ts, `vendorCounts`). */
  vendors?: VendorCount[];
  /**
   * The search of the address and the certifications the server found for it, which the list shows until the
   * search's code has loaded; null without a search in the address.
   */
  shown?: { q: string; ids: number[] } | null;
  /** Where to scroll once the list is in (going back to the list): every cell is rendered at once. */
  restoreScrollY?: number;
  /** Set when the list is too large to hold in the browser (HOME_FULL_LIST_MAX): `certifications` is its first page. */
  paged?: PagedList | null;
  initialQuery?: string;
  filters?: CatalogueFilters;
  /** The server-made filter and sort form (features/catalogue/filter-form.tsx). */
  filtersHtml?: string;
  /** What was wrong with the address's filters, if anything. */
  problem?: string | null;
}) {
  const user = useCurrentUser();
  const editor = useCertificationEditor();
  const own = useCatalogueFilters(initialQuery);
  const { query, setQuery, vendor, setVendor } = filters ?? own;
  const { page, more } = usePagedList(paged ?? undefined, certifications, query, vendor);
  const list = page ? page.items : certifications;
  const engine = useSearchEngine();
  const haystacks = useMemo(
    () => (page || !engine ? [] : engine.searchHaystacks(certifications)),
    [page, engine, certifications],
  );
  const vendors = vendorsOfList ?? paged?.vendors ?? [];
  const [serverIds] = useState(() => shownByServer && new Set(shownByServer.ids));
  // The cells shown, and the search they answer: the paged list's page; the search's own answer once its code is
  // in; until then, what the server found for the address's search, with the vendor.
  const [mask, maskFor] = useMemo((): [boolean[], string] => {
    if (page) return [list.map(() => true), page.contains];
    if (engine) return [engine.visibleMask(certifications, haystacks, query, vendor), query.trim()];
    const visible = (c: Certification) =>
      (vendor === null || c.vendor === vendor) && (!serverIds || serverIds.has(c.id));
    return [certifications.map(visible), shownByServer?.q.trim() ?? ''];
  }, [page, list, engine, certifications, haystacks, query, vendor, serverIds, shownByServer]);
  const shown = useMemo(() => (page ? page.total : mask.reduce((n, v) => (v ? n + 1 : n), 0)), [page, mask]);
  const total = paged ? paged.all : certifications.length;
  // Fixed at mount; cells added later start shown and the effect of useGridVisibility settles them.
  const [shownAtFirst] = useState(() =>
    paged ? null : new Set(certifications.filter((_, i) => mask[i]).map((c) => c.id)),
  );
  const [firstCount] = useState(() => (restoreScrollY === undefined ? firstCellCount(mask) : list.length));
  const count = useGrowingCount(firstCount, list.length);
  const listRef = useGridVisibility(mask, maskFor, count);
  useEffect(() => {
    if (restoreScrollY === undefined) return;
    // After the scroll to the top of a path change (root.tsx), which runs in the same commit.
    const id = setTimeout(() => window.scrollTo(0, restoreScrollY));
    return () => clearTimeout(id);
  }, [restoreScrollY]);

  const navigate = useNavigate();
  // Apply keeps the search and the vendor (filters-href.ts).
  const applyFilters = (form: HTMLFormElement) =>
    void import('./filters-href').then((m) => navigate(m.filtersHref(form, query, vendor)));
  const header = (
    <CatalogueHeader
      user={user}
      onSubmit={editor.submit}
      problem={problem}
      filtersHtml={filtersHtml}
      onFilters={applyFilters}
    />
  );

  if (total === 0) {
    return (
      <>
        {header}
        <Suspense fallback={null}>
          <NoCertifications onSubmit={user ? editor.submit : null} />
        </Suspense>
      </>
    );
  }

  return (
    <>
      {header}
      <CatalogueSearch
        query={query}
        setQuery={setQuery}
        vendor={vendor}
        setVendor={setVendor}
        vendors={vendors}
        shown={shown}
        total={total}
      />
      {shown === 0 && (
        <Suspense fallback={null}>
          <NoMatch
            query={page ? page.contains : query}
            certifications={certifications}
            onSearch={setQuery}
            onClearSearch={() => setQuery('')}
            onAllVendors={() => setVendor(null)}
          />
        </Suspense>
      )}
      {page?.failed && (
        <div className="alert alert-danger" role="alert">
          {REQUEST_TEXT.fetchCertificationsFailed}
        </div>
      )}
      <Grid certifications={list} count={count} shownAtFirst={shownAtFirst} listRef={listRef} user={user} />
      {page?.next && (
        <div className="text-center mt-4">
          <button type="button" className="btn btn-outline-primary" onClick={() => void more()}>
            Load more certifications
          </button>
        </div>
      )}
    </>
  );
}
