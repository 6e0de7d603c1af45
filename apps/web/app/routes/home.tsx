import {
  certificationListQuerySchema,
  LISTING_TEXT,
  matchesSearch,
  PRODUCT_NAME,
  REQUEST_TEXT,
  type Certification,
  type CertificationListQuery,
} from '@certitude/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { Suspense } from 'react';
import { Await, redirect, useLocation, useNavigationType, useRevalidator, useSearchParams } from 'react-router';
import { CatalogueBrowser } from '../features/catalogue/catalogue-browser';
import { useCatalogueFilters } from '../features/catalogue/catalogue-filters';
import type { PagedList } from '../features/catalogue/catalogue-types';
import { listed } from '../features/catalogue/listed-certification';
import { HOME_FULL_LIST_MAX, HOME_PAGE_SIZE } from '../features/catalogue/use-paged-list';
import { vendorCounts } from '../features/catalogue/catalogue-search';
import { CertificationEditorProvider } from '../features/catalogue/certification-editor';
import { cleanListParams, listHref } from '../features/catalogue/filters-href';
import { FilterForm, type FilterChoice, type FilterCounts } from '../features/catalogue/filter-form';
import { NoticeArea } from '../components/notices';
import '../features/catalogue/catalogue.css';
import { useListMemory } from '../features/catalogue/list-memory';
import { SignInNotice } from '../features/layout/sign-in-notice';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';

/**
 * The filters and sort of the address (docs/product.md#home-listing), read on the server: a value the list does
 * not know is left out, and the page says so.
 */
function readChoice(params: URLSearchParams): {
  choice: FilterChoice;
  query: CertificationListQuery;
  problem?: string;
} {
  const raw = {
    sort: params.get('sort') || 'best',
    level: params.get('level') || undefined,
    domain: params.get('domain') || undefined,
    maxCostUsd: params.get('maxCostUsd') || undefined,
    lifecycle: params.get('lifecycle') || undefined,
  };
  const parsed = certificationListQuerySchema.safeParse(raw);
  const query: CertificationListQuery = parsed.success
    ? parsed.data
    : { sort: 'best', domain: undefined, level: undefined, lifecycle: undefined };
  const includeRetired = query.lifecycle?.includes('RETIRED') ?? false;
  return {
    query,
    choice: {
      sort: query.sort ?? 'best',
      level: query.level?.[0],
      domain: query.domain?.[0],
      maxCostUsd: query.maxCostUsd,
      includeRetired,
      q: params.get('q') ?? undefined,
      vendor: params.get('vendor') || undefined,
    },
    problem: parsed.success ? undefined : parsed.error.issues[0]?.message,
  };
}

/**
 * How many certifications each level and domain holds, and how many have their exam cost known, among those the
 * retired choice shows.
 */
function countFacets(all: Certification[], includeRetired: boolean): FilterCounts {
  const counts: FilterCounts = { levels: {}, domains: {}, costKnown: 0, levelKnown: 0, total: 0 };
  for (const c of all) {
    if (!includeRetired && c.lifecycle === 'RETIRED') continue;
    counts.total++;
    if (c.exam.costUsd !== null) counts.costKnown++;
    if (c.level) {
      counts.levels[c.level] = (counts.levels[c.level] ?? 0) + 1;
      counts.levelKnown++;
    }
    for (const d of c.domains) counts.domains[d] = (counts.domains[d] ?? 0) + 1;
  }
  return counts;
}

/** The sorts that rank by the community's ratings: the rest of the list follows, unrated. */
const RATED_SORTS = new Set(['hardest', 'easiest', 'value', 'rated']);

/** How many of the list a rating sort can rank: with the rating means (3 ratings), or for 'rated' any rating. */
function rankedBy(sort: string, certifications: Certification[]): { ranked: number; total: number } | undefined {
  if (!RATED_SORTS.has(sort)) return undefined;
  const ranked = certifications.filter((c) => (sort === 'rated' ? c.ratingCount > 0 : c.difficulty !== null)).length;
  return { ranked, total: certifications.length };
}

/** The address's sort and filters and the page size, as parameters of GET /api/certification, for the pages a large list fetches. */
function listQueryOf(query: CertificationListQuery): string {
  const params = new URLSearchParams({ sort: query.sort ?? 'best' });
  if (query.level) params.set('level', query.level.join(','));
  if (query.domain) params.set('domain', query.domain.join(','));
  if (query.maxCostUsd !== undefined) params.set('maxCostUsd', String(query.maxCostUsd));
  if (query.lifecycle) params.set('lifecycle', query.lifecycle.join(','));
  params.set('limit', String(HOME_PAGE_SIZE));
  return params.toString();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  // The filters sent without JavaScript arrive with every field, empty ones too: on to the address Apply would write.
  const clean = cleanListParams(searchParams);
  if (clean.size !== searchParams.size) throw redirect(listHref(clean));
  const { choice, query, problem } = readChoice(searchParams);
  // Awaited on the server: the first HTML holds the whole list, for crawlers and readers without JavaScript.
  const [certifications, all] = await Promise.all([
    context.data.browseCertifications({ ...query, lifecycle: query.lifecycle ?? ['ACTIVE', 'RETIRING'] }),
    context.data.listCertifications(),
  ]);
  // The form is HTML made here: it needs no script, so the page's first scripts do not grow (decision 0012).
  const filtersHtml = renderToStaticMarkup(
    <FilterForm
      choice={choice}
      counts={countFacets(all, choice.includeRetired)}
      ranked={rankedBy(choice.sort, certifications)}
    />,
  );
  const base = {
    filtersHtml,
    problem: problem ?? null,
    publicUrl: context.publicUrl,
    vendors: vendorCounts(certifications),
  };
  const contains = choice.q?.trim() ?? '';
  const matching = contains ? certifications.filter((c) => matchesSearch(c, contains)) : certifications;
  if (certifications.length <= HOME_FULL_LIST_MAX) {
    // The cards the address's search shows, until the search's own code has loaded in the browser.
    const shown = contains ? { q: contains, ids: matching.map((c) => c.id) } : null;
    return { ...base, certifications: certifications.map(listed), paged: null, shown };
  }
  // Too many for the browser: the first page of what the address's search and vendor match, and the figures around it.
  const vendor = choice.vendor ?? null;
  const ofVendor = vendor ? matching.filter((c) => c.vendor === vendor) : matching;
  const paged: PagedList = {
    total: ofVendor.length,
    all: certifications.length,
    vendors: base.vendors,
    next: ofVendor.length > HOME_PAGE_SIZE ? String(HOME_PAGE_SIZE) : null,
    listQuery: listQueryOf(query),
    contains,
    vendor,
  };
  return { ...base, certifications: ofVendor.slice(0, HOME_PAGE_SIZE).map(listed), paged, shown: null };
}

/**
 * Client navigations to the listing do not wait for the list: the page shows 'Loading certifications...'
 * at once, then the list, or 'Failed to fetch certifications' when the request fails.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = serverLoader();
  // The error is shown by the page; the route must not fail.
  page.catch(() => undefined);
  return { page, publicUrl: typeof window === 'undefined' ? '' : window.location.origin };
}

const DESCRIPTION =
  'Discover, compare and vote on IT certifications from AWS, Microsoft, Google Cloud, Cisco, CompTIA, ISC2 and more, ranked by the community.';

export const meta: Route.MetaFunction = ({ data }) => {
  const url = `${data?.publicUrl ?? ''}/`;
  return pageMeta({
    title: `${PRODUCT_NAME}: ${LISTING_TEXT.homeTitle}`,
    description: DESCRIPTION,
    url,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: PRODUCT_NAME,
      description: DESCRIPTION,
      url,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${url}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  });
};

function FetchFailed() {
  return (
    <div className="alert alert-danger" role="alert">
      {REQUEST_TEXT.fetchCertificationsFailed}
    </div>
  );
}

export default function Home(props: Route.ComponentProps) {
  // Each entry of the history is a list of its own: its search and vendor are read from its address.
  return <HomeList key={useLocation().key} {...props} />;
}

function HomeList({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const filters = useCatalogueFilters(params.get('q') ?? '', params.get('vendor') || null);
  // Going back to the list (a client navigation: hydration shows the top) restores its scroll position.
  const restoreScrollY = useListMemory(filters.query, filters.vendor, useNavigationType(), 'page' in loaderData);
  type Page = Awaited<ReturnType<typeof loader>>;
  const browse = (page: Page) => (
    <CatalogueBrowser
      certifications={page.certifications}
      filters={filters}
      filtersHtml={page.filtersHtml}
      problem={page.problem}
      paged={page.paged}
      shown={page.shown}
      vendors={page.vendors}
      restoreScrollY={restoreScrollY}
    />
  );
  return (
    <div className="container py-4">
      <SignInNotice />
      <CertificationEditorProvider onChanged={() => void revalidator.revalidate()}>
        {'page' in loaderData ? (
          <Suspense fallback={<p className="text-body-secondary">{LISTING_TEXT.loadingCertifications}</p>}>
            <Await resolve={loaderData.page} errorElement={<FetchFailed />}>
              {browse}
            </Await>
          </Suspense>
        ) : (
          // Server-rendered and hydrated data: no Suspense boundary, which the server would stream apart
          // from the page (a large boundary is sent after its fallback) and show only once scripts run.
          browse(loaderData)
        )}
      </CertificationEditorProvider>
      <NoticeArea />
    </div>
  );
}

/** The list could not be fetched at all (a failed data request during client navigation). */
export function ErrorBoundary() {
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">{LISTING_TEXT.homeTitle}</h1>
      <FetchFailed />
    </div>
  );
}
