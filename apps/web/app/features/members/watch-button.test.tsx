import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCatalogueTestState, signIn } from '../../../test/catalogue';
import { afterRequestsSent, mockApi } from '../../../test/msw';
import { NoticeArea } from '../../components/notices';
import { WatchButton } from './watch-button';

afterEach(resetCatalogueTestState);

function open() {
  render(
    <>
      <WatchButton certificationId={5} name="Certification 5" />
      <NoticeArea />
    </>,
  );
}

describe('the Watch toggle of the certification page', () => {
  it('shows a member whether they watch the certification, and switches with PUT and DELETE', async () => {
    signIn();
    let watching = false;
    const calls = mockApi({
      'GET /api/certification/5/watch': async () => ({ status: 200, body: { watching } }),
      'PUT /api/certification/5/watch': async () => {
        watching = true;
        return { status: 204 };
      },
      'DELETE /api/certification/5/watch': async () => {
        watching = false;
        return { status: 204 };
      },
    });
    open();
    const button = await screen.findByRole('button', { name: 'Watch Certification 5' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toBe('✓ Watch');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'DELETE']);
  });

  it('starts pressed for a member who watches it already', async () => {
    signIn();
    mockApi({ 'GET /api/certification/5/watch': { status: 200, body: { watching: true } } });
    open();
    expect((await screen.findByRole('button', { name: 'Watch Certification 5' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says so when the change fails, and keeps the state', async () => {
    signIn();
    mockApi({
      'GET /api/certification/5/watch': { status: 200, body: { watching: false } },
      'PUT /api/certification/5/watch': { status: 500, body: { message: 'boom' } },
    });
    open();
    const button = await screen.findByRole('button', { name: 'Watch Certification 5' });
    fireEvent.click(button);
    expect(await screen.findByText('Failed to change watching. Please try again.')).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('is not shown to visitors, who make no request', async () => {
    const calls = mockApi({});
    open();
    await afterRequestsSent();
    expect(screen.queryByRole('button', { name: /Watch/ })).toBeNull();
    expect(calls).toEqual([]);
  });
});
