import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface A11yViolation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

export interface A11yReport {
  violations: A11yViolation[];
  /** How many rules passed: proof that axe actually ran on the page. */
  passes: number;
  /** Every rule axe evaluated on the page: passed, violated, incomplete or not applicable. */
  ruleIds: string[];
}

/**
 * The page as it ends up: every dialog faded in and no CSS transition running (a fade, a theme's colour change),
 * so that colours are measured as a reader sees them once the page is still.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('.modal')).every((m) => m.classList.contains('show')) &&
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
}

/**
 * Runs axe-core, once the page has `settled`, with every rule it ships except the experimental ones (WCAG 2.0-2.2 A and AA, and best
 * practices), in one `axe.run` inside the page. The script goes in through page.evaluate, which uses the
 * DevTools protocol and is not subject to the page's Content-Security-Policy, so our strict script-src needs no
 * bypass. (AxeBuilder of @axe-core/playwright runs axe per frame and then merges every frame's partial results in
 * a second page: on the home page's 5,000 elements that hand-over cost about 20 s of the 24, against 4 s for the
 * audit itself. Our pages have no frames, so one run in the page checks the same.)
 */
export async function checkA11y(page: Page, opts: { include?: string; exclude?: string } = {}): Promise<A11yReport> {
  await settled(page);
  // axe-core goes into a document once: a test that audits one document again (a screen in both themes) does not
  // parse its half a megabyte of script a second time.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Passes and the like come back as rule ids only; violations keep all their nodes.
  return page.evaluate(
    async ({ include, exclude }) => {
      // The whole document, or the part `include` names, less what `exclude` names.
      const context: axe.ElementContext = {
        ...(include ? { include: [include] } : {}),
        ...(exclude ? { exclude: [exclude] } : {}),
      } as axe.ElementContext;
      const results = await (window as unknown as { axe: typeof axe }).axe.run(
        include || exclude ? context : document,
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
    },
    { include: opts.include ?? null, exclude: opts.exclude ?? null },
  );
}

/** One line per violation, for an assertion message that says what to fix. */
export function describeViolations(violations: A11yViolation[]): string {
  return violations
    .map((v) => {
      const more = v.targets.length > 5 ? ` and ${v.targets.length - 5} more` : '';
      return `${v.rule} (${v.impact}): ${v.help} -> ${v.targets.slice(0, 5).join(', ')}${more}`;
    })
    .join('\n');
}
