import { ADMIN_TEXT, ARTICLE_SUMMARY_MAX, ARTICLE_TITLE_MAX, type Article } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Nav, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { Markdown } from '../../components/markdown';
import { errorText } from '../../lib/api-client';
import { deleteArticle, fetchEditorArticles, saveArticle, type ArticleDraft } from './admin-api';
import { cycleFocus } from '../site/focus-cycle';

const EMPTY: ArticleDraft = { title: '', slug: '', summary: '', content: '', published: true };

function ArticleEditor({
  article,
  onClose,
  onSaved,
}: {
  article: Article | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<ArticleDraft>(
    article
      ? {
          title: article.title,
          slug: article.slug,
          summary: article.summary,
          content: article.content ?? '',
          published: article.published,
        }
      : EMPTY,
  );
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ArticleDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const slug = draft.slug?.trim();
      await saveArticle({ ...draft, slug: slug ? slug : undefined }, article?.id);
      onSaved();
    } catch (err) {
      setError(errorText(err, ADMIN_TEXT.articleSaveFailed));
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="article-editor-title" onKeyDown={cycleFocus}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="article-editor-title">
            {article ? ADMIN_TEXT.editArticle : ADMIN_TEXT.newArticle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form.Group className="mb-2" controlId="article-title">
            <Form.Label>Title</Form.Label>
            <Form.Control
              value={draft.title}
              maxLength={ARTICLE_TITLE_MAX}
              onChange={(e) => set({ title: e.target.value })}
              required
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId="article-slug">
            <Form.Label>Slug</Form.Label>
            <Form.Control
              value={draft.slug ?? ''}
              maxLength={80}
              aria-describedby="article-slug-help"
              onChange={(e) => set({ slug: e.target.value })}
            />
            <Form.Text id="article-slug-help">Optional: made from the title when empty.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-2" controlId="article-summary">
            <Form.Label>Summary</Form.Label>
            <Form.Control
              value={draft.summary}
              maxLength={ARTICLE_SUMMARY_MAX}
              onChange={(e) => set({ summary: e.target.value })}
              required
            />
          </Form.Group>
          <Nav variant="tabs" activeKey={view} onSelect={(k) => setView(k === 'preview' ? 'preview' : 'write')}>
            <Nav.Item>
              <Nav.Link eventKey="write">Markdown</Nav.Link>
            </Nav.Item>
            <Nav.Item>
              <Nav.Link eventKey="preview">{ADMIN_TEXT.preview}</Nav.Link>
            </Nav.Item>
          </Nav>
          {view === 'write' ? (
            <Form.Control
              as="textarea"
              aria-label="Content"
              rows={12}
              value={draft.content}
              onChange={(e) => set({ content: e.target.value })}
              className="font-monospace border-top-0 rounded-top-0"
            />
          ) : (
            <div className="border border-top-0 p-3" data-testid="article-preview">
              <Markdown source={draft.content} />
            </div>
          )}
          <Form.Check
            className="mt-3"
            id="article-published"
            label={ADMIN_TEXT.published}
            checked={draft.published}
            onChange={(e) => set({ published: e.target.checked })}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={busy || !draft.title.trim() || !draft.summary.trim() || !draft.content.trim()}
          >
            {ADMIN_TEXT.saveArticle}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

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
