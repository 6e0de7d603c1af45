import {
  ADMIN_TEXT,
  TEXT,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  articleRequestSchema,
  type Article,
} from '@certitude/shared';
import { useState } from 'react';
import { Alert, Button, Form, Modal, Nav } from 'react-bootstrap';
import { Markdown } from '../../components/markdown';
import { errorText } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { saveArticle, type ArticleDraft } from './admin-api';
import { cycleFocus } from '../../lib/focus-cycle';
import { ADMIN_PANEL_TEXT } from './admin-panel-text';

const EMPTY: ArticleDraft = { title: '', slug: '', summary: '', content: '', published: true };

type ArticleForm = ReturnType<typeof useZodForm<ArticleDraft, ArticleDraft>>;

/** Writes a new article, or edits `article`, with a preview of its Markdown. */
export function ArticleEditor({
  article,
  onClose,
  onSaved,
}: {
  article: Article | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useZodForm<ArticleDraft, ArticleDraft>({
    schema: articleRequestSchema,
    defaultValues: article
      ? {
          title: article.title,
          slug: article.slug,
          summary: article.summary,
          content: article.content ?? '',
          published: article.published,
        }
      : EMPTY,
    // An empty slug is made from the title.
    request: (draft) => ({ ...draft, slug: draft.slug?.trim() || undefined }),
  });
  const busy = form.sending;
  const [title, summary, content] = form.watch(['title', 'summary', 'content']);

  const submit = form.handleSubmit(async (draft) => {
    try {
      await saveArticle(draft, article?.id);
      onSaved();
    } catch (err) {
      form.fail(errorText(err, ADMIN_TEXT.articleSaveFailed));
    }
  });

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="article-editor-title" onKeyDown={cycleFocus}>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id="article-editor-title">
            {article ? ADMIN_TEXT.editArticle : ADMIN_TEXT.newArticle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {form.failure && <Alert variant="danger">{form.failure}</Alert>}
          <ArticleFields form={form} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" disabled={busy || !title.trim() || !summary.trim() || !content.trim()}>
            {ADMIN_TEXT.saveArticle}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function ArticleFields({ form }: { form: ArticleForm }) {
  const [view, setView] = useState<'write' | 'preview'>('write');
  const error = (name: 'title' | 'slug' | 'summary') => {
    const message = form.errorOf(name);
    return message && <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>;
  };
  return (
    <>
      <Form.Group className="mb-2" controlId="article-title">
        <Form.Label>{ADMIN_PANEL_TEXT.title}</Form.Label>
        <Form.Control
          maxLength={ARTICLE_TITLE_MAX}
          required
          {...form.field('title')}
          isInvalid={Boolean(form.errorOf('title'))}
        />
        {error('title')}
      </Form.Group>
      <Form.Group className="mb-2" controlId="article-slug">
        <Form.Label>{ADMIN_PANEL_TEXT.slug}</Form.Label>
        <Form.Control
          maxLength={80}
          aria-describedby="article-slug-help"
          {...form.field('slug')}
          isInvalid={Boolean(form.errorOf('slug'))}
        />
        <Form.Text id="article-slug-help">{ADMIN_PANEL_TEXT.slugHint}</Form.Text>
        {error('slug')}
      </Form.Group>
      <Form.Group className="mb-2" controlId="article-summary">
        <Form.Label>{ADMIN_PANEL_TEXT.summary}</Form.Label>
        <Form.Control
          maxLength={ARTICLE_SUMMARY_MAX}
          required
          {...form.field('summary')}
          isInvalid={Boolean(form.errorOf('summary'))}
        />
        {error('summary')}
      </Form.Group>
      <Nav variant="tabs" activeKey={view} onSelect={(k) => setView(k === 'preview' ? 'preview' : 'write')}>
        <Nav.Item>
          <Nav.Link eventKey="write">{ADMIN_PANEL_TEXT.markdown}</Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="preview">{ADMIN_TEXT.preview}</Nav.Link>
        </Nav.Item>
      </Nav>
      {view === 'write' ? (
        <Form.Control
          as="textarea"
          aria-label={ADMIN_PANEL_TEXT.content}
          rows={12}
          {...form.field('content')}
          className="font-monospace border-top-0 rounded-top-0"
        />
      ) : (
        <div className="border border-top-0 p-3" data-testid="article-preview">
          <Markdown source={form.getValues('content')} />
        </div>
      )}
      <Form.Check className="mt-3" id="article-published" label={ADMIN_TEXT.published} {...form.field('published')} />
    </>
  );
}
