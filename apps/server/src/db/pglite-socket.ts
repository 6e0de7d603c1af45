import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database of a running server, reachable by other processes of the same user: a PostgreSQL
 * wire-protocol endpoint on a Unix socket, DATA_DIR/run/.s.PGSQL.5432 (so `psql -h DATA_DIR/run` and node-pg
 * with `host: DATA_DIR/run` find it). The operator command line uses it while the server runs.
 *
 * PGlite is one backend session. A connection takes the whole database, the server's own queries included,
 * from its first message until PostgreSQL is idle again (ReadyForQuery 'I'): a transaction or an extended
 * query (Parse…Sync) of a client is never interleaved with anything else. Then DISCARD ALL gives the session
 * back as the server had it. A client that sits inside a transaction for IDLE_IN_TRANSACTION_MS is cut off
 * and its transaction rolled back, so that it cannot stall the site.
 */

export const SOCKET_PORT = 5432;
const IDLE_IN_TRANSACTION_MS = 10_000;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

export function socketDir(dataDir: string): string {
  return join(dataDir, 'run');
}

export function socketPath(dataDir: string): string {
  return join(socketDir(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
}

/** A simple-query message. */
function query(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg.write('Q', 0, 'latin1');
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return msg;
}
const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

/** The transaction status of the last ReadyForQuery in a stream of backend messages, if any. */
function lastReadyStatus(data: Buffer): string | undefined {
  let status: string | undefined;
  for (let at = 0; at + 5 <= data.length;) {
    const length = data.readInt32BE(at + 1);
    if (data[at] === 0x5a && at + 6 <= data.length) status = String.fromCharCode(data[at + 5]!);
    at += 1 + length;
  }
  return status;
}

export class PgliteSocketServer {
  private server: Server | undefined;
  private readonly connections = new Set<Connection>();

  constructor(
    private readonly pglite: PGlite,
    private readonly dataDir: string,
  ) {}

  get path() {
    return socketPath(this.dataDir);
  }

  async start(): Promise<void> {
    const dir = socketDir(this.dataDir);
    // Only this user may connect: the directory is private, whatever the umask made DATA_DIR.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    rmSync(this.path, { force: true }); // left by a process that was killed; we hold DATA_DIR's lock
    const server = createServer((socket) => {
      const connection = new Connection(socket, this.pglite, () => this.connections.delete(connection));
      this.connections.add(connection);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([...this.connections].map((c) => c.close()));
    await closed;
    rmSync(this.path, { force: true });
  }

  get connectionCount() {
    return this.connections.size;
  }
}

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  /** Messages are run one after the other, in order. */
  private chain: Promise<void> = Promise.resolve();
  /** Set while this connection has the database to itself. */
  private release: (() => void) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly pglite: PGlite,
    private readonly onClosed: () => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (data) => this.receive(data));
    socket.on('error', () => undefined);
    socket.on('close', () => void this.close());
  }

  close(): Promise<void> {
    this.closing ??= this.chain
      .then(() => this.cleanUp())
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(this.idleTimer);
        this.socket.destroy();
        this.onClosed();
      });
    return this.closing;
  }

  private receive(data: Buffer) {
    if (this.closing) return;
    this.buffer = Buffer.concat([this.buffer, data]);
    for (;;) {
      const message = this.nextMessage();
      if (message === undefined) return;
      if (message === null) continue;
      this.chain = this.chain.then(() => this.run(message));
    }
  }

  /** The next whole message, null for one handled here, undefined when more bytes are needed. */
  private nextMessage(): Buffer | null | undefined {
    const b = this.buffer;
    if (!this.started) {
      if (b.length < 8) return undefined;
      const length = b.readInt32BE(0);
      if (b.length < length) return undefined;
      const code = b.readInt32BE(4);
      const message = b.subarray(0, length);
      this.buffer = b.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.socket.write('N'); // no encryption on a local socket; the client goes on in clear
        return null;
      }
      if (code === CANCEL_REQUEST || code !== PROTOCOL_3) {
        void this.close();
        return undefined;
      }
      this.started = true;
      return Buffer.from(message);
    }
    if (b.length < 5) return undefined;
    const length = 1 + b.readInt32BE(1);
    if (b.length < length) return undefined;
    const message = b.subarray(0, length);
    this.buffer = b.subarray(length);
    if (message[0] === 0x58 /* Terminate */) {
      void this.close();
      return undefined;
    }
    return Buffer.from(message);
  }

  private async run(message: Buffer) {
    if (this.closing) return;
    clearTimeout(this.idleTimer);
    if (!this.release) this.release = await this.takeDatabase();
    const out = await this.exec(message);
    if (this.socket.writable) this.socket.write(out);
    const status = lastReadyStatus(out);
    if (status === 'I') {
      await this.exec(query('DISCARD ALL'));
      this.giveBack();
    } else {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_IN_TRANSACTION_MS);
      this.idleTimer.unref();
    }
  }

  /** Waits for the server's own queries and transactions, and other connections, then holds them off. */
  private takeDatabase(): Promise<() => void> {
    return new Promise((acquired) => {
      void this.pglite._runExclusiveTransaction(() => new Promise<void>((release) => acquired(release)));
    });
  }

  private giveBack() {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  private async exec(message: Uint8Array): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.pglite.runExclusive(() =>
      this.pglite.execProtocolRawStream(message, { onRawData: (data) => chunks.push(Buffer.from(data)) }),
    );
    return Buffer.concat(chunks);
  }

  /** A client gone mid-way: finish its extended query, roll back its transaction, reset the session. */
  private async cleanUp() {
    if (!this.release) return;
    try {
      await this.exec(SYNC);
      if (this.pglite.isInTransaction()) await this.exec(query('ROLLBACK'));
      await this.exec(query('DISCARD ALL'));
    } finally {
      this.giveBack();
    }
  }
}
