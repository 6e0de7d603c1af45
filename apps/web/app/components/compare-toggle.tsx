import { toggleCompare, useInTray } from '../lib/compare-tray-store';
import { COMPARE_TOGGLE_TEXT } from './compare-toggle-text';

/** The Compare toggle of cards and certification pages: pressed while the certification is in the tray. */
export function CompareToggle({ slug, name }: { slug: string; name: string }) {
  const on = useInTray(slug);
  return (
    <button
      type="button"
      className={`btn btn-sm ${on ? 'btn-secondary' : 'btn-outline-secondary'}`}
      aria-pressed={on}
      aria-label={`${COMPARE_TOGGLE_TEXT} ${name}`}
      onClick={() => toggleCompare({ slug, name })}
    >
      {COMPARE_TOGGLE_TEXT}
    </button>
  );
}
