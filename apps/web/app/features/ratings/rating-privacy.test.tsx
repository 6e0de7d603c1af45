import { RATING_PRIVACY_TEXT } from '@certitude/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCatalogueTestState, signIn } from '../../../test/catalogue';
import { json, mockApi } from '../../../test/msw';
import { RatingPrivacySetting } from './rating-privacy';

afterEach(resetCatalogueTestState);

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  signIn();
  const calls = mockApi({ 'GET /api/user/rating-privacy': [200, { showOutcome: false }], ...routes });
  render(<RatingPrivacySetting />);
  return calls;
}

const box = () => screen.findByRole('checkbox', { name: RATING_PRIVACY_TEXT.label });

describe('the "show my outcome" setting of /profile', () => {
  it('is off as the server says, and saves the change at once', async () => {
    const calls = open({ 'PUT /api/user/rating-privacy': (call) => json(200, call.body) });
    expect((await box()) as HTMLInputElement).toHaveProperty('checked', false);
    fireEvent.click(await box());
    expect((await screen.findByRole('status')).textContent).toBe(RATING_PRIVACY_TEXT.saved);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ showOutcome: true }]);
    expect((await box()) as HTMLInputElement).toHaveProperty('checked', true);
  });

  it('goes back and says so when the save fails', async () => {
    open({ 'PUT /api/user/rating-privacy': [500, {}] });
    fireEvent.click(await box());
    expect((await screen.findByRole('alert')).textContent).toContain(RATING_PRIVACY_TEXT.saveFailed);
    await waitFor(async () => expect((await box()) as HTMLInputElement).toHaveProperty('checked', false));
  });
});
