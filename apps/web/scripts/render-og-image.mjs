// Renders og-image.svg to apps/web/public/og-image.png (1200x630) with the system Chromium, so that the share
// image can be regenerated after a design change: `node apps/web/scripts/render-og-image.mjs`. The PNG is
// committed: link previews (Open Graph, Twitter) do not accept SVG.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import chromiumSetup from '../../../scripts/chromium.json' with { type: 'json' };

const source = fileURLToPath(new URL('./og-image.svg', import.meta.url));
const target = fileURLToPath(new URL('../public/og-image.png', import.meta.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? chromiumSetup.path,
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  const svg = readFileSync(source, 'utf8');
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  const png = await page.locator('svg').screenshot({ type: 'png', omitBackground: false });
  writeFileSync(target, png);
  console.log(`wrote ${target} (${png.length} bytes)`);
} finally {
  await browser.close();
}
