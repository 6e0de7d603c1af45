import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -999, End: 999 };

/**
 * The vendor buttons are one tab stop, the chosen one (else All): the arrow keys, Home and End move along the
 * buttons on screen (docs/product.md#keyboard).
 */
export function moveAlongRow(e: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...e.currentTarget.querySelectorAll('button')].filter((b) => b.offsetParent);
  const at = buttons.indexOf(e.target as HTMLButtonElement);
  const step = STEPS[e.key];
  if (!step || at < 0) return;
  e.preventDefault();
  buttons[Math.max(0, Math.min(buttons.length - 1, at + step))]!.focus();
}
