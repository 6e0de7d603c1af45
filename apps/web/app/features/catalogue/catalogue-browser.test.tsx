import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueBrowser } from './catalogue-browser';
import { firstCellCount, GRID_FIRST_CELLS } from './catalogue-grid';
import type { PagedList } from './catalogue-types';
import { matchesSearch, type Certification } from '@certitude/shared';
import { makeCert, resetCatalogueTestState, signIn } from '../../../test/catalogue';
import { apiUrl, recordRequests, server } from '../../../test/msw';
import { CertificationEditorProvider } from './certification-editor';
import { searchHaystacks, visibleMask } from './catalogue-match';
import { loadSearch, vendorCounts } from './catalogue-search';

// The search's code, which the page loads after its first paint, is in before each test's first render.
beforeAll(() => loadSearch());
afterEach(resetCatalogueTestState);

const catalogue: Certification[] = [
  makeCert(1, { name: 'Solutions Architect Associate', vendor: 'AWS', certCode: 'SAA-C03' }),
  makeCert(2, { name: 'Developer Associate', vendor: 'AWS', certCode: 'DVA-C02' }),
  makeCert(3, { name: 'Azure Fundamentals', vendor: 'Microsoft', certCode: 'AZ-900' }),
  makeCert(4, { name: 'Security+', vendor: 'CompTIA', certCode: 'SY0-701', description: 'Covers **zero trust**.' }),
  makeCert(5, { name: 'CISSP', vendor: 'ISC2', certCode: 'CISSP' }),
];

function renderBrowser(certs: Certification[] = catalogue, paged?: PagedList) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <CertificationEditorProvider onChanged={() => undefined}>
          <CatalogueBrowser certifications={certs} paged={paged} vendors={paged?.vendors ?? vendorCounts(certs)} />
        </CertificationEditorProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

const visibleNames = () =>
  within(screen.getByRole('list', { name: 'Certifications' }))
    .queryAllByRole('heading')
    .filter((h) => !h.closest('li')?.hidden)
    .map((h) => h.textContent);

const search = (text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search certifications' }), { target: { value: text } });

describe('home listing', () => {
  it('shows the title, every card, the count and vendor buttons with counts sorted alphabetically', () => {
    renderBrowser();
    expect(screen.getByRole('heading', { level: 1, name: 'Top Technology Certifications' })).toBeTruthy();
    expect(screen.getByText('Showing 5 of 5 certifications')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Filter by vendor' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All (5)', 'AWS (2)', 'CompTIA (1)', 'ISC2 (1)', 'Microsoft (1)']);
    expect(visibleNames()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Submit Certification' })).toBeNull();
  });

  it('filters as you type: case-insensitive substring of name, vendor, code and description', () => {
    renderBrowser();
    search('associate');
    expect(visibleNames()).toEqual(['Solutions Architect Associate', 'Developer Associate']);
    expect(screen.getByText('Showing 2 of 5 certifications')).toBeTruthy();
    search('az-9');
    expect(visibleNames()).toEqual(['Azure Fundamentals']);
    search('ZERO TRUST');
    expect(visibleNames()).toEqual(['Security+']);
    search('microsoft');
    expect(visibleNames()).toEqual(['Azure Fundamentals']);
  });

  it('the clear button empties the search', () => {
    renderBrowser();
    search('cissp');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search box' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(visibleNames()).toHaveLength(5);
  });

  it('a vendor button filters and is pressed; search and vendor combine', () => {
    renderBrowser();
    const aws = screen.getByRole('button', { name: 'AWS (2)' });
    fireEvent.click(aws);
    expect(aws.getAttribute('aria-pressed')).toBe('true');
    expect(visibleNames()).toEqual(['Solutions Architect Associate', 'Developer Associate']);
    search('developer');
    expect(visibleNames()).toEqual(['Developer Associate']);
    expect(screen.getByText('Showing 1 of 5 certifications')).toBeTruthy();
  });

  it('No Certifications Found, with Clear search and Show all vendors that each bring cards back', async () => {
    renderBrowser();
    fireEvent.click(screen.getByRole('button', { name: 'ISC2 (1)' }));
    search('azure');
    expect(await screen.findByRole('heading', { name: 'No Certifications Found' })).toBeTruthy();
    expect(screen.getByText('Showing 0 of 5 certifications')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all vendors' }));
    expect(visibleNames()).toEqual(['Azure Fundamentals']);
    search('nothing at all');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear search' }));
    expect(visibleNames()).toHaveLength(5);
    expect(screen.queryByRole('heading', { name: 'No Certifications Found' })).toBeNull();
  });

  it('No Certifications Available when the catalogue is empty', async () => {
    renderBrowser([]);
    expect(await screen.findByRole('heading', { name: 'No Certifications Available' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('members see Submit Certification, which opens Submit New Certification', async () => {
    signIn();
    renderBrowser();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Certification' }));
    expect(await screen.findByRole('dialog', { name: 'Submit New Certification' }, { timeout: 5000 })).toBeTruthy();
  });
});

describe('a long catalogue', () => {
  const many = Array.from({ length: 100 }, (_, i) =>
    makeCert(i + 1, i === 90 ? { name: 'Far Down Certification', certCode: 'FAR-1' } : {}),
  );

  it('renders the first cards at once and the rest while idle; a search finds a card of a later step', async () => {
    renderBrowser(many);
    const list = screen.getByRole('list', { name: 'Certifications' });
    expect(list.children).toHaveLength(GRID_FIRST_CELLS);
    expect(screen.getByText('Showing 100 of 100 certifications')).toBeTruthy();
    search('far down');
    expect(screen.getByText('Showing 1 of 100 certifications')).toBeTruthy();
    // The grid says which search it answers once every card is in (the browser tests wait for it).
    await waitFor(() => expect(list.dataset.shownFor).toBe('far down'), { timeout: 5000 });
    expect(list.children).toHaveLength(100);
    expect(visibleNames()).toEqual(['Far Down Certification']);
  });

  it('with a search in the address, the first render holds the prefix of the list up to the first shown cards', () => {
    const mask = many.map((_, i) => i % 10 === 0);
    expect(firstCellCount(mask)).toBe(100);
    expect(firstCellCount(many.map(() => true))).toBe(GRID_FIRST_CELLS);
    expect(firstCellCount(many.map((_, i) => i % 2 === 0))).toBe(2 * GRID_FIRST_CELLS - 1);
  });
});

describe('a search that finds nothing', () => {
  it('says what was searched and offers the nearest search, which brings the card back', async () => {
    renderBrowser();
    search('fundamantels');
    expect(await screen.findByText(/Nothing matches “fundamantels”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'fundamentals' }));
    expect(visibleNames()).toEqual(['Azure Fundamentals']);
  });
});

describe('search index', () => {
  it('gives the same answer as the shared search rule', () => {
    const certs = [...catalogue, makeCert(9, { description: 'Mixed CASE Words' })];
    const hay = searchHaystacks(certs);
    for (const q of ['a', 'AWS', ' associate ', 'case w', 'c-0', '+', 'zzz', '']) {
      expect(visibleMask(certs, hay, q, null)).toEqual(certs.map((c) => matchesSearch(c, q)));
    }
  });
});

describe('a catalogue too large for the browser', () => {
  it('Load more certifications adds the next page of the server’s first answer, then goes away at the end', async () => {
    const asked = recordRequests();
    server.use(
      http.get(apiUrl('/api/certification'), () =>
        HttpResponse.json([makeCert(61), makeCert(62)], { headers: { 'X-Total-Count': '62' } }),
      ),
    );
    const first = Array.from({ length: 60 }, (_, i) => makeCert(i + 1));
    renderBrowser(first, {
      total: 62,
      all: 62,
      vendors: [{ vendor: 'Vendor', count: 62 }],
      next: '60',
      listQuery: 'sort=best&limit=60',
      contains: '',
    });
    // The first render holds GRID_FIRST_CELLS cards; the rest of the page follows while the browser is idle.
    expect(visibleNames()).toHaveLength(GRID_FIRST_CELLS);
    // Step by step in idle time: on a busy machine that takes more than waitFor's default second.
    await waitFor(() => expect(visibleNames()).toHaveLength(60), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Load more certifications' }));
    await waitFor(() => expect(visibleNames()).toHaveLength(62));
    expect(asked.map((c) => c.path)).toEqual(['/api/certification?sort=best&limit=60&cursor=60']);
    expect(visibleNames().slice(-2)).toEqual(['Certification 61', 'Certification 62']);
    expect(screen.queryByRole('button', { name: 'Load more certifications' })).toBeNull();
  });
});
