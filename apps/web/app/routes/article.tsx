import { ADMIN_TEXT, MSG, PRODUCT_NAME } from '@certitude/shared';
import { data, Link } from 'react-router';
import { Markdown, RenderedMarkdown } from '../components/markdown';
import { renderEach } from '../components/markdown-render';
import { ArticleDate } from '../features/articles/article-date';
import { pageMeta } from '../lib/meta';
import { metaDescription } from '../lib/meta-description';
import type { Route } from './+types/article';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  const article = SLUG.test(slug) ? await context.data.getArticle(slug) : null;
  // The article's HTML comes with the page: the browser needs no markdown renderer to show it. An unknown one is
  // the page's own not-found text, with the status 404.
  const page = {
    publicUrl: context.publicUrl,
    article,
    markdown: renderEach(article?.content ? [article.content] : []),
  };
  return article ? page : data(page, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => {
  const a = data?.article;
  if (!a) return [{ title: `${MSG.articleNotFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  const url = `${data.publicUrl}/articles/${a.slug}`;
  const description = metaDescription(a.summary);
  return pageMeta({
    title: a.title,
    description,
    url,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: a.title,
      description,
      url,
      mainEntityOfPage: url,
      ...(a.publishedAt ? { datePublished: a.publishedAt } : {}),
      dateModified: a.updatedAt,
      author: {
        '@type': a.author === ADMIN_TEXT.teamAuthor ? 'Organization' : 'Person',
        name: a.author ?? PRODUCT_NAME,
      },
      publisher: { '@type': 'Organization', name: PRODUCT_NAME },
    },
  });
};

/** /articles/{slug}: one article, its markdown rendered safely. */
export default function ArticleScreen({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  if (!article) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3 mb-3">{MSG.articleNotFound}</h1>
        <Link to="/articles" className="btn btn-primary">
          {ADMIN_TEXT.backToArticles}
        </Link>
      </div>
    );
  }
  return (
    <div className="container py-4" style={{ maxWidth: '48rem' }}>
      <Link to="/articles" className="btn btn-link px-0 mb-3">
        ← {ADMIN_TEXT.backToArticles}
      </Link>
      <article>
        <h1 className="mb-2">{article.title}</h1>
        <p className="text-body-secondary">
          <ArticleDate iso={article.publishedAt} />
          {article.author ? ` · ${article.author}` : ''}
        </p>
        <p className="lead">{article.summary}</p>
        <RenderedMarkdown html={loaderData.markdown}>
          <Markdown source={article.content ?? ''} />
        </RenderedMarkdown>
      </article>
    </div>
  );
}
