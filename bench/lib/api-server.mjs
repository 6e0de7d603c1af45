// The API alone, from the source through tsx (`node --import tsx bench/lib/api-server.mjs`): the same app, database
// start (migrate, seed a new database) and listening as the built server, without the web app's pages. Benchmarks
// of JSON calls use it so that they run without a build (bench/paths.mjs).
import Fastify from 'fastify';
import app, { fastifyOptions } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { prepareDatabase } from '../../apps/server/src/runtime.ts';

const config = loadConfig();
const fastify = Fastify(fastifyOptions(config, false));
const database = await prepareDatabase(config, fastify.log);
await fastify.register(app, { config, database, web: false });
fastify.addHook('onClose', async () => database.close());
await fastify.listen({ port: config.port, host: config.host });
process.once('SIGTERM', () => {
  fastify.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
