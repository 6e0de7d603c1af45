import type { User } from '@certitude/shared';
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { CertificationCard } from './certification-card';
import { CATALOGUE_TEXT } from './catalogue-text';
import type { ListedCertification } from './listed-certification';

/**
 * The card grid, rendered once per list. Filtering does not render it again: a layout effect flips the
 * `hidden` attribute of the cells whose visibility changed, so a keystroke over 2,000 certifications costs
 * one pass over an array and a few attribute writes, not 2,000 component renders. `shownAtFirst` gives the
 * server render and hydration the same cells hidden (a search given in the address); null shows every cell (a
 * paged list, which the server filtered). Only the first `count` cells are rendered (useGrowingCount).
 */
export const Grid = memo(function Grid({
  certifications,
  count,
  shownAtFirst,
  listRef,
  user,
}: {
  certifications: ListedCertification[];
  count: number;
  user: User | null;
  shownAtFirst: ReadonlySet<number> | null;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  return (
    <ul ref={listRef} id="results" tabIndex={-1} className="row g-3 list-unstyled" aria-label={CATALOGUE_TEXT.grid}>
      {certifications.slice(0, count).map((c, i) => (
        <Cell
          key={c.id}
          cert={c}
          user={user}
          hidden={shownAtFirst ? !shownAtFirst.has(c.id) : false}
          atEnd={i >= certifications.length - DRAWN_AT_END}
        />
      ))}
    </ul>
  );
});

/**
 * The cells at the end of the list that are always drawn (catalogue.css, `.results-end`). Marked by their place in
 * the whole list, not by a selector counting from the last child: such a selector would restyle every cell each time
 * the growing grid adds some.
 */
const DRAWN_AT_END = 9;

/** One cell; memoized, so that the grid's growth renders only the new cells. */
const Cell = memo(function Cell({
  cert,
  user,
  hidden,
  atEnd,
}: {
  cert: ListedCertification;
  user: User | null;
  hidden: boolean;
  atEnd: boolean;
}) {
  return (
    <li className={`col-12 col-md-6 col-xl-4${atEnd ? ' results-end' : ''}`} hidden={hidden}>
      <CertificationCard cert={cert} user={user} />
    </li>
  );
});

/**
 * The server render and hydration hold this many shown cells (a phone's first screens and a desktop's first
 * rows); the rest follow in steps of `GRID_STEP` while the browser is idle, so hydrating the page does not
 * block it for every card of a long catalogue (docs/decisions/0023-home-grid-in-steps.md).
 */
export const GRID_FIRST_CELLS = 12;
const GRID_STEP = 12;

/** How many cells the first render holds: the prefix of the list that contains the first GRID_FIRST_CELLS shown ones. */
export function firstCellCount(mask: readonly boolean[]): number {
  let shown = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] && ++shown === GRID_FIRST_CELLS) return i + 1;
  }
  return mask.length;
}

/**
 * A count that starts at `first` and grows by GRID_STEP per idle moment until it reaches `total`. Each step is a
 * transition, so a keystroke or a click is never queued behind it.
 */
export function useGrowingCount(first: number, total: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const step = () => startTransition(() => setCount((c) => Math.max(c, Math.min(total, c + GRID_STEP))));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(step, { timeout: 200 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(step, 16);
    return () => clearTimeout(id);
  }, [count, total]);
  return Math.min(count, total);
}

/**
 * Keeps the grid's `hidden` attributes in step with `mask` (see Grid), and marks the list with the search it
 * answers once every cell is in.
 */
export function useGridVisibility(mask: readonly boolean[], shownFor: string, count: number) {
  const listRef = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const ul = listRef.current;
    if (!ul) return;
    const cells = ul.children;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as HTMLElement;
      const hidden = !mask[i];
      if (cell.hidden !== hidden) cell.hidden = hidden;
    }
    // The search the grid answers now, once every cell is in: tests and the keystroke benchmark wait for it.
    if (cells.length === mask.length) ul.dataset.shownFor = shownFor;
    else delete ul.dataset.shownFor;
  }, [mask, shownFor, count]);
  return listRef;
}
