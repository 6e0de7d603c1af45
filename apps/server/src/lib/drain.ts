import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** The port closes once no connection arrived for this long, when none came since the stop began. */
  quietMs: number;
  /**
   * The same, when clients still came after the stop began: they have not heard of it yet, and a pause of theirs
   * (a garbage collection, a busy machine) is no sign that they are done.
   */
  busyQuietMs: number;
  /** The port closes after this long whatever comes. */
  maxMs: number;
}

/** How far a stop got: the drain sets the first three; the server sets the last while it closes the database. */
type DrainStage = 'serving' | 'draining' | 'closing' | 'closing the database';

/** Where a stop is, and what is still unanswered. */
export interface Drain {
  stage: DrainStage;
  inFlight(): string[];
}

/** The server's drain (server.ts): quick when nobody comes, patient while clients still come. */
export const DRAIN: DrainOptions = { quietMs: 100, busyQuietMs: 500, maxMs: 5_000 };

/**
 * Keeps the port open while a stopping server is still being talked to (docs/reliability.md, drill 2). Fastify
 * answers 503 to what arrives once it is closing (return503OnClosing); this hook runs then, before Fastify closes
 * the port, and returns once requests in flight are done and no connection arrived for the quiet period (at most
 * `maxMs`). Closing the port at once would make the kernel reset every connection still queued for it, requests
 * the server had not read yet included; closing it while clients still connect does the same to the few that
 * arrive at that instant. A single quiet period of 100 ms once did that: the clients of the graceful-stop drill,
 * pausing that long on a busy machine, came back as the port closed (docs/testing.md).
 */
export function drainBeforeClose(fastify: FastifyInstance, opts: DrainOptions): Drain {
  /** The requests not answered yet, and since when: what a stop that takes too long names. */
  const open = new Map<object, { method: string; url: string; since: number }>();
  let lastConnectionAt = 0;
  fastify.server.on('connection', () => (lastConnectionAt = performance.now()));
  fastify.server.on('request', (req, res) => {
    open.set(res, { method: req.method ?? '', url: (req.url ?? '').split('?')[0]!, since: performance.now() });
    res.once('close', () => open.delete(res));
  });
  const drain: Drain = {
    stage: 'serving',
    inFlight: () =>
      [...open.values()].map((r) => `${r.method} ${r.url} (${Math.round(performance.now() - r.since)} ms)`),
  };
  fastify.addHook('preClose', async () => {
    drain.stage = 'draining';
    const startedAt = performance.now();
    const deadline = startedAt + opts.maxMs;
    let quietSince = startedAt;
    let previous = startedAt;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const now = performance.now();
      // After a busy stretch of the event loop, connections may wait that it has not accepted yet.
      if (open.size > 0 || lastConnectionAt > quietSince || now - previous > 50) quietSince = now;
      previous = now;
      const quietMs = lastConnectionAt > startedAt ? opts.busyQuietMs : opts.quietMs;
      if (now - quietSince >= quietMs || now >= deadline) break;
    }
    drain.stage = 'closing';
    // Fastify now closes the port and the idle connections, and waits for the others to end. One that still has
    // not after another quiet period carries nothing this server is answering (nothing was in flight when the
    // drain ended): a request whose headers never finished, a keep-alive connection that was busy a moment ago.
    // It is closed rather than waited for, up to the client's leisure or a timeout of a minute.
    setTimeout(() => fastify.server.closeAllConnections(), opts.busyQuietMs).unref();
  });
  return drain;
}
