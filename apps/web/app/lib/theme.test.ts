import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, THEME_BOOT_SCRIPT } from './theme';

function boot(prefersDark: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: prefersDark && q.includes('dark') }));
  document.documentElement.removeAttribute('data-bs-theme');
  new Function(THEME_BOOT_SCRIPT)();
  return document.documentElement.getAttribute('data-bs-theme');
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('theme before first paint', () => {
  it('uses the saved theme when it is light or dark', () => {
    localStorage.setItem('theme', 'dark');
    expect(boot(false)).toBe('dark');
    localStorage.setItem('theme', 'light');
    expect(boot(true)).toBe('light');
  });

  it('otherwise follows the system dark preference', () => {
    localStorage.setItem('theme', 'purple');
    expect(boot(true)).toBe('dark');
  });

  it('otherwise is light', () => {
    expect(boot(false)).toBe('light');
  });

  it('toggling applies and saves the theme', () => {
    applyTheme('dark');
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
