import { LISTING_TEXT, PRODUCT_NAME, REQUEST_TEXT, type Certification } from '@certitude/shared';
import { Suspense } from 'react';
import { Await, useRevalidator, useSearchParams } from 'react-router';
import { CatalogueBrowser, useCatalogueFilters } from '../features/catalogue/catalogue-browser';
import { CertificationEditorProvider } from '../features/catalogue/certification-editor';
import { NoticeArea } from '../features/catalogue/notices';
import '../features/catalogue/catalogue.css';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  // Awaited on the server: the first HTML holds the whole list, for crawlers and readers without JavaScript.
  return { certifications: await context.data.listCertifications(), publicUrl: context.publicUrl };
}

/**
 * Client navigations to the listing do not wait for the list: the page shows 'Loading certifications...'
 * at once, then the list, or 'Failed to fetch certifications' when the request fails.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = serverLoader();
  const certifications = data.then((d) => d.certifications);
  // The error is shown by the page; the route must not fail.
  certifications.catch(() => undefined);
  return { certifications, publicUrl: typeof window === 'undefined' ? '' : window.location.origin };
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const filters = useCatalogueFilters(params.get('q') ?? '');
  const { certifications } = loaderData;
  const browse = (list: Certification[]) => <CatalogueBrowser certifications={list} filters={filters} />;
  return (
    <div className="container py-4">
      <CertificationEditorProvider onChanged={() => void revalidator.revalidate()}>
        {certifications instanceof Promise ? (
          <Suspense fallback={<p className="text-body-secondary">{LISTING_TEXT.loadingCertifications}</p>}>
            <Await resolve={certifications} errorElement={<FetchFailed />}>
              {browse}
            </Await>
          </Suspense>
        ) : (
          // Server-rendered and hydrated data: no Suspense boundary, which the server would stream apart
          // from the page (a large boundary is sent after its fallback) and show only once scripts run.
          browse(certifications)
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
