import MarkdownIt from 'markdown-it';

/**
 * The markdown renderer (markdown-it, about 46 KB gzip in the browser). Pages' loaders use it on the server; the
 * browser loads it only for text that came after the page (markdown.tsx).
 *
 * Markdown from members and moderators, made safe by construction: raw HTML is escaped (html: false),
 * javascript:, vbscript:, file: and data: links are refused by markdown-it's link check, and every link
 * opens in a new tab without access to this page and without passing ranking (rel=ugc).
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow ugc');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/**
 * Images from other sites would let any member's text report who reads it (a tracking pixel): they are shown
 * as a link instead, and the Content-Security-Policy (img-src 'self' data:) would refuse them anyway. The
 * site's own images and data: raster images stay images.
 */
const defaultImage =
  md.renderer.rules.image ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = token.attrGet('src') ?? '';
  const local = (src.startsWith('/') && !src.startsWith('//')) || /^data:image\/(png|jpe?g|gif|webp);/i.test(src);
  if (local) return defaultImage(tokens, idx, options, env, self);
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const href = md.utils.escapeHtml(src);
  return `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow ugc">${md.utils.escapeHtml(alt || src)}</a>`;
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/**
 * The HTML of each source, for a page's loader to hand to `RenderedMarkdown` (markdown.tsx). An empty source is
 * there too (as ''), so that the browser loads no renderer for it.
 */
export function renderEach(sources: Iterable<string>): Record<string, string> {
  const html: Record<string, string> = {};
  for (const source of sources) if (!(source in html)) html[source] = renderMarkdown(source);
  return html;
}
