import { STATUS_CODES } from 'node:http';
import { MSG } from '@certitude/shared';

/** An error whose status and message are meant for the client; the one error handler turns it into JSON. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields of the answer, for the few calls whose contract has them (e.g. `success: false`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (message: string, body?: Record<string, unknown>) => new HttpError(400, message, {}, body);
export const unauthorized = (message: string = MSG.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string = MSG.tooManyRequests, retryAfterSeconds?: number) =>
  new HttpError(429, message, retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {});

/** What an operator reads of an error that stops a command: its stack when it has one, else its text. */
export const errorDetail = (err: unknown): string => (err instanceof Error ? (err.stack ?? err.message) : String(err));
