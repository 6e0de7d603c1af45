import { PATHS_TEXT } from '@certitude/shared';
import { Link } from 'react-router';
import '../features/paths/paths.css';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/paths';

export async function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl, paths: await context.data.listPaths() };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ title: PATHS_TEXT.title, description: PATHS_TEXT.description, url: `${data?.publicUrl ?? ''}/paths` });

/** /paths: the domains, each with its number of certifications, leading to its map (docs/product.md#paths-pages). */
export default function Paths({ loaderData }: Route.ComponentProps) {
  const { paths } = loaderData;
  return (
    <div className="container py-4">
      <h1 className="h2 mb-2">{PATHS_TEXT.title}</h1>
      <p className="lead mb-4">{PATHS_TEXT.intro}</p>
      {paths.length === 0 ? (
        <p className="text-body-secondary">{PATHS_TEXT.empty}</p>
      ) : (
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled" data-testid="path-domains">
          {paths.map((p) => (
            <li key={p.domain} className="col">
              <div className="card h-100 shadow-sm path-card">
                <div className="card-body">
                  <h2 className="h5 card-title mb-1">
                    <Link to={`/paths/${p.domain}`} className="stretched-link">
                      {p.name}
                    </Link>
                  </h2>
                  <p className="card-text text-body-secondary mb-0">
                    {PATHS_TEXT.certifications(p.certificationCount)}
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
