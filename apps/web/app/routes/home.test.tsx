import type { Certification } from '@certitude/shared';
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCert, resetCatalogueTestState } from '../../test/catalogue';
import Home, { ErrorBoundary } from './home';

afterEach(resetCatalogueTestState);

function renderHome(certifications: Promise<Certification[]>) {
  // The client loader's answer: the server loader's, deferred.
  const page = certifications.then((list) => ({ certifications: list, filtersHtml: '', problem: null, publicUrl: '' }));
  page.catch(() => undefined);
  const Stub = createRoutesStub([
    {
      path: '/',
      // The route component as the framework calls it, with the loader's (deferred) answer.
      Component: () => <Home {...({ loaderData: { page, publicUrl: '' } } as unknown as Parameters<typeof Home>[0])} />,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('home page states', () => {
  it('Loading certifications... while the list is on its way, then the grid', async () => {
    let resolve!: (list: Certification[]) => void;
    renderHome(new Promise((r) => (resolve = r)));
    expect(screen.getByText('Loading certifications...')).toBeTruthy();
    resolve([makeCert(1), makeCert(2)]);
    expect(await screen.findByText('Showing 2 of 2 certifications')).toBeTruthy();
  });

  it('Failed to fetch certifications when the list cannot be had', async () => {
    const failing = Promise.reject(new Error('down'));
    failing.catch(() => undefined);
    renderHome(failing);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch certifications');
  });

  it('the route error boundary says the same', () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <ErrorBoundary /> }]);
    render(<Stub initialEntries={['/']} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch certifications');
    expect(screen.getByRole('heading', { name: 'Top Technology Certifications' })).toBeTruthy();
  });
});
