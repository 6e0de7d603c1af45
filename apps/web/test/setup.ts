/**
 * Setup of every web test file: the mock API (msw.ts) listens for the whole file and forgets each test's handlers.
 * The files of a worker share one page and one module graph (vitest.config.ts, decision 54), so each file leaves
 * them as it found them: nothing rendered, nothing stored, no cookie.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw';

/** Requests no handler answered during the current test. */
const unhandled: string[] = [];

// A request without a handler gets a network error, and MSW prints it.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

beforeEach(() => {
  server.events.on('request:unhandled', ({ request }) => {
    const url = new URL(request.url);
    unhandled.push(`${request.method} ${url.pathname}${url.search}`);
  });
});

afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  const missed = unhandled.splice(0);
  // A call the test did not expect fails it, even when the screen coped with the network error.
  if (missed.length > 0) throw new Error(`The mock API has no handler for: ${missed.join(', ')}`);
});

afterAll(() => server.close());

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // A file of server code runs without a page (`@vitest-environment node`).
  if (typeof document === 'undefined') return;
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

// The screens the app loads only when shown (the error screens, the listing's "nothing found"): loaded once up
// front, so that a test's wait for one measures the app, not the module transform of a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('../app/components/not-found-screen'),
    import('../app/components/error-screen'),
    import('../app/features/catalogue/no-match'),
  ]);
});
