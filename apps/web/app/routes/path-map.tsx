import { DOMAINS, ERROR_PAGE_TEXT, PATHS_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { Link } from 'react-router';
import { useHeldCertifications } from '../features/paths/held-certifications';
import type { PathLayout } from '../features/paths/path-layout';
import { cachedPathLayout } from '../features/paths/path-layout.server';
import { PathList } from '../features/paths/path-list';
import { PathMapView } from '../features/paths/path-map-view';
import { PathOverviewGrid } from '../features/paths/path-overview';
import { pathOverview, type OverviewFacts } from '../features/paths/path-overview-data';
import '../features/paths/paths.css';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/path-map';

const DOMAIN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const domain = params.domain.toLowerCase();
  const map = domain.length <= 100 && DOMAIN.test(domain) ? await context.data.pathMap(domain) : null;
  // An unknown domain is the app's 404 page (root's error boundary), with the status 404.
  if (!map) throw new Response(ERROR_PAGE_TEXT.pageNotFound, { status: 404 });
  // Laid out here, on the server: elkjs never reaches the browser (docs/decisions/0026-path-map-layout.md).
  let layout: PathLayout | null = null;
  if (map.nodes.length > 0) {
    try {
      layout = await cachedPathLayout(map);
    } catch (err) {
      // The list below says the same: the page stays useful without its picture.
      console.error(`The map of ${domain} could not be laid out`, err);
    }
  }
  const name = DOMAINS.find((d) => d.slug === domain)?.name ?? domain;
  // The overview's sub-areas and chip labels come from the public list (kept in memory by the server).
  const facts = new Map<number, OverviewFacts>((await context.data.listCertifications()).map((c) => [c.id, c]));
  const overview = pathOverview(
    domain,
    map,
    facts,
    DOMAINS.map((d) => d.slug),
  );
  return { publicUrl: context.publicUrl, domain, name, map, layout, overview };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data)
    return [{ title: `${ERROR_PAGE_TEXT.pageNotFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: PATHS_TEXT.mapTitle(data.name),
    description: PATHS_TEXT.mapDescription(data.name, data.map.nodes.length),
    url: `${data.publicUrl}/paths/${data.domain}`,
  });
};

/** /paths/{domain}: the domain's map and the same content as a list (docs/product.md#paths-pages). */
export default function PathMapPage({ loaderData }: Route.ComponentProps) {
  const { domain, name, map, layout, overview } = loaderData;
  const held = useHeldCertifications();
  return (
    <div className="container py-4">
      <Link to="/paths" className="btn btn-link px-0 mb-2">
        ← {PATHS_TEXT.allPaths}
      </Link>
      <h1 className="h2 mb-2">{PATHS_TEXT.mapTitle(name)}</h1>
      <p className="mb-3">{PATHS_TEXT.mapIntro}</p>
      {map.nodes.length === 0 ? (
        <p className="text-body-secondary">{PATHS_TEXT.mapEmpty}</p>
      ) : (
        <>
          <PathOverviewGrid name={name} map={map} overview={overview} held={held} />
          {layout ? (
            <PathMapView key={domain} name={name} map={map} layout={layout} held={held} />
          ) : (
            <p className="alert alert-secondary" role="status">
              {PATHS_TEXT.mapUnavailable}
            </p>
          )}
          <section className="mt-4" aria-labelledby="path-list-title">
            <h2 id="path-list-title" className="h4 mb-3">
              {PATHS_TEXT.listTitle}
            </h2>
            <PathList map={map} held={held} />
          </section>
        </>
      )}
    </div>
  );
}
