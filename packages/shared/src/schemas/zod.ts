import { config } from 'zod';

/*
 * Zod compiles object parsers with `new Function` where eval is allowed, and probes for that when an object
 * schema is built. In the browser the probe is refused by the Content-Security-Policy (script-src has no
 * 'unsafe-eval') and reported as a violation, so the web client parses without compiling; the server keeps the
 * faster parser. Every schema module takes `z` from here, so the setting precedes the first schema in any
 * bundle. package.json lists this file under "sideEffects", so that bundlers keep the call; `z` stays the
 * named import of zod, which lets them drop the parts of zod that no schema uses.
 */
if ('document' in globalThis) config({ jitless: true });

export { z } from 'zod';
