import { markdownToPlainText, META_DESCRIPTION_MAX } from '@certitude/shared';

// Apart from meta.ts, which every page loads at once: only the certification and article pages need it.
/** Plain text of a markdown description cut at 155 characters with an ellipsis (docs/product.md#certification-page). */
export function metaDescription(markdown: string): string {
  const text = markdownToPlainText(markdown);
  if (text.length <= META_DESCRIPTION_MAX) return text;
  return `${text.slice(0, META_DESCRIPTION_MAX).trimEnd()}...`;
}
