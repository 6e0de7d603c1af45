import { finished, PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import './load-context';

export const streamTimeout = 5_000;

/**
 * Renders a page on the server. Crawlers get the whole document at once; browsers get it streamed. Every
 * inline script carries this response's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyEvent = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          // Once the page is written out the render is over: nothing is left to abort. (A reader who went away
          // leaves it unfinished, for the timer below.)
          finished(body, (error) => {
            if (!error) clearTimeout(timeout);
          });
          const head = modulePreloadsAfterStyles();
          head.pipe(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(head);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // A render still unfinished after the stream's time is aborted. The timer holds the render (its page and its
    // data) until it fires, so it is cleared as soon as the render is over rather than left to hold every page
    // rendered in the last six seconds. (React calls the callbacks above from a later task, never from within
    // renderToPipeableStream, so they find it set.)
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

const MODULE_PRELOAD = '<link rel="modulepreload"';

/**
 * The page's module preloads at low fetch priority: its HTML and stylesheets are what the first paint waits for,
 * and on a slow connection scripts fetched at the same priority share their bandwidth. The scripts still load
 * before the parser reaches them, so hydration waits for nothing new. The head is held until it is whole (it is
 * the first thing React writes), rewritten, and the rest of the page passes through untouched.
 */
function modulePreloadsAfterStyles(): Transform {
  const decoder = new StringDecoder('utf8');
  let head: string | null = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf('</head>');
      if (end < 0) return done();
      const out =
        head.slice(0, end).replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`) + head.slice(end);
      head = null;
      done(null, out);
    },
    flush(done) {
      done(null, head === null ? undefined : head + decoder.end());
    },
  });
}
