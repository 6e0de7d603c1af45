import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The system Chromium: CHROME_PATH, else Debian's /usr/bin/chromium. Nothing is downloaded. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROME_PATH);

/** Playwright gives every launch a fresh, empty user-data-dir of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}
