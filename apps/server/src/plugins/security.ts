import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    /** Nonce of this response's Content-Security-Policy; inline scripts of the page carry it. */
    pageNonce: string;
  }
}

interface SecurityOptions {
  https: boolean;
  /** Vite's dev server injects inline scripts and a websocket: the policy is relaxed in development only. */
  dev: boolean;
}

/** The headers that never change, written as they go on the wire (the set helmet's defaults give). */
function staticHeaders(https: boolean): Record<string, string> {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The Content-Security-Policy around the nonce: everything but the nonce is fixed at start. */
function policyParts(https: boolean): [string, string] {
  const after = [
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return ["default-src 'self';script-src 'self' 'nonce-", `';${after.join(';')}`];
}

/**
 * The headers of an answer the router gives before any hook runs (a malformed or over-long address): the same
 * set, with a policy that lets nothing run, since such an answer is never a page.
 */
export function refusalHeaders(https: boolean): Record<string, string> {
  return { ...staticHeaders(https), 'content-security-policy': "default-src 'none';frame-ancestors 'none'" };
}

/**
 * Security headers on every answer. Scripts run only from this origin or with this response's nonce: no
 * 'unsafe-inline' for scripts. Inline style attributes stay allowed, because the UI kit positions modals with them.
 * The headers are strings built once at start: this hook runs before every answer of the site, the hottest
 * ones included, so it only copies them and adds a fresh nonce.
 */
async function security(app: FastifyInstance, opts: SecurityOptions) {
  app.decorateReply('pageNonce', '');
  const headers = staticHeaders(opts.https);
  const [policyBefore, policyAfter] = policyParts(opts.https);
  app.addHook('onRequest', (_request, reply, done) => {
    // 122 random bits from the runtime's pooled generator, in characters that are valid in a CSP nonce.
    const nonce = randomUUID().replaceAll('-', '');
    reply.pageNonce = nonce;
    reply.headers(headers);
    if (!opts.dev) reply.header('content-security-policy', `${policyBefore}${nonce}${policyAfter}`);
    done();
  });
}

export default fp(security, { name: 'security' });
