// What a page's HTML loads for its first render: the one reading of it, for the page-speed gate's budgets
// (scripts/lib/quality-parts.mjs) and for the browser tests that look at a page's scripts (e2e/support/browser.ts).

/**
 * The scripts and stylesheets a page's HTML loads: script src, modulepreload, the addresses the module script
 * preloads once the page has painted (`data-preload`, decision 56), inline module imports, stylesheets. Each as an
 * absolute address against `base`, once.
 */
export function assetsOf(html, base) {
  const js = new Set();
  const css = new Set();
  const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src'));
    else if (tag.startsWith('<script') && attr(tag, 'data-preload')) {
      for (const href of attr(tag, 'data-preload').split(' ')) if (href) js.add(href);
    } else if (rel === 'modulepreload') js.add(attr(tag, 'href'));
    else if (rel === 'stylesheet') css.add(attr(tag, 'href'));
  }
  for (const [, inline] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, src] of inline.matchAll(/\bimport\s*\(?\s*["']([^"']+\.m?js)["']/g)) js.add(src);
  }
  const absolute = (set) => [...set].map((href) => new URL(href, base)).map((u) => `${u.origin}${u.pathname}`);
  return { js: [...new Set(absolute(js))], css: [...new Set(absolute(css))] };
}
