import { NEXT_STEPS_TEXT, type NextStep } from '@certitude/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCert, resetCatalogueTestState } from '../../../test/catalogue';
import { CertificationPaths } from './certification-paths';

afterEach(resetCatalogueTestState);

const ref = (id: number) => ({ id, slug: `cert-${id}`, name: `Certification ${id}` });

const steps: NextStep[] = [
  { certification: ref(2), reason: 'SUCCESSOR', members: null },
  { certification: ref(3), reason: 'PREREQUISITE_OF', members: null },
  { certification: ref(4), reason: 'COMMON_NEXT', members: 5 },
];

function open(nextSteps: NextStep[], over: Parameters<typeof makeCert>[1] = {}) {
  return render(
    <MemoryRouter>
      <CertificationPaths cert={makeCert(1, over)} nextSteps={nextSteps} />
    </MemoryRouter>,
  );
}

describe('the paths of a certification page', () => {
  it('lists what to take next with the reason of each, in words', () => {
    open(steps);
    const list = screen.getByRole('list', { name: NEXT_STEPS_TEXT.title });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Certification 2 (${NEXT_STEPS_TEXT.successor})`,
      `Certification 3 (${NEXT_STEPS_TEXT.prerequisiteOf})`,
      'Certification 4 (5 members took it next)',
    ]);
    expect(within(list).getByRole('link', { name: 'Certification 4' }).getAttribute('href')).toBe(
      '/certification/cert-4',
    );
  });

  it('lists what it builds on with the kind of each, and links to each of its domains’ maps', () => {
    open([], {
      prerequisites: [
        { certification: ref(7), kind: 'REQUIRED' },
        { certification: ref(8), kind: 'RECOMMENDED' },
      ],
      domains: ['cloud', 'security'],
    });
    expect(screen.queryByRole('list', { name: NEXT_STEPS_TEXT.title })).toBeNull();
    const list = screen.getByRole('list', { name: NEXT_STEPS_TEXT.buildsOn });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Certification 7 (Required)', 'Certification 8 (Recommended)']);
    expect(screen.getByRole('link', { name: 'See the Cloud path' }).getAttribute('href')).toBe('/paths/cloud');
    expect(screen.getByRole('link', { name: 'See the Security path' }).getAttribute('href')).toBe('/paths/security');
  });

  it('renders nothing when there is nothing to show', () => {
    const { container } = open([]);
    expect(container.innerHTML).toBe('');
  });
});
