// The floor of the reads benchmark: a bare Fastify route that answers the bytes of a file from memory,
// with the content type given, and nothing else (no database, no hooks, no security headers).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.FLOOR_BODY);
const contentType = process.env.FLOOR_CONTENT_TYPE ?? 'application/json; charset=utf-8';
const path = process.env.FLOOR_PATH ?? '/api/certification';

const app = Fastify({ logger: false });
app.get(path, (_request, reply) => {
  reply.header('content-type', contentType).send(body);
});
app.get('/readyz', (_request, reply) => reply.send({ status: 'ready' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
