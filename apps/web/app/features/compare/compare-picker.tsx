import { COMPARE_TEXT, CHOOSER_TEXT } from '@certitude/shared';
import { Link } from 'react-router';
import { CertificationCombobox } from '../../components/certification-combobox';
import { clearTray, toggleCompare, TRAY_MAX, useCompareTray, useTrayRefused } from '../../lib/compare-tray-store';

const SEARCH_ID = 'compare-search';

/**
 * The comparison page without certifications named (/compare, the home page's Compare): how comparing works, a
 * search to pick certifications, and the picks (the same as the tray's, which this page does not show) with
 * 'Compare now' from two of them.
 */
export function ComparePicker() {
  const items = useCompareTray();
  const refused = useTrayRefused();
  const href = `/compare?c=${items.map((i) => encodeURIComponent(i.slug)).join(',')}`;
  return (
    <div className="container py-4 compare-picker">
      <h1 className="h3 mb-3">{COMPARE_TEXT.title}</h1>
      <p>{COMPARE_TEXT.howTo}</p>
      <div className="mb-3 compare-picker-narrow">
        <CertificationCombobox
          label={CHOOSER_TEXT.addToComparison}
          inputId={SEARCH_ID}
          exclude={items.map((i) => i.slug)}
          onChoose={(c) => toggleCompare({ slug: c.slug, name: c.name })}
        />
      </div>
      <h2 className="h6">
        {COMPARE_TEXT.picked} ({items.length}/{TRAY_MAX})
      </h2>
      {items.length === 0 ? (
        <p className="text-body-secondary">{COMPARE_TEXT.nonePicked}</p>
      ) : (
        <ul className="list-group mb-3 compare-picker-narrow" aria-label={COMPARE_TEXT.picked}>
          {items.map((i) => (
            <li key={i.slug} className="list-group-item d-flex align-items-center gap-2">
              <Link to={`/certification/${i.slug}`} className="flex-grow-1">
                {i.name}
              </Link>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={COMPARE_TEXT.removeFromComparison(i.name)}
                onClick={() => {
                  toggleCompare(i);
                  document.getElementById(SEARCH_ID)?.focus();
                }}
              >
                {CHOOSER_TEXT.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {refused && (
        <p role="status" className="small text-danger-emphasis">
          {COMPARE_TEXT.full}
        </p>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        {items.length >= 2 ? (
          <Link className="btn btn-primary" to={href}>
            {COMPARE_TEXT.compareNow}
          </Link>
        ) : (
          <span className="text-body-secondary">{COMPARE_TEXT.pickOneMore}</span>
        )}
        {items.length > 0 && (
          <button type="button" className="btn btn-outline-secondary" onClick={clearTray}>
            {COMPARE_TEXT.clear}
          </button>
        )}
      </div>
    </div>
  );
}
