import { beforeEach } from 'vitest';
import { report } from './diagnostics.js';

// A failed browser test prints what the browser and the server did just before (e2e/support/diagnostics.ts).
beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    console.error(await report(task.name));
  });
});
