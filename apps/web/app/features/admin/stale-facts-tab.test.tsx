import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState } from '../../../test/accounts';
import { mockApi } from '../../../test/msw';
import { StaleFactsTab } from './stale-facts-tab';

afterEach(resetAccountTestState);

describe('the Stale facts tab', () => {
  it('lists the certifications to check again, never checked first', async () => {
    mockApi({
      'GET /api/admin/stale-facts': [
        200,
        [
          { id: 1, slug: 'never-checked', name: 'Never Checked', vendor: 'Vendor A', checkedOn: null },
          { id: 2, slug: 'read-long-ago', name: 'Read Long Ago', vendor: 'Vendor B', checkedOn: '2024-05-02' },
        ],
      ],
    });
    renderApp({ routes: [{ path: '/', element: <StaleFactsTab /> }] });
    const table = await screen.findByTestId('stale-facts');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Never CheckedVendor ANever', 'Read Long AgoVendor B2 May 2024']);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/certification/never-checked');
  });
});
