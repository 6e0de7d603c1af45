import { STORAGE_KEYS, WELCOME_POPUP_DELAY_MS } from '@certitude/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModalProvider, useAuthModal } from '../../lib/auth-modal-context';
import { WelcomePopup } from './welcome-popup';

function OpenModal() {
  return <output aria-label="open auth modal">{useAuthModal().modal ?? 'none'}</output>;
}

function renderPopup(path = '/') {
  // The popup reads the address the page was loaded at; the router stub starts there too.
  window.history.replaceState(null, '', path);
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <AuthModalProvider>
          <WelcomePopup />
          <OpenModal />
        </AuthModalProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

/** Lets the timer fire, the lazy dialog load and the modal's transitions finish. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function openPopup() {
  renderPopup();
  await advance(WELCOME_POPUP_DELAY_MS);
  await vi.dynamicImportSettled();
  await advance(400);
  return screen.getByRole('dialog', { name: 'Welcome to Certitude!' });
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('welcome popup', () => {
  it('greets a first-time visitor one second after load and marks the visitor visited', async () => {
    renderPopup();
    await advance(WELCOME_POPUP_DELAY_MS - 10);
    await vi.dynamicImportSettled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.visited)).toBeNull();
    await advance(10);
    await vi.dynamicImportSettled();
    await advance(400);
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Certitude!' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.visited)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBeNull();
  });

  it.each([
    ['an access token', STORAGE_KEYS.accessToken],
    ['the popup already shown', STORAGE_KEYS.welcomeShown],
    ['an earlier visit', STORAGE_KEYS.visited],
  ])('stays away with %s', async (_label, key) => {
    localStorage.setItem(key, 'x');
    renderPopup();
    await advance(WELCOME_POPUP_DELAY_MS * 3);
    await vi.dynamicImportSettled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not cover the pages reached from an email or a sign-in provider', async () => {
    renderPopup('/reset-password?token=abc');
    await advance(WELCOME_POPUP_DELAY_MS * 3);
    await vi.dynamicImportSettled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.visited)).toBeNull();
  });

  it('stays away when a sign-in finishes during the delay', async () => {
    renderPopup();
    await advance(WELCOME_POPUP_DELAY_MS / 2);
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    await advance(WELCOME_POPUP_DELAY_MS);
    await vi.dynamicImportSettled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['a click', () => fireEvent.click(document.body)],
    ['a touch', () => fireEvent.pointerDown(document.body)],
    ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['a move back', () => window.dispatchEvent(new PopStateEvent('popstate'))],
  ])('stays away for this page view after %s during the delay, and greets on the next load', async (_l, act) => {
    renderPopup();
    await advance(200);
    act();
    await advance(WELCOME_POPUP_DELAY_MS * 3);
    await vi.dynamicImportSettled();
    await advance(400);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Not shown, so neither remembered: the next page load is a first visit still.
    expect(localStorage.getItem(STORAGE_KEYS.visited)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).toBeNull();
    cleanup();
    await openPopup();
  });

  it('does not open over another dialog', async () => {
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    other.setAttribute('aria-modal', 'true');
    other.setAttribute('aria-label', 'Other');
    document.body.append(other);
    try {
      renderPopup();
      await advance(WELCOME_POPUP_DELAY_MS);
      await vi.dynamicImportSettled();
      await advance(400);
      expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('aria-label'))).toEqual(['Other']);
      expect(localStorage.getItem(STORAGE_KEYS.visited)).toBeNull();
    } finally {
      other.remove();
    }
  });

  it('clicks inside the popup once it is open do not close it', async () => {
    const dialog = await openPopup();
    fireEvent.pointerDown(dialog);
    fireEvent.click(screen.getByText('Step 1 of 2'));
    await advance(400);
    expect(screen.getByRole('dialog', { name: 'Welcome to Certitude!' })).toBeTruthy();
  });

  it('walks through two steps with Next and Previous, moving focus to the step title', async () => {
    await openPopup();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip and browse as guest' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Free Account' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await advance(0);
    expect(screen.getByRole('dialog', { name: 'Join the community' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Join the community');
    expect(screen.getByRole('button', { name: 'Create Free Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip and browse as guest' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await advance(0);
    expect(screen.getByRole('dialog', { name: 'Welcome to Certitude!' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Welcome to Certitude!');
  });

  it('Skip closes the popup and remembers it was shown', async () => {
    await openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Skip and browse as guest' }));
    await advance(400);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).not.toBeNull();
    expect(screen.getByLabelText('open auth modal').textContent).toBe('none');
  });

  it('the close button closes it too and remembers it', async () => {
    await openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(400);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).not.toBeNull();
  });

  it.each([
    ['Create Free Account', 'register'],
    ['Sign In', 'login'],
  ])('%s closes the popup, then opens the %s dialog', async (button, modal) => {
    await openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: button }));
    await advance(400);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.welcomeShown)).not.toBeNull();
    expect(screen.getByLabelText('open auth modal').textContent).toBe(modal);
  });
});
