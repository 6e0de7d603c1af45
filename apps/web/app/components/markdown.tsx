import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type * as MarkdownRender from './markdown-render';

type Renderer = typeof MarkdownRender;

/**
 * The HTML of the markdown a page's loader rendered on the server, by source text (`renderEach` of
 * markdown-render.ts). With it, a page's first render, on the server and in the browser, needs no renderer: the
 * browser never loads markdown-it for what the page came with (docs/decisions/0034-markdown-rendered-by-loaders.md).
 */
const Rendered = createContext<Readonly<Record<string, string>>>({});

export function RenderedMarkdown({ html, children }: { html: Readonly<Record<string, string>>; children: ReactNode }) {
  return <Rendered.Provider value={html}>{children}</Rendered.Provider>;
}

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

function loadRenderer(): Promise<Renderer> {
  loading ??= import('./markdown-render').then((m) => (renderer = m));
  return loading;
}

/**
 * Markdown from members and moderators, rendered safely (markdown-render.ts). Text the page's loader rendered is
 * shown as it came; other text (a comment posted or loaded after the page, an editor's preview) loads the renderer
 * first, showing the text as written meanwhile.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const rendered = useContext(Rendered)[source];
  const [ready, setReady] = useState(renderer !== null);
  useEffect(() => {
    if (rendered !== undefined || ready) return;
    let live = true;
    void loadRenderer().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [rendered, ready]);
  const html = useMemo(
    () => rendered ?? (ready && renderer ? renderer.renderMarkdown(source) : null),
    [rendered, ready, source],
  );
  const classes = ['markdown-body', className].filter(Boolean).join(' ');
  return html === null ? (
    <div className={classes} style={{ whiteSpace: 'pre-wrap' }} data-markdown-pending="">
      {source}
    </div>
  ) : (
    <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
