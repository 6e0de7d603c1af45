import { STORAGE_KEYS } from '@certitude/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUPPORT_BANNER_BOOT_SCRIPT, SupportBanner } from './support-banner';

const DONATE = 'https://donate.example.org/certitude';

function renderBanner(supportUrl: string | null) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ supportUrl }),
      HydrateFallback: () => null,
      Component: () => (
        <>
          <SupportBanner />
          <h1>Page</h1>
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('support banner', () => {
  it('links to the configured donation page in a new tab', async () => {
    renderBanner(DONATE);
    const link = await screen.findByRole('link', { name: /support Certitude/ });
    expect(link.getAttribute('href')).toBe(DONATE);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('complementary', { name: 'Support' })).toBeTruthy();
  });

  it('is absent when no donation page is configured', async () => {
    renderBanner(null);
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('complementary', { name: 'Support' })).toBeNull();
  });

  it('disappears when dismissed and remembers it', async () => {
    renderBanner(DONATE);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss support banner' }));
    expect(screen.queryByRole('complementary', { name: 'Support' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.supportBannerDismissed)).not.toBeNull();
    cleanup();
    renderBanner(DONATE);
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('complementary', { name: 'Support' })).toBeNull();
  });

  it('its boot script marks <html> before first paint once dismissed, and only then', () => {
    const run = () => new Function(SUPPORT_BANNER_BOOT_SCRIPT)();
    run();
    expect(document.documentElement.hasAttribute('data-support-dismissed')).toBe(false);
    localStorage.setItem(STORAGE_KEYS.supportBannerDismissed, 'true');
    run();
    expect(document.documentElement.hasAttribute('data-support-dismissed')).toBe(true);
    document.documentElement.removeAttribute('data-support-dismissed');
  });
});
