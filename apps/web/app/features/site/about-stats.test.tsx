import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AboutStats } from './about-stats';

afterEach(cleanup);

const figures = () =>
  within(screen.getByRole('list', { name: 'Certitude in numbers' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('About statistics row', () => {
  it('shows the live counts, rounded for display', () => {
    render(<AboutStats stats={{ certifications: 124, vendors: 18, resources: 356, members: 7 }} />);
    expect(figures()).toEqual([
      '120+Active Certifications',
      '18Technology Vendors',
      '350+Learning Resources',
      '7Community Members',
    ]);
  });

  it("falls back to the product's claims when the counts could not be read", () => {
    render(<AboutStats stats={null} />);
    expect(figures()).toEqual([
      '100+Certifications',
      '5+Technology Vendors',
      'GrowingLearning Resources',
      'GrowingCommunity Members',
    ]);
  });
});
