import { compareText, type PathMap } from '@certitude/shared';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import {
  COLUMN_ORDER,
  columnOf,
  HEADER_HEIGHT,
  NODE_HEIGHT,
  NODE_WIDTH,
  type ColumnKey,
  type PathLayout,
  type PlacedColumn,
} from './path-layout';

/**
 * The layout of a domain's map, on the server only (docs/decisions/0026-path-map-layout.md): elkjs's layered
 * algorithm with one partition per level, so that each level is a column from foundational to expert, then
 * specialty, then "Level not set". The `.server` name keeps this module, and elkjs with it, out of every browser
 * bundle; the page receives coordinates only.
 */

type Elk = { layout(graph: ElkNode): Promise<ElkNode> };

let elkLoading: Promise<Elk> | undefined;

/** elkjs (about 1.6 MB of script) is loaded with the first map, not when the server starts. */
function elk(): Promise<Elk> {
  elkLoading ??= import('elkjs/lib/elk.bundled.js').then((m) => {
    const ELK = (m.default ?? m) as unknown as new () => Elk;
    return new ELK();
  });
  return elkLoading;
}

/** Column padding around the nodes, and the gaps the layout keeps. */
const COLUMN_PAD = 12;
const MARGIN = 16;

const LAYOUT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  // One partition per level: partitions are laid out left to right in their order, each in its own layers.
  'elk.partitioning.activate': 'true',
  // Most certifications have no edge: kept in one graph, they still fall in their level's column.
  'elk.separateConnectedComponents': 'false',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '14',
  'elk.layered.spacing.nodeNodeBetweenLayers': '64',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
  // The nodes come sorted by vendor and name: the layout keeps that order where it costs no crossing.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // Linear segments: every column's nodes start at its top (SIMPLE centred short columns, leaving their tops empty).
  'elk.layered.nodePlacement.strategy': 'LINEAR_SEGMENTS',
  // Sparse graphs (most certifications have no edge): the lowest effort finds the same drawing, four times faster.
  'elk.layered.thoroughness': '1',
  'elk.padding': `[top=${HEADER_HEIGHT + MARGIN},left=${MARGIN + COLUMN_PAD},bottom=${MARGIN},right=${MARGIN + COLUMN_PAD}]`,
};

const round = (n: number) => Math.round(n * 10) / 10;

function pathData(edge: ElkExtendedEdge): string {
  const section = edge.sections?.[0];
  if (!section) return '';
  const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
}

/**
 * Each node's connected part of the map (by its edges, either way): its size and the lowest id in it, which names it.
 * A node without edges is a part of size 1.
 */
export function connectedParts(ids: readonly number[], edges: readonly { from: number; to: number }[]) {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const e of edges) {
    const [a, b] = [find(e.from), find(e.to)];
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
  }
  const size = new Map<number, number>();
  for (const id of ids) size.set(find(id), (size.get(find(id)) ?? 0) + 1);
  return new Map(ids.map((id) => [id, { part: find(id), size: size.get(find(id))! }]));
}

/**
 * Lays a map out; edges whose ends are not both on the map are left out. Within each column the nodes come in the
 * most connected parts first (the largest part, then the next), the certifications without an edge last, each by
 * vendor and name: the layout keeps that order where it costs no crossing, so the map's first screen (its top left)
 * shows the connected certifications with their edges, from the foundational ones on.
 */
export async function layoutPathMap(map: PathMap): Promise<PathLayout> {
  const column = new Map<number, ColumnKey>(map.nodes.map((n) => [n.certification.id, columnOf(n.level)]));
  const edges = map.edges.filter((e) => e.from !== e.to && column.has(e.from) && column.has(e.to));
  const parts = connectedParts([...column.keys()], edges);
  const part = (id: number) => parts.get(id)!;
  const nodes = [...map.nodes].sort((a, b) => {
    const [pa, pb] = [part(a.certification.id), part(b.certification.id)];
    return (
      COLUMN_ORDER.indexOf(column.get(a.certification.id)!) - COLUMN_ORDER.indexOf(column.get(b.certification.id)!) ||
      pb.size - pa.size ||
      pa.part - pb.part ||
      compareText(a.certification.vendor, b.certification.vendor) ||
      compareText(a.certification.name, b.certification.name)
    );
  });
  const graph: ElkNode = {
    id: 'map',
    layoutOptions: LAYOUT_OPTIONS,
    children: nodes.map((n) => ({
      id: String(n.certification.id),
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      layoutOptions: { 'elk.partitioning.partition': String(COLUMN_ORDER.indexOf(column.get(n.certification.id)!)) },
    })),
    edges: edges.map((e, i) => ({ id: `e${i}`, sources: [String(e.from)], targets: [String(e.to)] })),
  };
  const laid = await (await elk()).layout(graph);

  const placed = (laid.children ?? []).map((c) => ({ id: Number(c.id), x: round(c.x ?? 0), y: round(c.y ?? 0) }));
  const columns: PlacedColumn[] = [];
  for (const key of COLUMN_ORDER) {
    const xs = placed.filter((n) => column.get(n.id) === key).map((n) => n.x);
    if (xs.length === 0) continue;
    const left = Math.min(...xs) - COLUMN_PAD;
    columns.push({ key, x: left, width: Math.max(...xs) + NODE_WIDTH + COLUMN_PAD - left });
  }
  const laidEdges = laid.edges ?? [];
  return {
    width: Math.ceil(laid.width ?? 0),
    height: Math.ceil(laid.height ?? 0),
    columns,
    nodes: placed,
    edges: edges.map((e, i) => ({ ...e, d: pathData(laidEdges[i]!) })).filter((e) => e.d !== ''),
  };
}

/** Layouts already made, by the map they were made of: the same map is never laid out twice (a map changes rarely). */
const made = new Map<string, Promise<PathLayout>>();
const KEPT = 32;

const edgeKey = (e: { from: number; to: number; kind: string }) => `${e.from} ${e.to} ${e.kind}`;

/**
 * `layoutPathMap`, remembered by what the drawing depends on: the nodes (level, vendor and name, which set their
 * order) and the edges' ends and kinds. Members' counts change the edges' weights only, which are taken from the
 * map each time, so a new count is no new layout. A changed map is another key, so nothing needs dropping; the
 * oldest of more than KEPT layouts goes. A failed layout is not kept.
 */
export async function cachedPathLayout(map: PathMap): Promise<PathLayout> {
  const key = JSON.stringify([
    map.nodes.map((n) => [n.certification.id, n.level, n.certification.vendor, n.certification.name]),
    map.edges.map(edgeKey),
  ]);
  let laying = made.get(key);
  if (laying) {
    // Most recently used last.
    made.delete(key);
    made.set(key, laying);
  } else {
    laying = layoutPathMap(map);
    made.set(key, laying);
    laying.catch(() => made.delete(key));
    while (made.size > KEPT) made.delete(made.keys().next().value!);
  }
  const layout = await laying;
  const weight = new Map(map.edges.map((e) => [edgeKey(e), e.weight]));
  return { ...layout, edges: layout.edges.map((e) => ({ ...e, weight: weight.get(edgeKey(e)) ?? e.weight })) };
}
