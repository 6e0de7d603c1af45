import { compareText, PATHS_TEXT, type CertLevel, type PathEdgeKind } from '@certitude/shared';
import { LEVEL_LABELS } from '../../lib/fact-labels';

/**
 * The shapes and figures of a domain's map (docs/product.md#paths-pages) that both the server's layout
 * (path-layout.server.ts, elkjs) and the page's drawing (path-map-svg.tsx) read. Nothing here runs the layout.
 */

/** A map's column: one per level, then the certifications whose level is not set. */
export type ColumnKey = CertLevel | 'NONE';

/** The columns from left to right: foundational to expert, then specialty, then "Level not set". */
export const COLUMN_ORDER: readonly ColumnKey[] = [
  'FOUNDATIONAL',
  'ASSOCIATE',
  'PROFESSIONAL',
  'EXPERT',
  'SPECIALTY',
  'NONE',
];

export const columnOf = (level: CertLevel | null): ColumnKey => level ?? 'NONE';

export const columnLabel = (key: ColumnKey): string => (key === 'NONE' ? PATHS_TEXT.levelNotSet : LEVEL_LABELS[key]);

/** Every node has one size, so the layout needs no measuring of text (the names wrap by `wrapName`). */
export const NODE_WIDTH = 224;
export const NODE_HEIGHT = 64;
/** The band above the nodes that holds the columns' headings. */
export const HEADER_HEIGHT = 44;

interface PlacedNode {
  /** The certification's id. */
  id: number;
  x: number;
  y: number;
}

interface PlacedEdge {
  from: number;
  to: number;
  kind: PathEdgeKind;
  weight: number;
  /** SVG path data from `from`'s side to `to`'s, as the layout routed it. */
  d: string;
}

export interface PlacedColumn {
  key: ColumnKey;
  x: number;
  width: number;
}

/** What the server's layout sends to the page: positions only; the certifications come with the map itself. */
export interface PathLayout {
  width: number;
  height: number;
  columns: PlacedColumn[];
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/**
 * A name cut into at most `lines` lines of at most `width` characters, at spaces where it can be, the last one
 * ending with an ellipsis when the name does not fit. SVG text does not wrap by itself; the figures suit
 * NODE_WIDTH at the node's font size (12px, paths.css).
 */
export function wrapName(name: string, width = 28, lines = 2): string[] {
  const out: string[] = [];
  let line = '';
  const words = name.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!;
    while (word.length > width) {
      // A word longer than a line is cut.
      if (line) {
        out.push(line);
        line = '';
      }
      out.push(word.slice(0, width));
      word = word.slice(width);
    }
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) {
      line = next;
      continue;
    }
    out.push(line);
    line = word;
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  const last = kept[lines - 1]!;
  kept[lines - 1] = `${last.length >= width ? last.slice(0, width - 1).trimEnd() : last}…`;
  return kept;
}

/** A COMMON_NEXT edge's stroke width: thicker with more members, from 1.5 (3 members) to at most 7. */
export function commonNextWidth(members: number): number {
  return Math.min(7, Math.round((1.5 + Math.log2(Math.max(1, members / 3)) * 1.5) * 10) / 10);
}

/** Vendors with a colour of their own on a map (paths.css: .path-vendor-0 to -8); the others share .path-vendor-9. */
const VENDOR_COLOURS = 9;
/** The colour that the vendors without one of their own share. */
export const OTHER_VENDORS = VENDOR_COLOURS;

/**
 * The colour of each vendor on one map: the VENDOR_COLOURS vendors with the most certifications on it each get
 * their own (ties by name), every other vendor the shared one, so that no two colours on a map are alike.
 */
export function vendorColours(vendors: readonly string[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const v of vendors) count.set(v, (count.get(v) ?? 0) + 1);
  const ranked = [...count.keys()].sort((a, b) => count.get(b)! - count.get(a)! || compareText(a, b));
  return new Map(ranked.map((v, i) => [v, Math.min(i, OTHER_VENDORS)]));
}
