import { STATUS_CODES } from 'node:http';
import { MSG } from '@certitude/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.js';
import { refusalHeaders } from './security.js';

/**
 * Errors of the database driver that mean "not reachable now" or "too busy to answer now", not "the request was
 * wrong": answered 503 with Retry-After.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: the statement ran past statement_timeout, the database too busy to answer in time
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    const message = String((e as { message?: unknown }).message ?? '');
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const GENERIC = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required)/i;

interface IssueLike {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** One readable sentence from a validation failure: the product's own texts where a rule gives one (docs/api.md#errors). */
function validationMessage(issues: IssueLike[]): string {
  const parts = issues.slice(0, 5).map((i) => {
    const message = i.message ?? 'is invalid';
    const path = i.instancePath?.replace(/^\//, '').replace(/\//g, '.') || i.params?.issue?.path?.join('.');
    // A revision's fields are many and alike: each message names its field (`exam.costUsd: …`).
    if (path?.startsWith('changes.')) return `${path.slice('changes.'.length)}: ${message}`;
    // The rules' own texts (the product's sentences) stand alone; the schema library's generic ones name their field.
    if (!GENERIC.test(message)) return message;
    return path ? `${path}: ${message}` : message;
  });
  return [...new Set(parts)].join('; ');
}

function send(reply: FastifyReply, statusCode: number, message: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra });
}

/** The one error handler: every failure leaves as `{ statusCode, error, message }`, never with a stack. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return send(reply, err.statusCode, err.message, err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      return send(reply, 400, validationMessage((err.validation ?? []) as IssueLike[]));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, MSG.malformedJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, MSG.bodyTooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, err.statusCode ?? 415, MSG.unsupportedMediaType);
    }
    if (err instanceof SyntaxError && (err as FastifyError).statusCode === 400) {
      return send(reply, 400, MSG.malformedJson);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, MSG.databaseUnavailable);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return send(reply, 429, MSG.tooManyRequests);
      return send(reply, status, err.message || STATUS_CODES[status] || 'Bad Request');
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, MSG.internalError);
  });
}

/**
 * The router refuses some addresses before any hook or the error handler runs: a bad percent-encoding, a path
 * parameter longer than `maxParamLength`. Fastify's own answer to those names the framework (`code`), echoes
 * the address and lacks the security headers; this gives them the one error shape instead (Fastify's
 * `frameworkErrors` option).
 */
export function frameworkErrorAnswer(https: boolean) {
  const headers = refusalHeaders(https);
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(headers).header('x-request-id', request.id);
    if (err.code === 'FST_ERR_BAD_URL') return send(reply, 400, MSG.badUrl);
    if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, MSG.urlTooLong);
    request.log.error({ err }, 'router error');
    return send(reply, 500, MSG.internalError);
  };
}

export default fp(errorHandler, { name: 'error-handler' });
