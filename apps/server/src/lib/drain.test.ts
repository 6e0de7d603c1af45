import { request } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAIN, drainBeforeClose } from './drain.js';

/** One GET on a connection of its own, as the graceful-stop drill sends it: its status, or the socket's error code. */
function get(port: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/', agent: false, headers: { connection: 'close' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a stopping server keeps its port while clients still come', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function listening() {
    app = Fastify({ return503OnClosing: true, forceCloseConnections: 'idle' });
    app.get('/', async () => ({ ok: true }));
    drainBeforeClose(app, DRAIN);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  it('answers 503 to clients that pause for longer than an idle server waits, then closes the port', async () => {
    const port = await listening();
    expect(await get(port)).toBe(200);
    const closed = app!.close();
    const answers: (number | string)[] = [];
    // Clients that have not heard of the stop: a request every 20 ms, then a pause (a garbage collection, a busy
    // machine) three times the quiet period of a server nobody talks to, then more requests.
    for (let i = 0; i < 5; i++) {
      answers.push(await get(port));
      await pause(20);
    }
    await pause(DRAIN.quietMs * 3);
    for (let i = 0; i < 5; i++) answers.push(await get(port));
    expect(answers).toEqual(Array(10).fill(503));
    // Once they are gone, the server stops: the port refuses connections.
    await closed;
    expect(await get(port)).toBe('ECONNREFUSED');
  });
});
