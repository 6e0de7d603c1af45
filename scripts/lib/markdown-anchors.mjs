// The anchors a Markdown file offers, named as GitHub names them: each heading's text, lower-cased, with everything
// but letters, digits, spaces, hyphens and underscores dropped and each space made a hyphen; a repeated slug takes
// -1, -2, … in order. An explicit `<a id="…">` or `<a name="…">` counts too. Headings inside code fences do not.
import { readFileSync } from 'node:fs';

/** A heading's text as GitHub renders it before making the slug: no inline code marks, emphasis or link targets. */
const headingText = (raw) =>
  raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .replace(/(^|\s)_+|_+(\s|$)/g, '$1$2')
    .trim();

const slugOf = (text) =>
  headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const cache = new Map();

/** The set of anchors of the Markdown file at `path`. */
export function anchorsOf(path) {
  if (cache.has(path)) return cache.get(path);
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (!fence || fence === marker)) {
      fence = fence ? null : marker;
      continue;
    }
    if (fence) continue;
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  cache.set(path, anchors);
  return anchors;
}
