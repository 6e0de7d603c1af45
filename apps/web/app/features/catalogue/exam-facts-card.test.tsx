import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCert } from '../../../test/catalogue';
import { ExamFactsCard } from './exam-facts-card';

afterEach(cleanup);

const today = new Date('2026-11-27T12:00:00Z');

function renderCard(cert: ReturnType<typeof makeCert>) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <ExamFactsCard cert={cert} today={today} /> }]);
  render(<Stub initialEntries={['/']} />);
}

describe('the exam facts card', () => {
  it('marks each fact with its source, says who published it and when it was read, and flags an old reading', () => {
    renderCard(
      makeCert(1, {
        exam: {
          costUsd: 300,
          durationMinutes: 90,
          questionCount: 50,
          questionCountMax: 60,
          passingScore: null,
          formats: [],
          delivery: [],
        },
        validityMonths: 36,
        sources: [
          {
            url: 'https://www.vendor.example/exam',
            kind: 'VENDOR',
            retrievedOn: '2026-11-20',
            fields: ['exam.costUsd', 'exam.questionCount', 'exam.questionCountMax'],
          },
          {
            url: 'https://training.example.org/guide',
            kind: 'THIRD_PARTY',
            retrievedOn: '2025-06-01',
            fields: ['exam.durationMinutes', 'validityMonths'],
          },
        ],
      }),
    );
    const facts = screen.getByTestId('exam-facts');
    const cost = within(facts).getByText('Exam cost').nextElementSibling as HTMLElement;
    expect(cost.textContent).toBe('US$3001');
    expect(within(cost).getByRole('link', { name: 'Source 1' }).getAttribute('href')).toBe('#fact-source-1');
    const questions = within(facts).getByText('Questions').nextElementSibling as HTMLElement;
    expect(questions.textContent).toBe('50 to 601');
    const length = within(facts).getByText('Length').nextElementSibling as HTMLElement;
    expect(length.textContent).toBe('90 minutes2 (third party) · may be out of date');

    const list = screen.getByTestId('fact-sources');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'vendor.example, the vendor’s page, read 20 Nov 2026',
      'training.example.org, a third party (the vendor publishes nothing readable), read 1 Jun 2025: may be out of date',
    ]);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('https://www.vendor.example/exam');
    // A fact without a source carries no mark.
    const passing = within(facts).getByText('Passing score').nextElementSibling as HTMLElement;
    expect(within(passing).queryByRole('link')).toBeNull();
  });

  it('says None published of an empty fact a source checked, and Not known yet of one no source names', () => {
    renderCard(
      makeCert(3, {
        exam: {
          costUsd: null,
          durationMinutes: 240,
          questionCount: null,
          questionCountMax: null,
          passingScore: null,
          formats: ['PERFORMANCE_BASED'],
          delivery: [],
        },
        sources: [
          {
            url: 'https://www.vendor.example/exam',
            kind: 'VENDOR',
            retrievedOn: '2026-11-20',
            fields: ['exam.durationMinutes', 'exam.questionCount', 'exam.formats'],
          },
        ],
      }),
    );
    const facts = screen.getByTestId('exam-facts');
    const cell = (term: string) => within(facts).getByText(term).nextElementSibling as HTMLElement;
    expect(cell('Questions').textContent).toBe('None published1');
    expect(cell('Exam cost').textContent).toBe('Not known yet');
    expect(cell('Length').textContent).toBe('240 minutes1');
  });

  it('shows no list when no source names a fact', () => {
    renderCard(makeCert(2));
    expect(screen.queryByTestId('fact-sources')).toBeNull();
    expect(screen.getByText(/have not been checked against the official page yet/)).toBeTruthy();
  });
});
