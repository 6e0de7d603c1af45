import { DOMAINS, PATHS_TEXT, type PathCertification, type PathMap } from '@certitude/shared';
import { Link } from 'react-router';
import { columnLabel, vendorColours } from './path-layout';
import { OTHERS, type OverviewChip, type PathOverview } from './path-overview-data';

const areaName = (domain: string | null, name: string) =>
  domain === null
    ? PATHS_TEXT.overviewOnly(name)
    : domain === OTHERS
      ? PATHS_TEXT.overviewOthers
      : PATHS_TEXT.overviewWith(DOMAINS.find((d) => d.slug === domain)?.name ?? domain);

/** A cell's chips side by side, in characters (a chip's border and padding count about 3). */
const width = (chips: OverviewChip[]) => chips.reduce((n, c) => n + c.label.length + 3, 0);

/**
 * The wide grid's columns: the levels' names, then each area in proportion to its widest cell, never narrower than
 * 5.5rem, so that a large area wraps its chips in rows instead of running down the page.
 */
const columns = ({ areas }: PathOverview) =>
  `max-content ${areas.map((a) => `minmax(5.5rem, ${Math.max(8, ...a.cells.map(width))}fr)`).join(' ')}`;

function Chip({
  chip,
  cert,
  colour,
  held,
}: {
  chip: OverviewChip;
  cert: PathCertification;
  colour: number;
  held: boolean;
}) {
  const full = chip.label === cert.name ? '' : `: ${cert.name}`;
  return (
    <li>
      <Link
        to={`/certification/${cert.slug}`}
        className={`path-chip path-vendor-${colour}${held ? ' path-chip-held' : ''}`}
        title={`${cert.name} (${cert.vendor})`}
      >
        {chip.label}
        <span className="visually-hidden">
          {full}, {cert.vendor}
          {held ? `, ${PATHS_TEXT.youHoldThis}` : ''}
        </span>
      </Link>
    </li>
  );
}

/**
 * The domain's overview above its map (docs/product.md#paths-pages): rows are levels, columns sub-areas, each
 * certification a chip in its vendor's colour linking to its page. On a phone the columns stack, each with its levels.
 * Rendered on the server like the map; the member's held certifications are ticked once known.
 */
export function PathOverviewGrid({
  name,
  map,
  overview,
  held,
}: {
  name: string;
  map: PathMap;
  overview: PathOverview;
  held: ReadonlySet<number>;
}) {
  const certs = new Map(map.nodes.map((n) => [n.certification.id, n.certification]));
  const colour = vendorColours(map.nodes.map((n) => n.certification.vendor));
  const { levels, areas } = overview;
  return (
    <section className="mb-4" aria-labelledby="path-overview-title" data-testid="path-overview">
      <h2 id="path-overview-title" className="h4 mb-1">
        {PATHS_TEXT.overviewTitle}
      </h2>
      <p className="small text-body-secondary mb-2">{PATHS_TEXT.overviewIntro(name)}</p>
      <div
        className="path-overview"
        style={{ '--ov-columns': columns(overview), '--ov-levels': levels.length } as React.CSSProperties}
      >
        <div className="path-ov-levels" aria-hidden="true">
          <span className="path-ov-head">{PATHS_TEXT.overviewLevels}</span>
          {levels.map((l) => (
            <span key={l} className="path-ov-level-name">
              {columnLabel(l)}
            </span>
          ))}
        </div>
        {areas.map((area) => {
          const title = areaName(area.domain, name);
          return (
            <section key={area.domain ?? ''} className="path-ov-area" aria-label={title} data-area={area.domain ?? ''}>
              <h3 className="path-ov-head">{title}</h3>
              {area.cells.map((chips, i) => (
                <div key={levels[i]} className={chips.length === 0 ? 'path-ov-cell is-empty' : 'path-ov-cell'}>
                  {chips.length > 0 && (
                    <>
                      <p className="path-ov-cell-level">{columnLabel(levels[i]!)}</p>
                      <ul aria-label={PATHS_TEXT.overviewCell(title, columnLabel(levels[i]!))}>
                        {chips.map((chip) => {
                          const cert = certs.get(chip.id);
                          if (!cert) return null;
                          const c = colour.get(cert.vendor) ?? 0;
                          return <Chip key={chip.id} chip={chip} cert={cert} colour={c} held={held.has(chip.id)} />;
                        })}
                      </ul>
                    </>
                  )}
                </div>
              ))}
            </section>
          );
        })}
      </div>
    </section>
  );
}
