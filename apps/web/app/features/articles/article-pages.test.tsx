import type { Article } from '@certitude/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import ArticleScreen, { loader as articleLoader, meta } from '../../routes/article';
import ArticlesScreen from '../../routes/articles';

afterEach(cleanup);

const article: Article = {
  id: 1,
  slug: 'study-plan',
  title: 'A study plan',
  summary: 'Plan your weeks.',
  content: '## Week one\n\nRead **everything**. <script>alert(1)</script>',
  author: 'Certitude Team',
  published: true,
  publishedAt: '2024-03-12T09:00:00.000Z',
  updatedAt: '2024-03-12T09:00:00.000Z',
};

type MetaArgs = Parameters<typeof meta>[0];

describe('article pages', () => {
  it('gives the article its title, description, canonical link, Open Graph tags and JSON-LD', () => {
    const tags = meta({ data: { publicUrl: 'https://c.example', article } } as unknown as MetaArgs);
    expect(tags).toContainEqual({ title: 'A study plan | Certitude' });
    expect(tags).toContainEqual({ name: 'description', content: 'Plan your weeks.' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://c.example/articles/study-plan' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
    const ld = tags.find((t) => 'script:ld+json' in t) as { 'script:ld+json': Record<string, unknown> };
    expect(ld['script:ld+json']).toMatchObject({ '@type': 'Article', headline: 'A study plan' });
  });

  it('renders the markdown safely, and the list newest first as given', async () => {
    const Stub = createRoutesStub([
      {
        path: '/articles/:slug',
        Component: ArticleScreen as never,
        // The page's own loader, over a server that has the article: it renders the markdown for the page.
        loader: (args) =>
          articleLoader({ ...args, context: { publicUrl: '', data: { getArticle: async () => article } } } as never),
      },
      {
        path: '/articles',
        Component: ArticlesScreen as never,
        loader: () => ({ publicUrl: '', articles: [{ ...article, content: undefined }] }),
      },
    ]);
    const { container } = render(<Stub initialEntries={['/articles/study-plan']} />);
    await screen.findByRole('heading', { name: 'A study plan', level: 1 });
    expect(container.querySelector('.markdown-body strong')?.textContent).toBe('everything');
    expect(container.querySelector('.markdown-body script')).toBeNull();
    expect(screen.getByText('12 Mar 2024')).toBeTruthy();
    cleanup();
    render(<Stub initialEntries={['/articles']} />);
    expect((await screen.findByRole('link', { name: 'A study plan' })).getAttribute('href')).toBe(
      '/articles/study-plan',
    );
  });

  it('says Article not found for an unknown slug', async () => {
    const Stub = createRoutesStub([
      { path: '/articles/:slug', Component: ArticleScreen as never, loader: () => ({ publicUrl: '', article: null }) },
    ]);
    render(<Stub initialEntries={['/articles/nope']} />);
    expect(await screen.findByText('Article not found')).toBeTruthy();
  });
});
