import type { Certification, User } from '@certitude/shared';
import { caseName, casesOf, OWNER, viewerFor } from '@certitude/shared/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { noFacts } from '../../../test/catalogue';
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
  ...noFacts,
};

function renderCard(c: Certification, user: User | null = null) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <CertificationCard cert={c} user={user} /> }]);
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

describe('the card agrees with the shared policy', () => {
  // The same table the server's policy-agreement test checks: Edit shows exactly where editing is allowed.
  it.each(casesOf('certification:edit').map((c) => [caseName(c), c] as const))('%s', (_name, c) => {
    const viewer = viewerFor(c.who);
    const user: User | null = viewer && {
      id: 1,
      username: viewer.username,
      role: viewer.role,
      email: `${viewer.username}@example.com`,
      emailVerified: true,
      createdAt: '2024-01-01T00:00:00.000Z',
    };
    renderCard({ ...cert, status: c.status, submittedById: OWNER }, user);
    expect(screen.queryByRole('button', { name: `Edit ${cert.name}` }) !== null).toBe(c.allowed);
    cleanup();
  });

  it('shows the level, a retired badge and the rating means', () => {
    renderCard({
      ...cert,
      level: 'ASSOCIATE',
      lifecycle: 'RETIRED',
      retiresOn: '2024-01-01',
      ratingCount: 3,
      difficulty: 4,
      value: 3.5,
      recognition: 5,
    });
    // Lower case, shown capitalized by CSS.
    expect(screen.getByText(/^associate$/i)).toBeTruthy();
    expect(screen.getByText('Retired')).toBeTruthy();
    expect(screen.getByTestId('card-means').textContent).toBe(
      'Difficulty 4.0 · Value 3.5 · Recognition 5.0 · 0 comments',
    );
  });
});

describe('decision at a glance', () => {
  it('shows the known facts, a Retiring badge with its date and the comment count', () => {
    renderCard({
      ...cert,
      exam: { ...cert.exam, costUsd: 445, durationMinutes: 120 },
      validityMonths: 24,
      lifecycle: 'RETIRING',
      retiresOn: '2026-07-31',
      commentCount: 1,
    });
    expect(screen.getByTestId('card-facts').textContent).toBe('US$445 exam · 120 min · Valid 2 years');
    expect(screen.getByText('Retiring 31 Jul 2026')).toBeTruthy();
    expect(screen.getByTestId('card-means').textContent).toBe('Not rated yet · 1 comment');
  });

  it('shows only the facts known, and Not rated yet below the 3 ratings the means need', () => {
    renderCard({ ...cert, validityMonths: 18, ratingCount: 2, commentCount: 4 });
    expect(screen.getByTestId('card-facts').textContent).toBe('Valid 18 months');
    expect(screen.getByTestId('card-means').textContent).toBe('Not rated yet · 4 comments');
  });

  it('says nothing of facts when none is known, and still says the card is not rated', () => {
    renderCard(cert);
    expect(screen.queryByTestId('card-facts')).toBeNull();
    expect(screen.getByTestId('card-means').textContent).toBe('Not rated yet · 0 comments');
    // The whole card opens the certification: View & Discuss stretches over it; Official Page stays.
    expect(screen.getByRole('link', { name: 'View & Discuss' }).className).toContain('stretched-link');
    expect(screen.getByRole('link', { name: 'Official Page' })).toBeTruthy();
  });
});
