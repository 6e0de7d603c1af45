import { AxeBuilder } from '@axe-core/playwright';
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
 * Runs axe-core with every rule it ships except the experimental ones (WCAG 2.0-2.2 A and AA, and best
 * practices). AxeBuilder injects axe with page.evaluate, which goes through the DevTools protocol and is not
 * subject to the page's Content-Security-Policy, so our strict script-src needs no bypass.
 */
export async function checkA11y(page: Page, opts: { include?: string } = {}): Promise<A11yReport> {
  // Passes and the like come back with one example node each, not every node checked: the answer of a page
  // with hundreds of cards stays small. Violations keep all their nodes.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (opts.include) builder = builder.include(opts.include);
  const results = await builder.analyze();
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
