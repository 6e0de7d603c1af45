import type { Resource } from '@certitude/shared';
import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCatalogueTestState, signIn } from '../../../test/catalogue';
import { ResourceList } from './resource-list';

afterEach(resetCatalogueTestState);
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', undefined);
});

const resource: Resource = {
  id: 1,
  name: 'Official study guide',
  description: 'The vendor guide.',
  url: 'https://example.com/guide',
  type: 'book',
  paid: true,
  upvoteCount: 2,
  downvoteCount: 0,
  certificationId: 9,
  submittedById: 'certitude',
  status: 'APPROVED',
  createdAt: '2024-01-01T00:00:00.000Z',
};

function renderList(resources: Promise<Resource[] | null>) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ResourceList certificationId={9} certificationName="CKA" resources={resources} onChanged={() => undefined} />
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('Learning Resources card', () => {
  it('shows Loading resources... until the list arrives', () => {
    renderList(new Promise(() => undefined));
    expect(screen.getByText('Loading resources...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Resource' })).toBeNull();
  });

  it('lists cards with type, Paid/Free, votes and the name linking out in a new tab', async () => {
    renderList(Promise.resolve([resource, { ...resource, id: 2, name: 'Free videos', type: 'video', paid: false }]));
    const link = await screen.findByRole('link', { name: 'Official study guide' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Book')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getAllByTitle('Login to vote')).toHaveLength(4);
  });

  it('empty: No Resources Available with its sentence; members get Submit Resource', async () => {
    signIn();
    renderList(Promise.resolve([]));
    expect(await screen.findByText('No Resources Available')).toBeTruthy();
    expect(screen.getByText('No learning resources have been submitted for this certification yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Resource' })).toBeTruthy();
  });

  it('a failed fetch says Failed to fetch resources', async () => {
    const failing = Promise.reject(new Error('offline'));
    failing.catch(() => undefined);
    renderList(failing);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch resources');
  });
});
