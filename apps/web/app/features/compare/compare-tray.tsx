import { COMPARE_TEXT } from '@certitude/shared';
import { Link, useLocation } from 'react-router';
import { clearTray, toggleCompare, TRAY_MAX, useCompareTray, useTrayRefused } from '../../lib/compare-tray-store';
import './compare-tray.css';

/**
 * The comparison tray (docs/product.md#comparison): a bar at the bottom of every page while it holds something,
 * with the picked certifications, 'Compare now' from two of them, and Clear. Loaded only when needed. Not on the
 * comparison page itself, whose table it would cover and which shows the picks itself.
 */
export default function CompareTray() {
  const items = useCompareTray();
  const refused = useTrayRefused();
  const { pathname } = useLocation();
  if (items.length === 0 || pathname === '/compare') return null;
  const href = `/compare?c=${items.map((i) => encodeURIComponent(i.slug)).join(',')}`;
  return (
    <>
      <div className="compare-tray-spacer" aria-hidden="true" />
      <aside className="compare-tray bg-body border-top shadow-lg py-2" aria-label={COMPARE_TEXT.tray}>
        <div className="container d-flex flex-wrap align-items-center gap-2">
          <span className="fw-semibold small">{COMPARE_TEXT.trayCount(items.length, TRAY_MAX)}</span>
          <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0">
            {items.map((i) => (
              <li
                key={i.slug}
                className="badge bg-body-secondary text-body border d-flex align-items-center gap-1 compare-tray-item"
              >
                <span className="text-truncate">{i.name}</span>
                <button
                  type="button"
                  className="btn-close compare-tray-remove"
                  aria-label={COMPARE_TEXT.removeFromComparison(i.name)}
                  onClick={() => toggleCompare(i)}
                />
              </li>
            ))}
          </ul>
          {refused && (
            <span role="status" className="small text-danger-emphasis">
              {COMPARE_TEXT.full}
            </span>
          )}
          <div className="ms-auto d-flex align-items-center gap-2">
            {items.length >= 2 ? (
              <Link className="btn btn-sm btn-primary" to={href}>
                {COMPARE_TEXT.compareNow}
              </Link>
            ) : (
              <span className="small text-body-secondary">{COMPARE_TEXT.pickOneMore}</span>
            )}
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={clearTray}>
              {COMPARE_TEXT.clear}
            </button>
          </div>
        </div>
      </aside>
    </>
  );
}
