import { ADMIN_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { ArticleCard } from '../features/articles/article-card';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/articles';

export async function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl, articles: await context.data.listArticles() };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: ADMIN_TEXT.articlesTitle,
    description: `Guides and advice on IT certifications from the ${PRODUCT_NAME} team and community.`,
    url: `${data?.publicUrl ?? ''}/articles`,
  });

/** /articles: the published articles, newest first. */
export default function ArticlesScreen({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData;
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">{ADMIN_TEXT.articlesTitle}</h1>
      {articles.length === 0 ? (
        <p className="text-body-secondary">{ADMIN_TEXT.noArticles}</p>
      ) : (
        <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4">
          {articles.map((a) => (
            <div className="col" key={a.id}>
              <ArticleCard article={a} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
