import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { PageData, ServerLoadContext } from '@certitude/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { WEB_BUILD_DIR, WEB_ROOT } from '../lib/paths.js';
import { sendPrecompressed } from '../lib/precompressed.js';
import { isDatabaseUnavailable } from './error-handler.js';
import { cacheablePage, type PageCache } from './page-cache.js';

interface WebOptions {
  publicUrl: string;
  /** Serve the web app through Vite's dev server with hot reload instead of the built files. */
  dev: boolean;
  /** Visitors' pages kept in memory; none in development, where the code changes under the cache. */
  pageCache?: PageCache;
  /** Whether the cache can be trusted now (it hears of every change); when not, every page is rendered. */
  cacheTrusted?: () => boolean;
}

type Handler = (request: Request, context: ServerLoadContext) => Promise<Response>;

/**
 * Hosts the React Router app: hashed assets from the build, and every page rendered on the server by the
 * same process that serves the API. Paths under /api and /auth that match no route stay JSON 404s.
 */
async function web(app: FastifyInstance, opts: WebOptions) {
  const handler = opts.dev ? await devHandler(app) : await productionHandler(app);

  const pageCache = opts.dev ? undefined : opts.pageCache;

  /** Renders the page and answers it; a page to keep (`keepIn` given) is rendered whole and kept there. */
  const renderAnswer = async (request: FastifyRequest, reply: FastifyReply, keepIn?: PageCache) => {
    const version = keepIn?.version ?? 0;
    const controller = new AbortController();
    reply.raw.once('close', () => controller.abort());
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else if (value !== undefined) headers.set(key, value);
    }
    const webRequest = new Request(new URL(request.url, opts.publicUrl), {
      method: request.method,
      headers,
      signal: controller.signal,
    });
    let databaseDown = false;
    const response = await handler(webRequest, {
      nonce: reply.pageNonce,
      publicUrl: opts.publicUrl,
      data: noticingOutage(app.pageData, () => (databaseDown = true)),
      supportUrl: app.config.supportUrl,
    });
    // A page that failed because the database is away says so, as the API does: 503 and when to try again.
    if (response.status >= 500 && databaseDown) reply.code(503).header('retry-after', '5');
    else reply.code(response.status);
    for (const [key, value] of response.headers) {
      if (key === 'set-cookie') continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    if (keepIn && response.status === 200 && cookies.length === 0) {
      // Rendered whole rather than streamed, so that the next visitor gets it from memory.
      const html = await response.text();
      const headers: Record<string, string> = {};
      for (const [key, value] of response.headers) if (key !== 'content-length') headers[key] = value;
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        keepIn.set(request.url, { headers, html, nonce: reply.pageNonce, policy, version });
      return reply.header('x-page-cache', 'miss').send(html);
    }
    return reply.send(Readable.fromWeb(response.body as WebReadableStream));
  };

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const cacheable =
      pageCache !== undefined &&
      request.method === 'GET' &&
      !request.headers.authorization &&
      !request.headers.cookie &&
      cacheablePage(request.url) &&
      (opts.cacheTrusted?.() ?? true);
    if (cacheable) {
      const hit = pageCache.get(request.url) ?? (await pageCache.afterRender(request.url));
      if (hit)
        return sendPrecompressed(request, reply.code(200).headers(hit.headers).header('x-page-cache', 'hit'), hit.body);
      // One render of a missing page at a time: readers who ask meanwhile wait for it (afterRender).
      const ended = pageCache.beginRender(request.url);
      try {
        return await renderAnswer(request, reply, pageCache);
      } finally {
        ended();
      }
    }
    return renderAnswer(request, reply);
  };

  app.decorate('renderPage', render);
}

/** The page data, calling `onOutage` when a call fails because the database is unreachable. */
function noticingOutage(data: PageData, onOutage: () => void): PageData {
  const noticed: Record<string, unknown> = {};
  for (const [key, fn] of Object.entries(data) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    noticed[key] = (...args: unknown[]) => {
      const result = fn(...args);
      result.catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) onOutage();
      });
      return result;
    };
  }
  return noticed as unknown as PageData;
}

let buildLoading: Promise<ServerBuild> | undefined;

/**
 * Starts loading the built web app. The server calls it before opening the database so that both happen
 * at once (PGlite compiles its WebAssembly off the main thread); the plugin then finds it loaded.
 */
export function preloadWebBuild(): Promise<ServerBuild> {
  buildLoading ??= (async () => {
    const serverEntry = join(WEB_BUILD_DIR, 'server', 'index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`The web app is not built (${serverEntry} is missing): run npm run build`);
    }
    return (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  })();
  return buildLoading;
}

async function productionHandler(app: FastifyInstance): Promise<Handler> {
  const build = await preloadWebBuild();
  await app.register(fastifyStatic, {
    root: join(WEB_BUILD_DIR, 'client'),
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(res, path) {
      // File names under assets/ carry a content hash: they never change.
      res.header(
        'cache-control',
        path.includes(`${join('client', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  return createRequestHandler(build, 'production') as unknown as Handler;
}

async function devHandler(app: FastifyInstance): Promise<Handler> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: WEB_ROOT, server: { middlewareMode: true }, appType: 'custom' });
  await app.register(import('@fastify/middie'));
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  return createRequestHandler(
    () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    'development',
  ) as unknown as Handler;
}

declare module 'fastify' {
  interface FastifyInstance {
    renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

export default fp(web, { name: 'web' });
