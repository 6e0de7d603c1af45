import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../../test/catalogue';
import { CertificationCard } from './certification-card';
import { listed } from './listed-certification';

afterEach(cleanup);

describe("the listing's copy of a certification", () => {
  const full = makeCert(3, {
    exam: { ...makeCert(3).exam, costUsd: 300, durationMinutes: 90 },
    validityMonths: 36,
    renewal: 'Earn 120 continuing education credits every three years.',
    prerequisiteNotes: 'Five years of paid work in two of the domains.',
    sources: [
      { url: 'https://vendor.example/exam', kind: 'VENDOR', retrievedOn: '2026-11-28', fields: ['exam.costUsd'] },
    ],
    aliases: ['C3 nickname'],
  });

  it('leaves out what only the certification page shows, and keeps what the card and the search read', () => {
    const copy = listed(full);
    const text = JSON.stringify(copy);
    expect(text).not.toContain('continuing education');
    expect(text).not.toContain('vendor.example');
    expect(text).not.toContain('Five years');
    expect(copy).toMatchObject({ name: full.name, certCode: full.certCode, description: full.description });
    expect(copy.aliases).toEqual(['C3 nickname']);
  });

  it('makes the same card as the whole certification', () => {
    const Stub = createRoutesStub([
      { path: '/', Component: () => <CertificationCard cert={listed(full)} user={null} /> },
    ]);
    render(<Stub initialEntries={['/']} />);
    const card = screen.getByRole('heading', { name: full.name }).closest('.card')!;
    expect(card.textContent).toContain('$300');
    expect(card.textContent).toContain('90 min');
  });
});
