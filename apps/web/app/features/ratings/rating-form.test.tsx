import type { Rating } from '@certitude/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState } from '../../../test/accounts';
import { json, mockApi } from '../../../test/msw';
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
  it("fills in the member's earlier rating", async () => {
    mockApi({ 'GET /api/certification/9/rating': () => json(200, earlier) });
    renderApp({ routes: [{ path: '/', element: <RatingForm certificationId={9} onDone={() => undefined} /> }] });
    expect(((await screen.findByDisplayValue('My earlier review')) as HTMLTextAreaElement).value).toBe(
      'My earlier review',
    );
    expect((screen.getByLabelText('Hours of study') as HTMLInputElement).value).toBe('10');
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
