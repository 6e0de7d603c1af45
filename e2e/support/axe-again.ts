import axe from 'axe-core';
import type { Theme } from '@certitude/shared';
import type { Page } from 'playwright-core';
import type { A11yReport } from './a11y.js';

/**
 * The audit of checkA11y (support/a11y.ts), the same `axe.run` with the same options and the same report, for a
 * test that audits one document more than once (one screen in both themes): axe-core goes into the document
 * only when it is not there yet, instead of being parsed again (half a megabyte of script) before every run.
 */
export async function checkA11yAgain(page: Page, opts: { include?: string } = {}): Promise<A11yReport> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (include) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(
      include ? { include: [include] } : document,
      {
        resultTypes: ['violations'],
      },
    );
    return {
      passes: results.passes.length,
      ruleIds: [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
        (r) => r.id,
      ),
      violations: results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      })),
    };
  }, opts.include ?? null);
}

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
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  return true;
}
