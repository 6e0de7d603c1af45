import type { RatingsPage, Review } from '@certitude/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState } from '../../../test/accounts';
import { json, mockApi } from '../../../test/msw';
import { RatingsCard } from './ratings-card';

afterEach(() => resetAccountTestState());

const criterion = (mean: number | null, distribution: number[]) => ({ mean, distribution });

function review(id: number): Review {
  return {
    id,
    username: `member${id}`,
    difficulty: 4,
    value: 5,
    recognition: 3,
    studyHours: 80,
    outcome: 'PASSED_FIRST_TRY',
    examYear: 2025,
    review: `Review number ${id}`,
    createdAt: '2026-11-01T00:00:00.000Z',
    verifiedHolder: id === 2,
  };
}

const rated: RatingsPage = {
  summary: {
    count: 5,
    verifiedHolders: 1,
    difficulty: criterion(3.8, [0, 1, 1, 1, 2]),
    value: criterion(4.2, [0, 0, 1, 2, 2]),
    recognition: criterion(3.0, [1, 1, 1, 1, 1]),
    studyHours: { median: 60, p25: 40, p75: 120, count: 5 },
    outcomes: { PASSED_FIRST_TRY: 3, PASSED_RETAKE: 1, FAILED: 1, STUDYING: 0 },
  },
  reviews: [1, 2, 3, 4, 5].map(review),
};

function show(initial: RatingsPage) {
  renderApp({ routes: [{ path: '/', element: <RatingsCard certificationId={9} initial={initial} /> }] });
}

describe('the Ratings card', () => {
  it('draws each distribution and the study hours as pictures with the figures in their text alternative', async () => {
    mockApi({});
    show(rated);
    expect((await screen.findByTestId('mean-difficulty')).textContent).toContain('3.8');
    const pictures = screen.getAllByRole('img');
    const labels = pictures.map((p) => p.getAttribute('aria-label'));
    expect(labels).toContain('Difficulty: 0 gave 1, 1 gave 2, 1 gave 3, 1 gave 4, 2 gave 5; 5 in all');
    expect(labels).toContain(
      'Study time reported by 5 members: median 60 hours; half of them between 40 and 120 hours',
    );
    expect(screen.getByText(/Passed on the first try: 60%/)).toBeTruthy();
  });

  it('says there are not enough ratings below three, with no means', async () => {
    mockApi({});
    show({
      summary: { ...rated.summary, count: 2, difficulty: criterion(null, [0, 0, 0, 1, 1]) },
      reviews: [],
    });
    expect((await screen.findByTestId('ratings-not-enough')).textContent).toContain('Not enough ratings yet (2 of 3');
    expect(screen.queryByTestId('mean-difficulty')).toBeNull();
  });

  it('loads more reviews after the last one shown, and says so when that fails', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /api/certification/9/ratings': () =>
        fail ? json(500, { message: 'boom' }) : json(200, { ...rated, reviews: [review(6)] }),
    });
    show(rated);
    fireEvent.click(await screen.findByRole('button', { name: 'More reviews' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load more reviews. Please try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'More reviews' }));
    expect(await screen.findByText('Review number 6')).toBeTruthy();
    expect(calls.at(-1)!.path).toContain('cursor=5');
    expect(screen.queryByRole('alert')).toBeNull();
    // Fewer than a page came back: that was the last one.
    expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull();
  });

  it('marks the verified holders’ reviews, counts them, and switches to their ratings only', async () => {
    const calls = mockApi({
      'GET /api/certification/9/ratings': () =>
        json(200, {
          summary: { ...rated.summary, count: 1, verifiedHolders: 1 },
          reviews: [review(2)],
        }),
    });
    show(rated);
    expect((await screen.findByTestId('verified-count')).textContent).toContain('1 verified holder');
    const marks = screen.getAllByTestId('verified-holder');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest('li')!.textContent).toContain('member2');
    fireEvent.click(screen.getByRole('switch', { name: 'Verified holders only' }));
    await waitFor(() => expect(screen.queryByText('Review number 1')).toBeNull());
    expect(calls.at(-1)!.path).toContain('verified=true');
    expect(screen.getByText('Review number 2')).toBeTruthy();
  });
});
