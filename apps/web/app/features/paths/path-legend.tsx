import { PATHS_TEXT, type PathEdgeKind } from '@certitude/shared';
import { commonNextWidth, OTHER_VENDORS, vendorColours } from './path-layout';

function EdgeSample({ kind }: { kind: PathEdgeKind }) {
  return (
    <svg width="44" height="14" viewBox="0 0 44 14" aria-hidden="true" focusable="false" className="path-legend-sample">
      <path
        d="M2 7 H34"
        className={`path-edge path-edge-${kind}`}
        strokeWidth={kind === 'COMMON_NEXT' ? commonNextWidth(12) : 2}
      />
      <path d="M32 2 L42 7 L32 12 z" className={`path-arrow path-arrow-${kind}`} />
    </svg>
  );
}

/** What the map's lines, marks and colours mean (docs/product.md#paths-pages); `vendors` has each node's vendor. */
export function PathLegend({ vendors, showHeld }: { vendors: string[]; showHeld: boolean }) {
  const colours = vendorColours(vendors);
  const own = [...colours].filter(([, c]) => c < OTHER_VENDORS).map(([v]) => v);
  const others = colours.size > own.length;
  return (
    <div className="path-legend small mt-2" data-testid="path-legend">
      <h2 className="visually-hidden">{PATHS_TEXT.legendTitle}</h2>
      <ul className="list-inline mb-1">
        <li className="list-inline-item me-3">
          <EdgeSample kind="REQUIRED" /> {PATHS_TEXT.legendRequired}
        </li>
        <li className="list-inline-item me-3">
          <EdgeSample kind="RECOMMENDED" /> {PATHS_TEXT.legendRecommended}
        </li>
        <li className="list-inline-item me-3">
          <EdgeSample kind="COMMON_NEXT" /> {PATHS_TEXT.legendCommonNext}
        </li>
        {showHeld && (
          <li className="list-inline-item me-3">
            <span className="path-legend-held" aria-hidden="true" /> {PATHS_TEXT.legendHeld}
          </li>
        )}
      </ul>
      {own.length > 0 && (
        <p className="mb-0">
          <span className="fw-semibold">{PATHS_TEXT.legendVendors}:</span>{' '}
          {own.map((v) => (
            <span key={v} className={`path-vendor-${colours.get(v)} me-2 text-nowrap`}>
              <span className="path-legend-swatch" aria-hidden="true" />
              {v}
            </span>
          ))}
          {others && (
            <span className={`path-vendor-${OTHER_VENDORS} text-nowrap`}>
              <span className="path-legend-swatch" aria-hidden="true" />
              {PATHS_TEXT.legendOtherVendors}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
