// The built server's entry (dist/server.js): sets the memory flags (lib/memory-flags.ts), then loads the server
// (dist/server-main.js, from server.ts). Kept small, so that starting again with the flags costs almost nothing.
import { reexecWithFlags, stopWithParent } from './lib/memory-flags.js';

// React's server renderer picks its production build from NODE_ENV when it loads; production is the default of
// the configuration too (config.ts).
process.env.NODE_ENV ??= 'production';
if (!reexecWithFlags()) {
  stopWithParent();
  await import(new URL('./server-main.js', import.meta.url).href);
}
