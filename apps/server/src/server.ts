import Fastify from 'fastify';
import { fastifyOptions, default as app } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { DRAIN, drainBeforeClose } from './lib/drain.js';
import { nodeVersionProblem } from './node-version.js';
import { loggerOptions } from './lib/logging.js';
import { preloadWebBuild } from './plugins/web.js';
import { prepareDatabase } from './runtime.js';
import { errorDetail } from './lib/errors.js';

/** How long in-flight requests get to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function main(mode: 'built' | 'dev' = 'built') {
  const tooOld = nodeVersionProblem();
  if (tooOld) {
    process.stderr.write(`${tooOld}\n`);
    process.exit(1);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // No token, password, link or email address in the log (lib/logging.ts); in development on a terminal the
  // same options are printed by pino-pretty (serializers and redaction still apply, the last filter does not).
  const { stream, ...options } = loggerOptions(config.logLevel);
  const logger =
    process.stdout.isTTY && mode === 'dev'
      ? { ...options, transport: { target: 'pino-pretty' } }
      : { ...options, stream };
  const fastify = Fastify(fastifyOptions(config, logger));
  const startedAt = performance.now();
  const webBuild = mode === 'built' ? preloadWebBuild() : undefined;
  webBuild?.catch(() => undefined); // awaited, and reported, when the web plugin registers
  let database: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    database = await prepareDatabase(config, fastify.log);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`Certitude could not start: ${err.message}. Stop it, or give this one another DATA_DIR.\n`);
      process.exit(1);
    }
    throw err;
  }
  const databaseReadyAt = performance.now();
  await fastify.register(app, { config, database, web: mode });
  // After SIGTERM the port stays open while clients still come, answered 503 (lib/drain.ts).
  const drain = drainBeforeClose(fastify, DRAIN);
  fastify.addHook('onClose', async () => {
    drain.stage = 'closing the database';
    await database.close();
  });
  await fastify.ready();
  const appReadyAt = performance.now();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      // What held the stop up, so that a slow stop can be explained from its log.
      fastify.log.error({ stage: drain.stage, inFlight: drain.inFlight() }, 'the stop did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    fastify.close().then(
      () => {
        fastify.log.info('stopped cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        fastify.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await fastify.listen({ port: config.port, host: config.host });
  fastify.log.info(
    {
      processUptimeMs: Math.round(process.uptime() * 1000),
      databaseMs: Math.round(databaseReadyAt - startedAt),
      appMs: Math.round(appReadyAt - databaseReadyAt),
      database: database.kind,
    },
    'Certitude is ready',
  );
  if (config.badgeAllowPrivateHosts) {
    fastify.log.warn(
      'BADGE_ALLOW_PRIVATE_HOSTS=true: badge checks may fetch loopback and private addresses; never in production',
    );
  }
  return fastify;
}

main(process.env.CERTITUDE_DEV === '1' ? 'dev' : 'built').catch((err: unknown) => {
  process.stderr.write(`Certitude could not start: ${errorDetail(err)}\n`);
  process.exit(1);
});
