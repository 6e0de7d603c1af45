import { request } from 'node:http';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAIN, type Drain, drainBeforeClose } from './drain.js';

/** One GET on a connection of its own, as the graceful-stop drill sends it: its status, or the socket's error code. */
function get(port: number, path = '/'): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
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

  let drain: Drain;
  async function listening() {
    app = Fastify({ return503OnClosing: true, forceCloseConnections: 'idle' });
    app.get('/', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await pause(400);
      return { ok: true };
    });
    drain = drainBeforeClose(app, DRAIN);
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

  it('names the requests a stop still waits for, and how far the stop got', async () => {
    const port = await listening();
    const slow = get(port, '/slow');
    await pause(100);
    expect(drain.stage).toBe('serving');
    expect(drain.inFlight()).toEqual([expect.stringMatching(/^GET \/slow \(\d+ ms\)$/)]);
    const closed = app!.close();
    await pause(50);
    expect(drain.stage).toBe('draining');
    expect(await slow).toBe(200);
    await closed;
    expect(drain.stage).toBe('closing');
    expect(drain.inFlight()).toEqual([]);
  });

  it('stops, once drained, though a connection still holds a request whose headers never finished', async () => {
    const port = await listening();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await pause(50);
    const startedAt = performance.now();
    await app!.close();
    // The drain's quiet period, then one more before the connection is closed: far from the minute of a
    // headers timeout.
    expect(performance.now() - startedAt).toBeLessThan(DRAIN.quietMs + DRAIN.busyQuietMs + 1_000);
    await ended;
  });
});
