import { defineConfig } from 'vitest/config';

const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          // Projects run one after another: each has its own worker count.
          sequence: { groupOrder: 0 },
          // With the project's own lint rules (scripts/lint/), which are tested alike.
          include: ['packages/shared/src/**/*.test.ts', 'scripts/lint/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          // Projects run one after another: each has its own worker count.
          sequence: { groupOrder: 1 },
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // One migrated database per run, copied for each test file.
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // A worker runs its files one after another in one module graph instead of importing the server afresh
          // for each: every file builds its own app and database, and no module keeps state a file could see from
          // another (decision 33). That took the suite from 335 s to 196 s on PGlite.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          // Projects run one after another: each has its own worker count.
          sequence: { groupOrder: 2 },
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // The mock API (MSW) of every web test: apps/web/test/msw.ts.
          setupFiles: ['apps/web/test/setup.ts'],
          // As the server's: a worker imports React, the app and the mock API once for all its files, and each
          // file leaves the page, the storage, timers and stubs as it found them (setup.ts; decision 54).
          isolate: false,
        },
        esbuild: { jsx: 'automatic' },
        // The web tests check every API answer against its schema (apps/web/app/globals.d.ts).
        define: { __CHECK_ANSWERS__: 'true' },
      },
      {
        test: {
          name: 'e2e',
          // Projects run one after another: each has its own worker count.
          sequence: { groupOrder: 3 },
          include: ['e2e/**/*.test.ts'],
          setupFiles: ['e2e/support/setup.ts'],
          // The built server migrates and seeds one database for the run; each file starts from a copy.
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a page shows after a request or a navigation: Vitest's default of one second
          // is less than a page takes on a loaded CI machine (a first sign-in test's tracker came after it).
          expect: { poll: { timeout: 10_000 } },
          // Each file starts its own server, browser and database, so files may run side by side; one at a
          // time by default, E2E_WORKERS=2 in CI (docs/testing.md).
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
        },
      },
    ],
  },
});
