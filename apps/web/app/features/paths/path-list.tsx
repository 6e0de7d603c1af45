import { compareText, PATHS_TEXT, type PathCertification, type PathEdge, type PathMap } from '@certitude/shared';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { COLUMN_ORDER, columnLabel, columnOf, type ColumnKey } from './path-layout';

interface Step {
  certification: PathCertification;
  edge: PathEdge;
}

/** How an edge reads beside the certification at its other end. */
function kindText(edge: PathEdge, seenFrom: 'to' | 'from'): string {
  if (edge.kind === 'REQUIRED') return PATHS_TEXT.required;
  if (edge.kind === 'RECOMMENDED') return PATHS_TEXT.recommended;
  return seenFrom === 'to' ? PATHS_TEXT.takenBefore(edge.weight) : PATHS_TEXT.takenNext(edge.weight);
}

function Steps({ label, steps, seenFrom }: { label: string; steps: Step[]; seenFrom: 'to' | 'from' }) {
  if (steps.length === 0) return null;
  return (
    <p className="mb-0 small">
      <span className="fw-semibold">{label}:</span>{' '}
      {steps.map((s, i) => (
        <Fragment key={`${s.certification.id}-${s.edge.kind}`}>
          {i > 0 && '; '}
          <Link to={`/certification/${s.certification.slug}`}>{s.certification.name}</Link> (
          {kindText(s.edge, seenFrom)})
        </Fragment>
      ))}
    </p>
  );
}

const byName = (a: { certification: PathCertification }, b: { certification: PathCertification }) =>
  compareText(a.certification.name, b.certification.name);

/**
 * The map's content as nested lists (docs/product.md#paths-pages): each level, its certifications as links, and for
 * each what it builds on and what it leads to, with the kind of each step. The member's held ones are marked.
 */
export function PathList({ map, held }: { map: PathMap; held: ReadonlySet<number> }) {
  const certs = new Map(map.nodes.map((n) => [n.certification.id, n.certification]));
  const before = new Map<number, Step[]>();
  const after = new Map<number, Step[]>();
  for (const edge of map.edges) {
    const from = certs.get(edge.from);
    const to = certs.get(edge.to);
    if (!from || !to || from.id === to.id) continue;
    before.set(to.id, [...(before.get(to.id) ?? []), { certification: from, edge }]);
    after.set(from.id, [...(after.get(from.id) ?? []), { certification: to, edge }]);
  }
  const columns = new Map<ColumnKey, PathMap['nodes']>();
  for (const node of map.nodes) {
    const key = columnOf(node.level);
    columns.set(key, [...(columns.get(key) ?? []), node]);
  }
  return (
    <ul className="list-unstyled path-list" data-testid="path-list">
      {COLUMN_ORDER.filter((key) => columns.has(key)).map((key) => {
        const nodes = [...columns.get(key)!].sort(byName);
        return (
          <li key={key} className="mb-4">
            <h3 className="h6 text-uppercase text-body-secondary" id={`path-level-${key}`}>
              {columnLabel(key)} <span className="fw-normal">({nodes.length})</span>
            </h3>
            <ul className="list-unstyled path-list-level" aria-labelledby={`path-level-${key}`}>
              {nodes.map(({ certification: c }) => {
                const isHeld = held.has(c.id);
                return (
                  <li key={c.id} className={isHeld ? 'path-list-item path-list-held' : 'path-list-item'} data-id={c.id}>
                    <Link to={`/certification/${c.slug}`} className="fw-semibold">
                      {c.name}
                    </Link>{' '}
                    <span className="text-body-secondary small">
                      {c.certCode} · {c.vendor}
                    </span>
                    {isHeld && <span className="badge text-bg-success ms-2">{PATHS_TEXT.youHoldThis}</span>}
                    <Steps label={PATHS_TEXT.buildsOn} steps={(before.get(c.id) ?? []).sort(byName)} seenFrom="to" />
                    <Steps label={PATHS_TEXT.leadsTo} steps={(after.get(c.id) ?? []).sort(byName)} seenFrom="from" />
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
