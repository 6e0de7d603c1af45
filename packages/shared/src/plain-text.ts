/**
 * The plain text of a markdown text, for places that show no markup (a page's meta description, a feed's
 * summary): links and images give their text, the marks of headings, quotes, lists, emphasis and code go, and runs
 * of white space become one space.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`|~~)(\S.*?\S|\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}
