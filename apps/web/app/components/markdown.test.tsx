import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown, RenderedMarkdown } from './markdown';
import { renderEach, renderMarkdown } from './markdown-render';

describe('markdown rendering', () => {
  it('renders emphasis, lists and links that open safely', () => {
    const html = renderMarkdown('**Hands-on** exam\n\n- one\n- two\n\n[Guide](https://example.com)');
    expect(html).toContain('<strong>Hands-on</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow ugc">Guide</a>',
    );
  });

  it.each(['<script>alert(1)</script>', '<img src=x onerror="alert(1)">', '<a href="javascript:alert(1)">x</a>'])(
    'never lets raw HTML through: %s',
    (input) => {
      const html = renderMarkdown(input);
      expect(html).not.toMatch(/<script|<img|<a /);
    },
  );

  it.each([
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](vbscript:msgbox)',
  ])('refuses dangerous link targets: %s', (input) => {
    expect(renderMarkdown(input)).not.toMatch(/href="(javascript|data|vbscript)/i);
  });

  it('shows images from other sites as links (no tracking pixels); the site’s own and data: raster images stay', () => {
    const html = renderMarkdown('![pixel](https://tracker.example/p.gif?u=1) ![logo](/favicon.svg)');
    expect(html).not.toContain('<img src="https://tracker.example');
    expect(html).toContain(
      '<a href="https://tracker.example/p.gif?u=1" target="_blank" rel="noopener noreferrer nofollow ugc">pixel</a>',
    );
    expect(html).toContain('<img src="/favicon.svg" alt="logo">');
  });
});

describe('the Markdown component', () => {
  afterEach(cleanup);

  it('shows the HTML the page came with, at once (the loader rendered it)', () => {
    const source = 'Read **everything**';
    const { container } = render(
      <RenderedMarkdown html={renderEach([source])}>
        <Markdown source={source} />
      </RenderedMarkdown>,
    );
    expect(container.querySelector('.markdown-body strong')?.textContent).toBe('everything');
    expect(container.querySelector('[data-markdown-pending]')).toBeNull();
  });

  it('shows later text as written, then rendered once the renderer has loaded', async () => {
    // A copy of the component whose renderer has not loaded yet: test files share a worker's modules, and another
    // file may have loaded it already.
    vi.resetModules();
    const fresh = await import('./markdown');
    const { container } = render(
      <fresh.RenderedMarkdown html={{}}>
        <fresh.Markdown source={'A *new* comment <script>alert(1)</script>'} />
      </fresh.RenderedMarkdown>,
    );
    expect(container.querySelector('[data-markdown-pending]')?.textContent).toBe(
      'A *new* comment <script>alert(1)</script>',
    );
    await waitFor(() => expect(container.querySelector('.markdown-body em')?.textContent).toBe('new'));
    expect(container.querySelector('[data-markdown-pending]')).toBeNull();
    expect(container.querySelector('.markdown-body script')).toBeNull();
  });
});
