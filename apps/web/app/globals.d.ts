/**
 * Whether the browser checks each API answer against its shared schema (`api-client.ts`): true in development and
 * in the web tests, false in a production build. The build writes it in as a literal in every module (`define` in
 * vite.config.ts; the web tests' project in vitest.config.ts), so each caller's `__CHECK_ANSWERS__ && someSchema`
 * is `false && someSchema` where it is written: the bundler drops the schema's import there and then, and no
 * production file carries zod or a schema for this. (A constant exported from one module was not enough: the
 * bundler kept the imports behind it, and a certification page loaded 30 KB gzip of schemas it never used.)
 */
declare const __CHECK_ANSWERS__: boolean;
