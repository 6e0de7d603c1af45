import type { Certification } from '@certitude/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CertificationCard } from './certification-card';

afterEach(cleanup);

const cert: Certification = {
  id: 1,
  slug: 'certified-kubernetes-administrator',
  name: 'Certified Kubernetes Administrator',
  certCode: 'CKA',
  vendor: 'Linux Foundation',
  description: 'Hands-on exam.',
  url: 'https://training.linuxfoundation.org/certification/certified-kubernetes-administrator-cka/',
  submittedById: 'certitude',
  upvoteCount: 7,
  downvoteCount: 2,
  status: 'APPROVED',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function renderCard(c: Certification) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <CertificationCard cert={c} user={null} /> }]);
  render(<Stub initialEntries={['/']} />);
}

describe('certification card', () => {
  it('shows name, vendor, code and the score', () => {
    renderCard(cert);
    expect(screen.getByRole('heading', { name: cert.name })).toBeTruthy();
    expect(screen.getByText('Linux Foundation')).toBeTruthy();
    expect(screen.getByText('CKA')).toBeTruthy();
    expect(screen.getByLabelText('Score 5').className).toContain('score-positive');
  });

  it('links to the detail page and opens the official page safely in a new tab', () => {
    renderCard(cert);
    expect(screen.getByRole('link', { name: 'View & Discuss' }).getAttribute('href')).toBe(
      '/certification/certified-kubernetes-administrator',
    );
    const official = screen.getByRole('link', { name: 'Official Page' });
    expect(official.getAttribute('target')).toBe('_blank');
    expect(official.getAttribute('rel')).toContain('noopener');
  });

  it('has no Official Page link without a url, and styles a negative score', () => {
    renderCard({ ...cert, url: '', upvoteCount: 0, downvoteCount: 3 });
    expect(screen.queryByRole('link', { name: 'Official Page' })).toBeNull();
    expect(screen.getByLabelText('Score -3').className).toContain('score-negative');
  });
});
