import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { watchContext } from './diagnostics.js';

/** The system Chromium: CHROME_PATH, else Debian's /usr/bin/chromium. Nothing is downloaded. */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROME_PATH);

/**
 * Playwright gives every launch a fresh, empty user-data-dir of its own. Every context the browser opens is
 * watched, so that a failed test can tell what its pages did (support/diagnostics.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    headless: true,
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchContext(context);
    return context;
  };
  return browser;
}
