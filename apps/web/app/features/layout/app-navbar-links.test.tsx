import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState } from '../../../test/accounts';
import { Navbar } from '../../navbar';

afterEach(resetAccountTestState);

describe('navbar links', () => {
  it('are Home, Paths, Articles, About and Profile, Paths highlighted on a domain’s map', async () => {
    renderApp({ routes: [{ path: '/paths/:domain', element: <Navbar /> }], url: '/paths/security' });
    const nav = await screen.findByRole('navigation');
    const links = within(nav.querySelector('#main-nav .navbar-nav') as HTMLElement).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Paths', 'Articles', 'About', 'Profile']);
    const paths = within(nav).getByRole('link', { name: 'Paths' });
    expect(paths.getAttribute('href')).toBe('/paths');
    expect(paths.getAttribute('aria-current')).toBe('page');
  });
});
