import { ADMIN_TEXT, type Article } from '@certitude/shared';
import { Link } from 'react-router';
import { ArticleDate } from './article-date';

export function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="card shadow-sm h-100" data-testid="article-card">
      <div className="card-body d-flex flex-column">
        <h2 className="h5 card-title">
          <Link to={`/articles/${article.slug}`} className="stretched-link text-decoration-none">
            {article.title}
          </Link>
        </h2>
        <p className="small text-body-secondary mb-2">
          <ArticleDate iso={article.publishedAt} />
          {article.author ? ` · ${article.author}` : ''}
        </p>
        <p className="card-text flex-grow-1">{article.summary}</p>
        <span className="text-primary small">{ADMIN_TEXT.readMore} →</span>
      </div>
    </article>
  );
}
