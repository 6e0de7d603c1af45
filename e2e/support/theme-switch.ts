import type { Theme } from '@certitude/shared';
import type { Page } from 'playwright-core';
import { settled } from './a11y.js';

/**
 * Switches an open page to `theme` the way the app does it, without a reload: through the navbar's theme
 * toggle (its click handler saves the choice and sets `data-bs-theme`, which is all the theme is: the styles
 * hang on that attribute, docs/product.md#theme). The click is dispatched to the toggle rather than made with
 * the mouse, so that focus, hover and an open dialog stay as they were. With `systemPreference` (the default),
 * the system preference is emulated to match, as for a page that opened in a context of that colour scheme.
 * Resolves once the page shows the theme and no colour transition is running (so colours are measured as they
 * end up); false when the page shows no toggle, which must then be opened again in that theme.
 */
export async function switchTheme(
  page: Page,
  theme: Theme,
  { systemPreference = true }: { systemPreference?: boolean } = {},
): Promise<boolean> {
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme`, includeHidden: true });
  if ((await toggle.count()) !== 1) return false;
  if (systemPreference) await page.emulateMedia({ colorScheme: theme });
  await toggle.dispatchEvent('click');
  await page.waitForFunction((t) => document.documentElement.getAttribute('data-bs-theme') === t, theme);
  await settled(page);
  return true;
}
