// @vitest-environment node
import type { PathMap } from '@certitude/shared';
import { describe, expect, it } from 'vitest';
import { pathNode, smallMap } from '../../../test/paths';
import { COLUMN_ORDER, HEADER_HEIGHT, NODE_HEIGHT, NODE_WIDTH } from './path-layout';
import { cachedPathLayout, layoutPathMap } from './path-layout.server';

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;

/** A larger map: `n` certifications spread over the levels, some without one, with chains of prerequisites. */
function bigMap(n: number): PathMap {
  const levels = ['FOUNDATIONAL', 'ASSOCIATE', 'PROFESSIONAL', 'EXPERT', 'SPECIALTY', null] as const;
  const nodes = Array.from({ length: n }, (_, i) => pathNode(i + 1, levels[i % levels.length]!, `Vendor ${i % 7}`));
  const edges = Array.from({ length: Math.floor(n / 4) }, (_, i) => ({
    from: i * 4 + 1,
    to: i * 4 + 2,
    kind: i % 3 === 0 ? ('REQUIRED' as const) : i % 3 === 1 ? ('RECOMMENDED' as const) : ('COMMON_NEXT' as const),
    weight: i % 3 === 2 ? 3 + i : 1,
  }));
  // A step against the levels (an expert one before an associate one), as members' steps can be.
  edges.push({ from: 4, to: 2, kind: 'COMMON_NEXT', weight: 5 });
  return { nodes, edges };
}

describe('the layout of a domain map (elkjs, on the server)', () => {
  it('puts each level in its own column, in order, and "Level not set" last', async () => {
    const layout = await layoutPathMap(smallMap);
    expect(layout.columns.map((c) => c.key)).toEqual([...COLUMN_ORDER]);
    const x = new Map(layout.nodes.map((n) => [n.id, n.x]));
    // Foundational, associate, professional, expert, specialty, none: left to right.
    for (let id = 1; id < 6; id++) expect(x.get(id)!, `node ${id}`).toBeLessThan(x.get(id + 1)!);
    for (const c of layout.columns) expect(c.width).toBeGreaterThanOrEqual(NODE_WIDTH);
    // Below the band of the columns' headings, inside the drawing.
    for (const n of layout.nodes) {
      expect(n.y).toBeGreaterThanOrEqual(HEADER_HEIGHT);
      expect(n.x + NODE_WIDTH).toBeLessThanOrEqual(layout.width);
      expect(n.y + NODE_HEIGHT).toBeLessThanOrEqual(layout.height);
    }
  });

  it('routes every edge from its earlier certification to its later one, kind and weight kept', async () => {
    const layout = await layoutPathMap(smallMap);
    expect(layout.edges.map(({ from, to, kind, weight }) => ({ from, to, kind, weight }))).toEqual(smallMap.edges);
    const node = new Map(layout.nodes.map((n) => [n.id, n]));
    for (const e of layout.edges) {
      const points = [...e.d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
      expect(points.length).toBeGreaterThanOrEqual(2);
      // Starts at the right side of `from` and ends at the left side of `to`.
      expect(points[0]!.x).toBeCloseTo(node.get(e.from)!.x + NODE_WIDTH, 0);
      expect(points.at(-1)!.x).toBeCloseTo(node.get(e.to)!.x, 0);
    }
  });

  it('places a large map without overlaps, levels still in columns, and leaves out edges off the map', async () => {
    const map = bigMap(90);
    map.edges.push({ from: 1, to: 999, kind: 'REQUIRED', weight: 1 });
    const layout = await layoutPathMap(map);
    expect(layout.nodes).toHaveLength(90);
    for (let i = 0; i < layout.nodes.length; i++)
      for (let j = i + 1; j < layout.nodes.length; j++)
        expect(overlaps(layout.nodes[i]!, layout.nodes[j]!), `${layout.nodes[i]!.id} and ${layout.nodes[j]!.id}`).toBe(
          false,
        );
    // Each node lies within its level's column, and the columns do not overlap.
    const level = new Map(map.nodes.map((n) => [n.certification.id, n.level ?? 'NONE']));
    for (const n of layout.nodes) {
      const column = layout.columns.find((c) => c.key === level.get(n.id))!;
      expect(n.x).toBeGreaterThanOrEqual(column.x);
      expect(n.x + NODE_WIDTH).toBeLessThanOrEqual(column.x + column.width);
    }
    for (let i = 1; i < layout.columns.length; i++)
      expect(layout.columns[i]!.x).toBeGreaterThanOrEqual(layout.columns[i - 1]!.x + layout.columns[i - 1]!.width);
    // Every column starts near the top of the map: no column's first box is left far below the headings.
    for (const c of layout.columns) {
      const top = Math.min(...layout.nodes.filter((n) => level.get(n.id) === c.key).map((n) => n.y));
      expect(top, `the first box of ${c.key}`).toBeLessThan(HEADER_HEIGHT + 4 * NODE_HEIGHT);
    }
    expect(layout.edges.some((e) => e.to === 999)).toBe(false);
    expect(layout.edges).toHaveLength(map.edges.length - 1);
  });

  it('puts the connected certifications at the top of their columns, the largest part first', async () => {
    // Twelve associate and twelve professional certifications; the last two of each level are linked (by name they
    // would come last), and one pair of the first ones.
    const nodes = [
      ...Array.from({ length: 12 }, (_, i) => pathNode(i + 1, 'ASSOCIATE', 'A Vendor')),
      ...Array.from({ length: 12 }, (_, i) => pathNode(i + 13, 'PROFESSIONAL', 'A Vendor')),
    ];
    const edges = [
      { from: 11, to: 23, kind: 'REQUIRED' as const, weight: 1 },
      { from: 12, to: 24, kind: 'RECOMMENDED' as const, weight: 1 },
      { from: 11, to: 24, kind: 'RECOMMENDED' as const, weight: 1 },
      { from: 3, to: 15, kind: 'REQUIRED' as const, weight: 1 },
    ];
    const layout = await layoutPathMap({ nodes, edges });
    const y = new Map(layout.nodes.map((n) => [n.id, n.y]));
    const top = (ids: number[]) => Math.max(...ids.map((id) => y.get(id)!));
    const alone = [1, 2, 4, 5, 6, 7, 8, 9, 10, 13, 14, 16, 17, 18, 19, 20, 21, 22];
    const bottomOfLinked = top([11, 12, 23, 24, 3, 15]);
    for (const id of alone) expect(y.get(id)!, `node ${id}`).toBeGreaterThan(bottomOfLinked);
    // The larger part (11, 12, 23, 24) above the pair.
    expect(top([11, 12, 23, 24])).toBeLessThan(Math.min(y.get(3)!, y.get(15)!));
  });

  it('starts a short column at the top, beside a long one', async () => {
    const nodes = [
      ...Array.from({ length: 20 }, (_, i) => pathNode(i + 1, 'ASSOCIATE')),
      pathNode(21, 'EXPERT'),
      pathNode(22, 'EXPERT'),
    ];
    const edges = [{ from: 20, to: 22, kind: 'RECOMMENDED' as const, weight: 1 }];
    const layout = await layoutPathMap({ nodes, edges });
    const y = new Map(layout.nodes.map((n) => [n.id, n.y]));
    expect(Math.min(y.get(21)!, y.get(22)!)).toBeLessThan(HEADER_HEIGHT + 2 * NODE_HEIGHT);
  });

  it('lays out two certifications that recommend each other, in one column or two: no overlap, both edges', async () => {
    // Only required prerequisites are refused when they loop (docs/decisions/0026-path-map-layout.md).
    for (const [first, second] of [
      ['ASSOCIATE', 'PROFESSIONAL'],
      ['ASSOCIATE', 'ASSOCIATE'],
    ] as const) {
      const map: PathMap = {
        nodes: [pathNode(1, first), pathNode(2, second), pathNode(3, 'FOUNDATIONAL')],
        edges: [
          { from: 3, to: 1, kind: 'REQUIRED', weight: 1 },
          { from: 1, to: 2, kind: 'RECOMMENDED', weight: 1 },
          { from: 2, to: 1, kind: 'RECOMMENDED', weight: 1 },
        ],
      };
      const layout = await layoutPathMap(map);
      const label = `${first} and ${second}`;
      expect(layout.nodes.map((n) => n.id).sort(), label).toEqual([1, 2, 3]);
      for (let i = 0; i < layout.nodes.length; i++)
        for (let j = i + 1; j < layout.nodes.length; j++)
          expect(overlaps(layout.nodes[i]!, layout.nodes[j]!), label).toBe(false);
      expect(
        layout.edges.map(({ from, to, kind }) => ({ from, to, kind })),
        label,
      ).toEqual(map.edges.map(({ from, to, kind }) => ({ from, to, kind })));
      // Each edge of the loop leaves a side of its own `from` and reaches a side of its `to`, on a route of its own.
      const node = new Map(layout.nodes.map((n) => [n.id, n]));
      const onSide = (p: { x: number; y: number }, id: number) => {
        const n = node.get(id)!;
        const side = Math.abs(p.x - n.x) < 1 || Math.abs(p.x - (n.x + NODE_WIDTH)) < 1;
        return side && p.y >= n.y - 1 && p.y <= n.y + NODE_HEIGHT + 1;
      };
      for (const e of layout.edges) {
        const points = [...e.d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => ({
          x: Number(m[1]),
          y: Number(m[2]),
        }));
        expect(onSide(points[0]!, e.from), `${label}: ${e.d}`).toBe(true);
        expect(onSide(points.at(-1)!, e.to), `${label}: ${e.d}`).toBe(true);
      }
      expect(layout.edges[1]!.d, label).not.toBe(layout.edges[2]!.d);
      // The column of each level still holds its nodes.
      for (const n of layout.nodes) {
        const column = layout.columns.find((c) => c.key === map.nodes.find((m) => m.certification.id === n.id)!.level)!;
        expect(n.x, label).toBeGreaterThanOrEqual(column.x);
        expect(n.x + NODE_WIDTH, label).toBeLessThanOrEqual(column.x + column.width);
      }
    }
  });

  it('lays a map out once: the same map again is the same layout, with the counts of this time', async () => {
    const first = await cachedPathLayout(smallMap);
    const again = await cachedPathLayout(structuredClone(smallMap));
    expect(again.nodes).toBe(first.nodes);
    const recounted = { ...smallMap, edges: smallMap.edges.map((e) => ({ ...e, weight: e.weight + 10 })) };
    const third = await cachedPathLayout(recounted);
    expect(third.nodes).toBe(first.nodes);
    expect(third.edges.map((e) => e.weight)).toEqual([11, 11, 17]);
    // Another edge is another drawing.
    const changed = await cachedPathLayout({ ...smallMap, edges: smallMap.edges.slice(1) });
    expect(changed.nodes).not.toBe(first.nodes);
    expect(changed.edges).toHaveLength(2);
  });
});
