import { compareText, type PathMap } from '@certitude/shared';
import { COLUMN_ORDER, columnOf, type ColumnKey } from './path-layout';

/**
 * The one-screen overview of a domain above its map (docs/product.md#paths-pages), worked out by the page's loader on
 * the server: every certification of the map as a chip, placed by level (rows, foundational at the top) and by
 * sub-area (columns): the other domain it belongs to, or this domain alone. The page receives the grouping and a
 * short label per chip; names, vendors and links come with the map.
 */

export interface OverviewChip {
  id: number;
  /** What the chip shows: an acronym, a short name or the exam code (`chipLabel`). */
  label: string;
}

interface OverviewArea {
  /** The other domain's slug; null for the certifications of this domain alone, OTHERS for the small areas merged. */
  domain: string | null;
  /** One cell per level of the overview, in its order; a cell may be empty (the grid keeps its rows aligned). */
  cells: OverviewChip[][];
}

export interface PathOverview {
  /** The levels that hold at least one certification, foundational first. */
  levels: ColumnKey[];
  areas: OverviewArea[];
}

/** An area with fewer certifications than this joins the others' column, so that the overview stays one screen wide. */
const SMALL_AREA = 3;
/** At most this many shared domains get a column of their own (the largest); the others share one. */
const WIDE_AREAS = 6;
export const OTHERS = '*';

/** What a certification needs to be placed and labelled; the cached public list has it. */
export interface OverviewFacts {
  id: number;
  name: string;
  vendor: string;
  certCode: string;
  aliases: readonly string[];
  domains: readonly string[];
}

const ACRONYM = /\(([^()]{2,16})\)\s*$/;
const SHORT_ALIAS = 12;
const SHORT_NAME = 22;
const SHORT_CODE = 14;
const LONG_ALIAS = 20;

/**
 * A chip's text, short enough to read at a glance: the acronym the name ends with ("CISSP"), else a short alias
 * ("Sec+"), else the name without its vendor ("NSE 4", "Vault Associate") when short, else the exam code ("SC-200"),
 * else a longer alias ("NetSec Professional"), else the shortened name.
 */
export function chipLabel(c: Pick<OverviewFacts, 'name' | 'vendor' | 'certCode' | 'aliases'>): string {
  const acronym = ACRONYM.exec(c.name)?.[1];
  if (acronym) return acronym.trim();
  const alias = c.aliases.find((a) => a.length <= SHORT_ALIAS);
  if (alias) return alias;
  let name = c.name.startsWith(`${c.vendor} `) ? c.name.slice(c.vendor.length + 1) : c.name;
  name = name.replace(/^.*\bCertified:\s*/, '');
  if (name.length <= SHORT_NAME) return name;
  if (c.certCode && c.certCode.length <= SHORT_CODE) return c.certCode;
  const longer = c.aliases.find((a) => a.length <= LONG_ALIAS);
  if (longer) return longer;
  return `${name.slice(0, SHORT_NAME - 1).trimEnd()}…`;
}

/**
 * Places every node of `map` (a map of `domain`): its sub-area is the other domain it shares that holds most of the
 * map's certifications (ties in the taxonomy's order `domainOrder`), or none. Areas: this domain alone first, then
 * the others by size; those under SMALL_AREA, and those beyond the WIDE_AREAS largest, are merged into OTHERS when
 * more than one is. Within a cell, by vendor
 * and name. A node missing from `facts` (not in the public list) is placed alone, labelled by its name.
 */
export function pathOverview(
  domain: string,
  map: PathMap,
  facts: ReadonlyMap<number, OverviewFacts>,
  domainOrder: readonly string[],
): PathOverview {
  const others = (id: number) => (facts.get(id)?.domains ?? []).filter((d) => d !== domain);
  const size = new Map<string, number>();
  for (const n of map.nodes) for (const d of others(n.certification.id)) size.set(d, (size.get(d) ?? 0) + 1);
  const rank = (d: string) => [-(size.get(d) ?? 0), domainOrder.indexOf(d)] as const;
  const areaOf = new Map<number, string | null>();
  for (const n of map.nodes) {
    const [best] = others(n.certification.id).sort((a, b) => {
      const [ra, rb] = [rank(a), rank(b)];
      return ra[0] - rb[0] || ra[1] - rb[1];
    });
    areaOf.set(n.certification.id, best ?? null);
  }
  const count = new Map<string | null, number>();
  for (const a of areaOf.values()) count.set(a, (count.get(a) ?? 0) + 1);
  const shared = [...count]
    .filter(([a]) => a !== null)
    .sort(([a, m], [b, n]) => n - m || domainOrder.indexOf(a!) - domainOrder.indexOf(b!));
  const merged = shared.filter(([, n], i) => n < SMALL_AREA || i >= WIDE_AREAS).map(([a]) => a);
  if (merged.length > 1) for (const [id, a] of areaOf) if (merged.includes(a)) areaOf.set(id, OTHERS);

  const levels = COLUMN_ORDER.filter((k) => map.nodes.some((n) => columnOf(n.level) === k));
  const byArea = new Map<string | null, OverviewChip[][]>();
  const sorted = [...map.nodes].sort(
    (a, b) =>
      compareText(a.certification.vendor, b.certification.vendor) ||
      compareText(a.certification.name, b.certification.name),
  );
  for (const n of sorted) {
    const area = areaOf.get(n.certification.id) ?? null;
    const cells = byArea.get(area) ?? levels.map(() => []);
    byArea.set(area, cells);
    const f = facts.get(n.certification.id);
    const label = f ? chipLabel(f) : n.certification.name;
    cells[levels.indexOf(columnOf(n.level))]!.push({ id: n.certification.id, label });
  }
  const total = (cells: OverviewChip[][]) => cells.reduce((sum, c) => sum + c.length, 0);
  const place = (a: string | null) => (a === null ? 0 : a === OTHERS ? 2 : 1);
  const areas = [...byArea]
    .sort(
      ([a, ca], [b, cb]) =>
        place(a) - place(b) || total(cb) - total(ca) || domainOrder.indexOf(a ?? '') - domainOrder.indexOf(b ?? ''),
    )
    .map(([a, cells]) => ({ domain: a, cells }));
  return { levels, areas };
}
