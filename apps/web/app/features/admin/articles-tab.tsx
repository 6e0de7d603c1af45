import { ADMIN_TEXT, type Article } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { deleteArticle, fetchEditorArticles } from './admin-api';
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
            <th>Title</th>
            <th>Status</th>
            <th>Author</th>
            <th>
              <span className="visually-hidden">Actions</span>
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
                  Edit
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
