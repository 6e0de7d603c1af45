import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_TYPE, scriptsAfterPaint } from './scripts-after-paint';

const NONCE = 'abc123';
const preload = (href: string) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`;
const MODULE_TEXT = ';\nimport * as route0 from "/assets/root-1.js";\nwindow.__reactRouterManifest = {"é": "ü"};\n';
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Certitude</title>' +
  '<link rel="stylesheet" href="/assets/shell-1.css"/>' +
  preload('/assets/entry.client-1.js') +
  preload('/assets/root-1.js') +
  preload('/assets/entry.client-1.js') +
  preload('/assets/home-1.js') +
  '</head><body><main><h1>Top Technology Certifications — ✓</h1><p>Café</p></main>' +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE_TEXT}</script>` +
  `<script nonce="${NONCE}">$RC("B:0","S:0")</script></body></html>`;

/** The page written through the rewrite in chunks of `size` bytes, as React's stream may cut it. */
async function rewrite(page: string, size = page.length): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(scriptsAfterPaint()));
}

describe('scripts asked for after the first paint', () => {
  it('takes the preloads out of the head and makes the module script wait, keeping its text and addresses', async () => {
    const out = await rewrite(PAGE);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" href="/assets/shell-1.css"/>');
    expect(out).toContain(
      `<script nonce="${NONCE}" type="${AFTER_PAINT_TYPE}" data-preload="/assets/entry.client-1.js /assets/root-1.js /assets/home-1.js">${MODULE_TEXT}</script>`,
    );
    expect(out).not.toContain('type="module"');
    // The starter follows the inert script, with the page's nonce; the rest of the page is untouched.
    expect(out).toMatch(new RegExp(`${AFTER_PAINT_TYPE}[^]*?</script><script nonce="${NONCE}">\\(function\\(\\)`));
    expect(out).toContain('<main><h1>Top Technology Certifications — ✓</h1><p>Café</p></main>');
    expect(out.endsWith(`<script nonce="${NONCE}">$RC("B:0","S:0")</script></body></html>`)).toBe(true);
  });

  it('writes the same page however the stream is cut, characters of several bytes included', async () => {
    const whole = await rewrite(PAGE);
    for (const size of [1, 2, 3, 7, 16, 64, 100, 333])
      expect(await rewrite(PAGE, size), `chunks of ${size}`).toBe(whole);
  });

  it('passes a page without a module script through as it is', async () => {
    const page = '<!DOCTYPE html><html><head><title>x</title></head><body><p>Not found</p></body></html>';
    expect(await rewrite(page, 5)).toBe(page);
    expect(await rewrite('<p>no head</p>')).toBe('<p>no head</p>');
  });
});
