import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** A certification as the API answers it. */
export type Certification = paths['/api/certification/{id}']['get']['responses'][200]['content']['application/json'];

/** The open data index (GET /data/index.json). */
export type OpenDataIndex = paths['/data/index.json']['get']['responses'][200]['content']['application/json'];

export interface CertitudeClientOptions {
  /** Where the site answers, such as https://certitude.example.com. */
  baseUrl: string;
  /** A member's access token, or a function that gives the current one: sent as `Authorization: Bearer …`. */
  token?: string | (() => string | undefined);
  /** Another fetch (a test's, or one with a proxy); the global one by default. */
  fetch?: ClientOptions['fetch'];
}

export type CertitudeClient = Client<paths>;

/**
 * A client of every call of the API, typed from its OpenAPI document: `client.GET('/api/certification/{id}',
 * { params: { path: { id: 'aws-solutions-architect-associate' } } })` answers `{ data, error, response }`.
 */
export function createCertitudeClient(options: CertitudeClientOptions): CertitudeClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: options.fetch });
  const { token } = options;
  if (token !== undefined) {
    client.use({
      onRequest({ request }) {
        const value = typeof token === 'function' ? token() : token;
        if (value) request.headers.set('authorization', `Bearer ${value}`);
        return request;
      },
    });
  }
  return client;
}

export interface RateLimit {
  /** Requests the tightest limit of the call allows in its window. */
  limit: number;
  /** Requests left in that window. */
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
  /** On a 429: the seconds to wait before trying again. */
  retryAfterSeconds: number | undefined;
}

/** The rate limit an answer reports (RateLimit-* and Retry-After headers), or undefined for a call no limit counts. */
export function rateLimitOf(response: Response): RateLimit | undefined {
  const limit = response.headers.get('ratelimit-limit');
  if (limit === null) return undefined;
  const retryAfter = response.headers.get('retry-after');
  return {
    limit: Number(limit),
    remaining: Number(response.headers.get('ratelimit-remaining') ?? 0),
    resetSeconds: Number(response.headers.get('ratelimit-reset') ?? 0),
    retryAfterSeconds: retryAfter === null ? undefined : Number(retryAfter),
  };
}
