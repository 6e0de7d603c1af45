import { DOMAINS, type PathMap } from '@certitude/shared';
import { describe, expect, it } from 'vitest';
import { pathNode } from '../../../test/paths';
import { chipLabel, OTHERS, pathOverview, type OverviewFacts } from './path-overview-data';

const order = DOMAINS.map((d) => d.slug);
const facts = (id: number, domains: string[], name = `Certification ${id}`): OverviewFacts => ({
  id,
  name,
  vendor: 'Vendor',
  certCode: `C-${id}`,
  aliases: [],
  domains,
});

describe('chipLabel', () => {
  const cert = { vendor: 'ISC2', certCode: 'CISSP', aliases: [] as string[] };
  it('takes the acronym a name ends with, a short alias, the name without its vendor, or the exam code', () => {
    expect(chipLabel({ ...cert, name: 'Certified Information Systems Security Professional (CISSP)' })).toBe('CISSP');
    expect(chipLabel({ name: 'CompTIA Security+', vendor: 'CompTIA', certCode: 'SY0-701', aliases: ['Sec+'] })).toBe(
      'Sec+',
    );
    expect(chipLabel({ name: 'Fortinet NSE 4', vendor: 'Fortinet', certCode: 'NSE 4', aliases: [] })).toBe('NSE 4');
    expect(
      chipLabel({ name: 'HashiCorp Certified: Vault Associate', vendor: 'HashiCorp', certCode: '003', aliases: [] }),
    ).toBe('Vault Associate');
    expect(
      chipLabel({
        name: 'Microsoft Certified: Security Operations Analyst Associate',
        vendor: 'Microsoft',
        certCode: 'SC-200',
        aliases: [],
      }),
    ).toBe('SC-200');
    const long = chipLabel({
      name: 'A very long certification name without any code',
      vendor: 'X',
      certCode: '',
      aliases: [],
    });
    expect(long).toBe('A very long certifica…');
  });
});

describe('pathOverview', () => {
  it('places each certification by level and by the other domain that holds most of the map, merging small areas', () => {
    const map: PathMap = {
      nodes: [
        pathNode(1, 'FOUNDATIONAL'),
        pathNode(2, 'ASSOCIATE'),
        pathNode(3, 'ASSOCIATE'),
        pathNode(4, 'EXPERT'),
        pathNode(5, 'ASSOCIATE'),
        pathNode(6, 'ASSOCIATE'),
        pathNode(7, null),
      ],
      edges: [],
    };
    const known = new Map(
      [
        facts(1, ['security', 'networking']),
        facts(2, ['security', 'networking', 'cloud']),
        facts(3, ['networking', 'security']),
        facts(4, ['security']),
        facts(5, ['security', 'databases']),
        facts(6, ['security', 'devops']),
        facts(7, ['security', 'cloud']),
      ].map((f) => [f.id, f]),
    );
    const overview = pathOverview('security', map, known, order);
    expect(overview.levels).toEqual(['FOUNDATIONAL', 'ASSOCIATE', 'EXPERT', 'NONE']);
    const ids = (i: number) => overview.areas[i]!.cells.map((cell) => cell.map((c) => c.id));
    // This domain alone first, then networking (3), then the small ones merged (cloud 2, databases 1, devops 1).
    expect(overview.areas.map((a) => a.domain)).toEqual([null, 'networking', OTHERS]);
    expect(ids(0)).toEqual([[], [], [4], []]);
    expect(ids(1)).toEqual([[1], [2, 3], [], []]);
    expect(ids(2)).toEqual([[], [5, 6], [], [7]]);
  });

  it('gives the six largest shared domains a column each and merges the rest', () => {
    const others = [
      'cloud',
      'networking',
      'data-ai',
      'devops',
      'software-development',
      'infrastructure',
      'databases',
      'project-management',
    ];
    const nodes = others.flatMap((_, i) =>
      Array.from({ length: 10 - i }, (_, j) => pathNode(i * 20 + j + 1, 'ASSOCIATE')),
    );
    const known = new Map(
      nodes.map((n) => [
        n.certification.id,
        facts(n.certification.id, ['security', others[Math.floor((n.certification.id - 1) / 20)]!]),
      ]),
    );
    const overview = pathOverview('security', { nodes, edges: [] }, known, order);
    expect(overview.areas.map((a) => a.domain)).toEqual([...others.slice(0, 6), OTHERS]);
    // Databases (4) and project management (3) share the last column.
    expect(overview.areas.at(-1)!.cells[0]).toHaveLength(7);
  });

  it('keeps a single small area as it is, and places a certification missing from the list alone by its name', () => {
    const map: PathMap = { nodes: [pathNode(1, 'ASSOCIATE'), pathNode(2, 'ASSOCIATE')], edges: [] };
    const overview = pathOverview('cloud', map, new Map([[1, facts(1, ['cloud', 'devops'])]]), order);
    expect(overview.areas.map((a) => a.domain)).toEqual([null, 'devops']);
    expect(overview.areas[0]!.cells[0]).toEqual([{ id: 2, label: 'Certification 2' }]);
  });
});
