import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createMailSender } from './mail-sender.js';
import { OutboxWorker } from './outbox-worker.js';

/** The app's outbox worker: SMTP when SMTP_URL is set, else the log and DATA_DIR/mail. */
export function createMailWorker(deps: { db: Database; config: Config; log: FastifyBaseLogger }): OutboxWorker {
  return new OutboxWorker(deps.db, createMailSender(deps.config, deps.log), deps.log, {
    intervalMs: deps.config.mailWorkerIntervalMs,
  });
}
