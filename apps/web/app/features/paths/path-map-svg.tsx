import { PATH_EDGE_KINDS, type PathCertification, type PathMap } from '@certitude/shared';
import { memo, type Ref } from 'react';
import { Link } from 'react-router';
import {
  columnLabel,
  commonNextWidth,
  HEADER_HEIGHT,
  NODE_HEIGHT,
  NODE_WIDTH,
  vendorColours,
  wrapName,
  type PathLayout,
} from './path-layout';

const STRIPE = 6;
/** The second line of a node: exam code and vendor, cut to fit. */
const META_WIDTH = 32;

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1).trimEnd()}…` : text);

/**
 * A domain's map as SVG, drawn from the server's layout (docs/product.md#paths-pages): the levels as columns, each
 * certification a box in its vendor's colour linking to its page, the edges by kind with arrowheads, the member's
 * held certifications marked. Hidden from assistive technology: the list beside it says the same.
 */
export const PathMapSvg = memo(function PathMapSvg({
  map,
  layout,
  held,
  svgRef,
}: {
  map: PathMap;
  layout: PathLayout;
  held: ReadonlySet<number>;
  svgRef?: Ref<SVGSVGElement>;
}) {
  const certs = new Map<number, PathCertification>(map.nodes.map((n) => [n.certification.id, n.certification]));
  const colour = vendorColours(map.nodes.map((n) => n.certification.vendor));
  return (
    <svg
      ref={svgRef}
      className="path-map-svg"
      xmlns="http://www.w3.org/2000/svg"
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      aria-hidden="true"
      focusable="false"
      data-testid="path-map-svg"
    >
      <defs>
        {PATH_EDGE_KINDS.map((kind) => (
          <marker
            key={kind}
            id={`path-arrow-${kind}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="10"
            markerHeight="10"
            markerUnits="userSpaceOnUse"
            orient="auto"
          >
            <path d="M0 0 L10 5 L0 10 z" className={`path-arrow path-arrow-${kind}`} />
          </marker>
        ))}
      </defs>
      {layout.columns.map((c) => (
        <g key={c.key} className="path-column">
          <rect x={c.x} y={8} width={c.width} height={layout.height - 16} rx={8} className="path-column-band" />
          <text x={c.x + c.width / 2} y={HEADER_HEIGHT - 12} textAnchor="middle" className="path-column-label">
            {columnLabel(c.key)}
          </text>
        </g>
      ))}
      {layout.edges.map((e) => (
        <path
          key={`${e.from}-${e.to}-${e.kind}`}
          d={e.d}
          className={`path-edge path-edge-${e.kind}`}
          markerEnd={`url(#path-arrow-${e.kind})`}
          strokeWidth={e.kind === 'COMMON_NEXT' ? commonNextWidth(e.weight) : 2}
          data-kind={e.kind}
        />
      ))}
      {layout.nodes.map((n) => {
        const c = certs.get(n.id);
        if (!c) return null;
        const isHeld = held.has(n.id);
        const lines = wrapName(c.name);
        return (
          <Link
            key={n.id}
            to={`/certification/${c.slug}`}
            tabIndex={-1}
            className={`path-node path-vendor-${colour.get(c.vendor)}${isHeld ? ' path-node-held' : ''}`}
            data-id={n.id}
          >
            <title>{`${c.name} (${c.certCode}, ${c.vendor})`}</title>
            <rect x={n.x} y={n.y} width={NODE_WIDTH} height={NODE_HEIGHT} rx={6} className="path-node-box" />
            <rect x={n.x} y={n.y} width={STRIPE} height={NODE_HEIGHT} rx={3} className="path-node-stripe" />
            {lines.map((line, i) => (
              <text key={i} x={n.x + STRIPE + 8} y={n.y + 20 + i * 15} className="path-node-name">
                {line}
              </text>
            ))}
            <text x={n.x + STRIPE + 8} y={n.y + NODE_HEIGHT - 10} className="path-node-meta">
              {cut(`${c.certCode} · ${c.vendor}`, META_WIDTH)}
            </text>
            {isHeld && (
              <g className="path-held-mark">
                <circle cx={n.x + NODE_WIDTH - 4} cy={n.y + 4} r={9} />
                <path d={`M${n.x + NODE_WIDTH - 8.5} ${n.y + 4} l3 3 l6 -6`} />
              </g>
            )}
          </Link>
        );
      })}
    </svg>
  );
});
