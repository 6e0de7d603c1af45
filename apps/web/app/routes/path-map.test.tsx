import { PATHS_TEXT, type PageData, type PathDomain, type PathMap } from '@certitude/shared';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCatalogueTestState } from '../../test/catalogue';
import { mockApi } from '../../test/msw';
import { smallMap } from '../../test/paths';
import { ErrorBoundary } from '../root';
import type * as PathLayoutServer from '../features/paths/path-layout.server';
import PathMapPage, { loader as mapLoader, meta as mapMeta } from './path-map';
import PathsPage, { loader as pathsLoader, meta as pathsMeta } from './paths';

afterEach(() => {
  resetCatalogueTestState();
  layout.fails = false;
});

const layout = vi.hoisted(() => ({ fails: false }));
vi.mock('../features/paths/path-layout.server', async (importOriginal) => {
  const real = await importOriginal<typeof PathLayoutServer>();
  return {
    ...real,
    cachedPathLayout: (map: PathMap) =>
      layout.fails ? Promise.reject(new Error('the layout failed')) : real.cachedPathLayout(map),
  };
});

const domains: PathDomain[] = [
  { domain: 'cloud', name: 'Cloud', certificationCount: 72 },
  { domain: 'security', name: 'Security', certificationCount: 1 },
];

/** The pages as the server renders them: their loaders read the page data (the layout runs as on the server). */
function open(url: string, maps: Record<string, PathMap>) {
  const asked: string[] = [];
  const data = {
    listPaths: async () => domains,
    // Certifications 1 to 3 are also networking; 4 security and networking; 5 and 6 in cloud alone.
    listCertifications: async () =>
      smallMap.nodes.map(({ certification: c }) => ({
        ...c,
        aliases: c.id === 1 ? ['Cert1'] : [],
        domains: c.id <= 3 ? ['cloud', 'networking'] : c.id === 4 ? ['security', 'cloud', 'networking'] : ['cloud'],
      })),
    pathMap: async (domain: string) => {
      asked.push(domain);
      return maps[domain] ?? null;
    },
  } as unknown as PageData;
  const context = { data, publicUrl: 'https://certitude.test', nonce: '' };
  const Stub = createRoutesStub([
    {
      path: '/paths',
      Component: PathsPage as never,
      HydrateFallback: () => null,
      loader: (args) => pathsLoader({ ...args, context } as never),
    },
    {
      path: '/paths/:domain',
      Component: PathMapPage as never,
      ErrorBoundary: ErrorBoundary as never,
      HydrateFallback: () => null,
      loader: (args) => mapLoader({ ...args, context } as never),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return asked;
}

describe('/paths', () => {
  it('shows each domain as a card with its count, leading to its map', async () => {
    open('/paths', {});
    expect(await screen.findByRole('heading', { level: 1, name: PATHS_TEXT.title })).toBeTruthy();
    const cards = within(screen.getByTestId('path-domains')).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual(['Cloud72 certifications', 'Security1 certification']);
    expect(screen.getByRole('link', { name: 'Cloud' }).getAttribute('href')).toBe('/paths/cloud');
  });

  it('has its title, description and canonical link', () => {
    const tags = pathsMeta({ data: { publicUrl: 'https://certitude.test', paths: domains } } as never) as Record<
      string,
      unknown
    >[];
    expect(tags).toContainEqual({ title: `${PATHS_TEXT.title} | Certitude` });
    expect(tags).toContainEqual({ name: 'description', content: PATHS_TEXT.description });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://certitude.test/paths' });
  });
});

describe('/paths/{domain}', () => {
  it('draws the map as SVG hidden from assistive technology, and lists the same content', async () => {
    mockApi({});
    const asked = open('/paths/cloud', { cloud: smallMap });
    // The first map of the file loads elkjs (about a second on a busy machine).
    expect(
      await screen.findByRole('heading', { level: 1, name: PATHS_TEXT.mapTitle('Cloud') }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(asked).toEqual(['cloud']);
    const svg = screen.getByTestId('path-map-svg');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelectorAll('a.path-node')).toHaveLength(6);
    expect(svg.querySelector('a[data-id="2"]')!.getAttribute('href')).toBe('/certification/cert-2');
    expect([...svg.querySelectorAll('.path-edge')].map((e) => e.getAttribute('data-kind'))).toEqual([
      'REQUIRED',
      'RECOMMENDED',
      'COMMON_NEXT',
    ]);
    expect([...svg.querySelectorAll('.path-column-label')].map((t) => t.textContent)).toEqual([
      'Foundational',
      'Associate',
      'Professional',
      'Expert',
      'Specialty',
      PATHS_TEXT.levelNotSet,
    ]);
    expect(screen.getByRole('heading', { level: 2, name: PATHS_TEXT.listTitle })).toBeTruthy();
    // Six certifications, and each of the three steps from both of its ends.
    expect(within(screen.getByTestId('path-list')).getAllByRole('link', { name: /^Certification \d$/ }).length).toBe(
      12,
    );
    // The legend names the kinds of step and the vendors.
    const legend = screen.getByTestId('path-legend');
    for (const text of [PATHS_TEXT.legendRequired, PATHS_TEXT.legendRecommended, PATHS_TEXT.legendCommonNext])
      expect(legend.textContent).toContain(text);
    expect(legend.textContent).toContain('AWS');
    expect(screen.getByRole('link', { name: `← ${PATHS_TEXT.allPaths}` }).getAttribute('href')).toBe('/paths');
  });

  it('shows every certification above the map as a chip by sub-area and level, linking to its page', async () => {
    mockApi({});
    open('/paths/cloud', { cloud: smallMap });
    const overview = await screen.findByTestId('path-overview');
    expect(within(overview).getByRole('heading', { level: 2, name: PATHS_TEXT.overviewTitle })).toBeTruthy();
    // Networking holds four of the map's certifications, security one: 4 goes with networking.
    const areas = within(overview).getAllByRole('heading', { level: 3 });
    expect(areas.map((h) => h.textContent)).toEqual([PATHS_TEXT.overviewOnly('Cloud'), 'With Networking']);
    const withNetworking = within(overview).getByRole('region', { name: 'With Networking' });
    const foundational = within(withNetworking).getByRole('list', { name: 'With Networking, Foundational' });
    const chip = within(foundational).getByRole('link');
    expect(chip.textContent).toBe('Cert1: Certification 1, AWS');
    expect(chip.getAttribute('href')).toBe('/certification/cert-1');
    expect(within(withNetworking).getAllByRole('link')).toHaveLength(4);
    // Only the levels that hold a certification are rows; an area's empty cells show no list.
    expect(within(withNetworking).queryByRole('list', { name: /Specialty/ })).toBeNull();
    expect(within(overview).getAllByRole('link')).toHaveLength(6);
    // Above the map.
    const map = screen.getByTestId('path-map');
    expect(overview.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so for a domain without certifications, with no map', async () => {
    open('/paths/databases', { databases: { nodes: [], edges: [] } });
    expect(await screen.findByText(PATHS_TEXT.mapEmpty)).toBeTruthy();
    expect(screen.queryByTestId('path-map-svg')).toBeNull();
  });

  it('is the Page Not Found screen for an unknown domain, without asking for a malformed one', async () => {
    const asked = open('/paths/no-such-domain', {});
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(asked).toEqual(['no-such-domain']);
    resetCatalogueTestState();
    expect(open('/paths/%3Cscript%3E', {})).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('shows the list when the map cannot be laid out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    layout.fails = true;
    open('/paths/cloud', { cloud: smallMap });
    expect(await screen.findByText(PATHS_TEXT.mapUnavailable)).toBeTruthy();
    expect(screen.getByTestId('path-list')).toBeTruthy();
    expect(screen.queryByTestId('path-map-svg')).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('has the domain’s title, a description with the count and the canonical link; noindex when not found', () => {
    const tags = mapMeta({
      data: { publicUrl: 'https://certitude.test', domain: 'cloud', name: 'Cloud', map: smallMap, layout: null },
    } as never) as Record<string, unknown>[];
    expect(tags).toContainEqual({ title: 'Cloud certification path | Certitude' });
    expect(tags).toContainEqual({ name: 'description', content: PATHS_TEXT.mapDescription('Cloud', 6) });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://certitude.test/paths/cloud' });
    expect(mapMeta({ data: undefined } as never)).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
