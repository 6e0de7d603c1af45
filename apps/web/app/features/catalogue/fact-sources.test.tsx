import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceLink } from './fact-sources';

afterEach(cleanup);

const today = new Date('2026-11-27T12:00:00Z');

describe('a fact’s source in the comparison', () => {
  it('links the newest source of the row’s facts, says whose page it is and flags an old reading', () => {
    render(
      <p data-testid="cell">
        <SourceLink
          today={today}
          facts={['exam.questionCount', 'exam.questionCountMax']}
          sources={[
            { url: 'https://old.example/x', kind: 'VENDOR', retrievedOn: '2024-01-10', fields: ['exam.questionCount'] },
            {
              url: 'https://guide.example.org/y',
              kind: 'THIRD_PARTY',
              retrievedOn: '2025-02-01',
              fields: ['exam.questionCountMax'],
            },
          ]}
        />
      </p>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://guide.example.org/y');
    expect(link.getAttribute('title')).toBe('A third party’s page, read 1 Feb 2025');
    expect(screen.getByTestId('cell').textContent).toBe(' third party may be out of date');
  });

  it('shows nothing for a fact no source names', () => {
    render(
      <p data-testid="cell">
        <SourceLink today={today} facts={['renewal']} sources={[]} />
      </p>,
    );
    expect(screen.getByTestId('cell').textContent).toBe('');
  });
});
