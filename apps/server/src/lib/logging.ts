import { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/*
 * What the log may hold (docs/security.md, privacy policy): no token, password, reset or verification link and
 * no email address, at any level. Requests are logged by route with their query values left out (tokens, OAuth
 * codes and searches travel there), errors without the parameters of the failed SQL, and every line passes a
 * last filter that masks anything shaped like an email address or a token in a link.
 */

/** A path with the value of every query parameter left out: `/auth/callback?token=~&provider=~`. */
function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]?.slice(0, 40) ?? ''}=~`);
  return `${url.slice(0, q)}?${keys.join('&')}`;
}

/** The request as the log shows it: the route that answered it, and the address without query values. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    route: request.routeOptions?.url,
    remoteAddress: request.ip,
  };
}

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/** The value of a query parameter that carries a secret, wherever a URL shows up (a message, a stack). */
const URL_SECRET = /([?&](?:token|refreshToken|refresh_token|access_token|code|state)=)[^&\s"'\\]+/gi;
/** The value of a JSON field that carries a secret, in a message that quotes a body. */
const JSON_SECRET =
  /((?:\\?")(?:password|currentPassword|newPassword|confirmPassword|token|refreshToken)\\?"\s*:\s*\\?")[^"\\]*/g;
/** Drizzle's "Failed query: … params: a,b,c": the parameters are member data (hashes, addresses, text). */
const SQL_PARAMS = /(\bparams:)[^\n]*/g;

/** Masks what a log line must never carry. */
function scrub(text: string): string {
  return text.replace(SQL_PARAMS, '$1 ~').replace(URL_SECRET, '$1~').replace(JSON_SECRET, '$1~').replace(EMAIL, '~@~');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Errors with their type, code and stack, scrubbed, and without the SQL parameters drivers attach. */
function errorForLog(err: Error): LoggedError {
  return serializeError(err, 0) as LoggedError;
}

function serializeError(err: unknown, depth: number): unknown {
  if (!err || typeof err !== 'object') return typeof err === 'string' ? scrub(err) : err;
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.constructor?.name ?? 'Error', message: '', stack: '' };
  for (const key of ['message', 'stack', 'code', 'statusCode', 'severity', 'detail', 'constraint', 'table', 'column']) {
    const value = e[key];
    if (value !== undefined) out[key] = typeof value === 'string' ? scrub(value) : value;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** The destination of the log: each JSON line passes `scrub` on its way to `out`. */
export function logDestination(out: { write(line: string): unknown } = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      out.write(scrub(chunk.toString()));
      callback();
    },
  });
}

/** The pino options of the server (and of the test that reads a whole journey's log). */
export function loggerOptions(level: string, stream: Writable = logDestination()) {
  return {
    level,
    stream,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: requestForLog, err: errorForLog },
  };
}
