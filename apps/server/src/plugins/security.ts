import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    /** Nonce of this response's Content-Security-Policy; inline scripts of the page carry it. */
    pageNonce: string;
  }
}

type RawWithNonce = ServerResponse & { pageNonce?: string };

export interface SecurityOptions {
  https: boolean;
  /** Vite's dev server injects inline scripts and a websocket: the policy is relaxed in development only. */
  dev: boolean;
}

/**
 * Security headers on every answer. Scripts run only from this origin or with this response's nonce: no
 * 'unsafe-inline' for scripts. Inline style attributes stay allowed, because the UI kit positions modals with them.
 */
async function security(app: FastifyInstance, opts: SecurityOptions) {
  app.decorateReply('pageNonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply.pageNonce = nonce;
    (reply.raw as RawWithNonce).pageNonce = nonce;
  });
  const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as RawWithNonce).pageNonce}'`;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: opts.dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", nonceSource],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
}

export default fp(security, { name: 'security' });
