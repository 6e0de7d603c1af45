import type { Theme } from '@certitude/shared';
import { setTheme, useTheme } from '../../lib/theme';

/** Flips between light and dark and saves the choice (docs/product.md#theme). */
export function ThemeToggle() {
  const theme = useTheme();
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm theme-toggle"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setTheme(next)}
    >
      <span aria-hidden="true">{theme === 'dark' ? '\u2600' : '\u263E'}</span>
    </button>
  );
}
