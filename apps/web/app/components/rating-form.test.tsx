import type { Rating } from '@certitude/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState } from '../../test/accounts';
import { json, mockApi } from '../../test/msw';
import RatingForm from './rating-form';

afterEach(() => resetAccountTestState());

const earlier: Rating = {
  difficulty: 2,
  value: 2,
  recognition: 2,
  studyHours: 10,
  outcome: null,
  examYear: null,
  review: 'My earlier review',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the rating form', () => {
  it("fills in the member's earlier rating: each scale, the hours and the review in its own field", async () => {
    mockApi({
      'GET /api/certification/9/rating': () =>
        json(200, { ...earlier, difficulty: 1, value: 4, recognition: 5, studyHours: 37 }),
    });
    renderApp({ routes: [{ path: '/', element: <RatingForm certificationId={9} onDone={() => undefined} /> }] });
    const review = (await screen.findByLabelText(/^Review/)) as HTMLTextAreaElement;
    await waitFor(() => expect(review.value).toBe('My earlier review'));
    const chosen = (scale: RegExp) =>
      (within(screen.getByRole('group', { name: scale })).getByRole('radio', { checked: true }) as HTMLInputElement)
        .value;
    expect([chosen(/^Difficulty/), chosen(/^Career value/), chosen(/^Recognition/)]).toEqual(['1', '4', '5']);
    expect((screen.getByLabelText('Hours of study') as HTMLInputElement).value).toBe('37');
  });

  it('tells the member when their review is hidden pending review or removed by a moderator', async () => {
    mockApi({ 'GET /api/certification/9/rating': () => json(200, { ...earlier, reviewState: 'hidden' }) });
    renderApp({ routes: [{ path: '/', element: <RatingForm certificationId={9} onDone={() => undefined} /> }] });
    expect((await screen.findByTestId('review-state')).textContent).toBe('Your review is hidden pending review.');
    resetAccountTestState();

    mockApi({ 'GET /api/certification/9/rating': () => json(200, { ...earlier, reviewState: 'removed' }) });
    renderApp({ routes: [{ path: '/', element: <RatingForm certificationId={9} onDone={() => undefined} /> }] });
    expect((await screen.findByTestId('review-state')).textContent).toBe('A moderator removed your review.');
    resetAccountTestState();

    mockApi({ 'GET /api/certification/9/rating': () => json(200, { ...earlier, reviewState: null }) });
    renderApp({ routes: [{ path: '/', element: <RatingForm certificationId={9} onDone={() => undefined} /> }] });
    await screen.findByDisplayValue('My earlier review');
    expect(screen.queryByTestId('review-state')).toBeNull();
  });

  it('keeps what the member typed when their earlier rating arrives after it', async () => {
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    mockApi({
      'GET /api/certification/9/rating': async () => {
        await held;
        return json(200, earlier);
      },
    });
    renderApp({ routes: [{ path: '/', element: <RatingForm certificationId={9} onDone={() => undefined} /> }] });
    const hours = (await screen.findByLabelText('Hours of study')) as HTMLInputElement;
    fireEvent.change(hours, { target: { value: '75' } });
    await act(async () => {
      answer();
      await held;
    });
    expect(hours.value).toBe('75');
    expect(screen.queryByDisplayValue('My earlier review')).toBeNull();
  });
});
