import { ADMIN_TEXT, LISTING_TEXT, type Article } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { deleteArticle, fetchEditorArticles } from './admin-api';
import { ADMIN_PANEL_TEXT } from './admin-panel-text';
import { ArticleEditor } from './article-editor';

/** Every article, drafts included: write, edit with a preview, delete. */
export function ArticlesTab() {
  const [articles, setArticles] = useState<Article[] | null>(null);
  const [editing, setEditing] = useState<Article | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    fetchEditorArticles().then(setArticles, (err: unknown) => setError(errorText(err, ADMIN_TEXT.loadArticlesFailed)));
  }, []);
  useEffect(load, [load]);

  const remove = async (a: Article) => {
    if (!window.confirm(ADMIN_TEXT.deleteArticleConfirm)) return;
    try {
      await deleteArticle(a.id);
      load();
    } catch (err) {
      setError(errorText(err, ADMIN_TEXT.articleDeleteFailed));
    }
  };

  return (
    <div>
      <Button className="mb-3" onClick={() => setEditing('new')}>
        {ADMIN_TEXT.newArticle}
      </Button>
      {error && (
        <Alert variant="danger" dismissible onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Table responsive size="sm">
        <thead>
          <tr>
            <th>{ADMIN_PANEL_TEXT.title}</th>
            <th>{ADMIN_PANEL_TEXT.status}</th>
            <th>{ADMIN_PANEL_TEXT.author}</th>
            <th>
              <span className="visually-hidden">{ADMIN_PANEL_TEXT.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {articles?.map((a) => (
            <tr key={a.id}>
              <td>{a.published ? <Link to={`/articles/${a.slug}`}>{a.title}</Link> : a.title}</td>
              <td>
                <span className={`badge ${a.published ? 'bg-success' : 'bg-secondary'}`}>
                  {a.published ? ADMIN_TEXT.published : ADMIN_TEXT.draft}
                </span>
              </td>
              <td>{a.author ?? ''}</td>
              <td className="text-end text-nowrap">
                <Button size="sm" variant="outline-primary" onClick={() => setEditing(a)}>
                  {LISTING_TEXT.edit}
                </Button>{' '}
                <Button size="sm" variant="outline-danger" onClick={() => void remove(a)}>
                  {ADMIN_TEXT.deleteArticle}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {editing && (
        <ArticleEditor
          article={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </div>
  );
}
