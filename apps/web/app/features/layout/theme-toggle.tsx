import { NAVBAR_TEXT, type Theme } from '@certitude/shared';
import { setTheme, useTheme } from '../../lib/theme';

/** Flips between light and dark and saves the choice (docs/product.md#theme). */
export function ThemeToggle() {
  const dark = useTheme() === 'dark';
  const next: Theme = dark ? 'light' : 'dark';
  const label = dark ? NAVBAR_TEXT.switchToLight : NAVBAR_TEXT.switchToDark;
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      <span aria-hidden="true">{dark ? '\u2600' : '\u263E'}</span>
    </button>
  );
}
