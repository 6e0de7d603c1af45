import type { ServerLoadContext } from '@certitude/shared';

declare module 'react-router' {
  // The server passes its page data, the CSP nonce and the public address to every loader.
  interface AppLoadContext extends ServerLoadContext {}
}

export {};
