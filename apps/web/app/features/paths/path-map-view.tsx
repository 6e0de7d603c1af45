import { PATHS_TEXT, type PathMap } from '@certitude/shared';
import { usePanZoom } from './pan-zoom';
import { PathLegend } from './path-legend';
import { PathMapSvg } from './path-map-svg';
import type { PathLayout } from './path-layout';

/** The container's height: the map's own when it is short, else most of the window (paths.css). */
const FRAME = 2;

/**
 * The map of a domain with its controls and legend (docs/product.md#paths-pages). The container takes the focus (a ring
 * shows it): arrow keys move the map, + and - zoom, 0 resets; the mouse drags and its wheel zooms; on a touch screen
 * one finger drags and two pinch. Before the page's script runs, the container simply scrolls.
 */
export function PathMapView({
  name,
  map,
  layout,
  held,
}: {
  name: string;
  map: PathMap;
  layout: PathLayout;
  held: ReadonlySet<number>;
}) {
  const { containerRef, svgRef, ready, dragging, handlers, zoomIn, zoomOut, reset } = usePanZoom(layout);
  const vendors = map.nodes.map((n) => n.certification.vendor);
  const hintId = 'path-map-hint';
  return (
    <div className="path-map-wrap">
      {/* Shown once the controls work: hidden, they keep their room, so nothing moves when they appear. */}
      <div className={`d-flex flex-wrap align-items-center gap-2 mb-2${ready ? '' : ' invisible'}`}>
        <div className="btn-group btn-group-sm" role="group" aria-label={PATHS_TEXT.mapControls}>
          <button type="button" className="btn btn-outline-secondary" onClick={zoomIn} aria-label={PATHS_TEXT.zoomIn}>
            <span aria-hidden="true">+</span>
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={zoomOut} aria-label={PATHS_TEXT.zoomOut}>
            <span aria-hidden="true">−</span>
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={reset}>
            {PATHS_TEXT.resetView}
          </button>
        </div>
        <span id={hintId} className="small text-body-secondary">
          {PATHS_TEXT.mapHint}
        </span>
      </div>
      <div
        ref={containerRef}
        className={`path-map${ready ? ' is-interactive' : ''}${dragging ? ' is-dragging' : ''}`}
        style={{ height: `min(70vh, ${layout.height + FRAME}px)` }}
        tabIndex={0}
        role="group"
        aria-label={PATHS_TEXT.mapLabel(name)}
        aria-describedby={ready ? hintId : undefined}
        data-testid="path-map"
        {...(ready ? handlers : {})}
      >
        <PathMapSvg map={map} layout={layout} held={held} svgRef={svgRef} />
      </div>
      <PathLegend vendors={vendors} showHeld={held.size > 0} />
    </div>
  );
}
