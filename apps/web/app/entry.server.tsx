import { finished, PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import './load-context';
import { scriptsAfterPaint } from './scripts-after-paint';

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
        // A part of the page that is ready when its place is written goes out in its place. React's default moves
        // any such part past the first 12,800 bytes to the end of the page and shows it about 300 ms after the
        // first paint, by a script: a second layout of the page, on the main thread, while the reader starts to
        // use it (the footer of every page).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          // Once the page is written out the render is over: nothing is left to abort. (A reader who went away
          // leaves it unfinished, for the timer below.)
          finished(body, (error) => {
            if (!error) clearTimeout(timeout);
          });
          const page = scriptsAfterPaint();
          page.pipe(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(page);
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
