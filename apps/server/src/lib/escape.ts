/** Text made safe inside HTML or XML markup: character data and quoted attribute values. */

const COMMON: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** For HTML pages and emails (`'` as `&#39;`, which every HTML reader knows). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => COMMON[c] ?? '&#39;');
}

/** For XML documents (feeds, the sitemap): `'` as `&apos;`. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => COMMON[c] ?? '&apos;');
}
