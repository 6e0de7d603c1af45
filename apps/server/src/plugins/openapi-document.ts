/**
 * What the routes' schemas cannot say about themselves, added to the generated OpenAPI document: an
 * operationId and the security of every operation, and a description of every error answer.
 *
 * Every route reads `Authorization: Bearer …` when it is sent, and a bad token is 401 on any of them, public
 * ones included (decision 0004). So:
 * - `required`: the operation needs a signed-in member: security bearerAuth.
 * - `optional`: a visitor gets an answer, and a member's token changes it (their vote, drafts for editors):
 *   security bearerAuth or none.
 * - `none`: the answer is the same for everyone: no security.
 */
export type Auth = 'none' | 'optional' | 'required';

export const OPERATIONS: Record<string, { operationId: string; auth: Auth }> = {
  'GET /healthz': { operationId: 'getHealth', auth: 'none' },
  'GET /readyz': { operationId: 'getReadiness', auth: 'none' },
  'GET /sitemap.xml': { operationId: 'getSitemap', auth: 'none' },
  'GET /robots.txt': { operationId: 'getRobots', auth: 'none' },
  'GET /feeds/certifications.atom': { operationId: 'getCertificationsFeed', auth: 'none' },
  'GET /feeds/articles.atom': { operationId: 'getArticlesFeed', auth: 'none' },
  'GET /api/stats': { operationId: 'getStats', auth: 'none' },
  'GET /data/index.json': { operationId: 'getOpenDataIndex', auth: 'none' },
  'GET /data/{day}/{file}': { operationId: 'getOpenDataFile', auth: 'none' },

  'GET /api/certification': { operationId: 'listCertifications', auth: 'none' },
  'GET /api/search': { operationId: 'searchCertifications', auth: 'none' },
  'POST /api/certification': { operationId: 'submitCertification', auth: 'required' },
  'GET /api/certification/{id}': { operationId: 'getCertification', auth: 'optional' },
  'PUT /api/certification/{id}': { operationId: 'updateCertification', auth: 'required' },
  'GET /api/resource/certification/{id}': { operationId: 'listResources', auth: 'optional' },
  'POST /api/resource': { operationId: 'submitResource', auth: 'required' },
  'GET /api/vote/{type}/{id}/status': { operationId: 'getVoteStatus', auth: 'optional' },
  'POST /api/vote/{type}/{id}/upvote': { operationId: 'upvote', auth: 'required' },
  'POST /api/vote/{type}/{id}/downvote': { operationId: 'downvote', auth: 'required' },
  'GET /api/domains': { operationId: 'listDomains', auth: 'none' },
  'GET /api/paths': { operationId: 'listPaths', auth: 'none' },
  'GET /api/paths/{domain}': { operationId: 'getPathMap', auth: 'none' },
  'GET /api/certification/{id}/next': { operationId: 'listNextSteps', auth: 'none' },
  'PUT /api/certification/{id}/rating': { operationId: 'rateCertification', auth: 'required' },
  'DELETE /api/certification/{id}/rating': { operationId: 'deleteRating', auth: 'required' },
  'GET /api/certification/{id}/rating': { operationId: 'getOwnRating', auth: 'required' },
  'GET /api/user/rating-privacy': { operationId: 'getRatingPrivacy', auth: 'required' },
  'PUT /api/user/rating-privacy': { operationId: 'updateRatingPrivacy', auth: 'required' },
  'GET /api/certification/{id}/ratings': { operationId: 'listRatings', auth: 'none' },
  'GET /api/compare': { operationId: 'compareCertifications', auth: 'none' },
  'POST /api/certification/{id}/revisions': { operationId: 'proposeRevision', auth: 'required' },
  'GET /api/certification/{id}/revisions': { operationId: 'listRevisions', auth: 'optional' },
  'POST /api/admin/revision/{id}/approve': { operationId: 'approveRevision', auth: 'required' },
  'POST /api/admin/revision/{id}/reject': { operationId: 'rejectRevision', auth: 'required' },
  'POST /api/admin/revision/{id}/revert': { operationId: 'revertRevision', auth: 'required' },
  'PUT /api/user/certifications/{id}': { operationId: 'trackCertification', auth: 'required' },
  'DELETE /api/user/certifications/{id}': { operationId: 'untrackCertification', auth: 'required' },
  'GET /api/user/certifications': { operationId: 'listTrackedCertifications', auth: 'required' },
  'GET /api/users/{username}': { operationId: 'getPublicProfile', auth: 'none' },
  'POST /api/user/badges': { operationId: 'addBadge', auth: 'required' },
  'GET /api/user/badges': { operationId: 'listBadges', auth: 'required' },
  'DELETE /api/user/badges/{id}': { operationId: 'removeBadge', auth: 'required' },
  'GET /api/user/first-sign-in': { operationId: 'getFirstSignIn', auth: 'required' },
  'PUT /api/user/first-sign-in': { operationId: 'recordFirstSignIn', auth: 'required' },
  'GET /api/notifications': { operationId: 'listNotifications', auth: 'required' },
  'GET /api/notifications/unread-count': { operationId: 'countUnreadNotifications', auth: 'required' },
  'POST /api/notifications/read': { operationId: 'markNotificationsRead', auth: 'required' },
  'GET /api/certification/{id}/watch': { operationId: 'getWatchStatus', auth: 'required' },
  'PUT /api/certification/{id}/watch': { operationId: 'watchCertification', auth: 'required' },
  'DELETE /api/certification/{id}/watch': { operationId: 'unwatchCertification', auth: 'required' },
  'GET /api/user/notification-settings': { operationId: 'getNotificationSettings', auth: 'required' },
  'PUT /api/user/notification-settings': { operationId: 'updateNotificationSettings', auth: 'required' },
  // The signed token of the emailed link is the credential (RFC 8058: no cookie, no Authorization).
  'POST /unsubscribe': { operationId: 'unsubscribe', auth: 'none' },

  'POST /auth/register': { operationId: 'register', auth: 'none' },
  'POST /auth/login': { operationId: 'login', auth: 'none' },
  'POST /auth/refresh': { operationId: 'refreshSession', auth: 'none' },
  'POST /auth/logout': { operationId: 'logout', auth: 'none' },
  'POST /auth/forgot-password': { operationId: 'forgotPassword', auth: 'none' },
  'GET /auth/validate-reset-token': { operationId: 'validateResetToken', auth: 'none' },
  'POST /auth/reset-password': { operationId: 'resetPassword', auth: 'none' },
  'POST /api/email-verification/verify': { operationId: 'verifyEmail', auth: 'none' },
  'POST /api/email-verification/resend': { operationId: 'resendVerificationEmail', auth: 'none' },
  'GET /auth/oauth/{provider}': { operationId: 'startOAuth', auth: 'none' },
  'GET /auth/oauth/{provider}/callback': { operationId: 'finishOAuth', auth: 'none' },
  // The one-time code travels in an httpOnly cookie, not as a bearer token (decision 0015).
  'POST /auth/oauth/session': { operationId: 'exchangeOAuthCode', auth: 'none' },
  'GET /api/user/profile': { operationId: 'getProfile', auth: 'required' },
  'PUT /api/user/change-password': { operationId: 'changePassword', auth: 'required' },
  'PUT /api/user/change-email': { operationId: 'changeEmail', auth: 'required' },

  'GET /api/certification/{id}/comments': { operationId: 'listComments', auth: 'optional' },
  'POST /api/certification/{id}/comments': { operationId: 'postComment', auth: 'required' },
  'PUT /api/comments/{id}': { operationId: 'editComment', auth: 'required' },
  'DELETE /api/comments/{id}': { operationId: 'deleteComment', auth: 'required' },

  'GET /api/admin/pending-counts': { operationId: 'getPendingCounts', auth: 'required' },
  'GET /api/admin/pending': { operationId: 'listPending', auth: 'required' },
  'POST /api/admin/certification/{id}/approve': { operationId: 'approveCertification', auth: 'required' },
  'POST /api/admin/certification/{id}/reject': { operationId: 'rejectCertification', auth: 'required' },
  'POST /api/admin/resource/{id}/approve': { operationId: 'approveResource', auth: 'required' },
  'POST /api/admin/resource/{id}/reject': { operationId: 'rejectResource', auth: 'required' },
  'GET /api/admin/users': { operationId: 'searchMembers', auth: 'required' },
  'PUT /api/admin/users/{id}/role': { operationId: 'changeMemberRole', auth: 'required' },
  'GET /api/admin/audit-log': { operationId: 'getModerationLog', auth: 'required' },
  'GET /api/admin/stale-facts': { operationId: 'listStaleFacts', auth: 'required' },
  'POST /api/admin/users/{id}/suspend': { operationId: 'suspendMember', auth: 'required' },
  'DELETE /api/admin/users/{id}/suspend': { operationId: 'liftSuspension', auth: 'required' },
  'GET /api/admin/users/{id}/suspensions': { operationId: 'listSuspensions', auth: 'required' },
  'POST /api/admin/users/{id}/reverse-votes': { operationId: 'reverseMemberVotes', auth: 'required' },
  'POST /api/flags': { operationId: 'flagItem', auth: 'required' },
  'GET /api/admin/flags': { operationId: 'listFlags', auth: 'required' },
  'POST /api/admin/flags/resolve': { operationId: 'resolveFlags', auth: 'required' },
  'POST /api/admin/voting-rings/{id}/dismiss': { operationId: 'dismissVotingRing', auth: 'required' },
  'GET /api/moderation-log': { operationId: 'getPublicModerationLog', auth: 'optional' },

  'GET /api/articles': { operationId: 'listArticles', auth: 'none' },
  'POST /api/articles': { operationId: 'createArticle', auth: 'required' },
  'GET /api/articles/{article}': { operationId: 'getArticle', auth: 'optional' },
  'GET /api/admin/articles': { operationId: 'listArticlesForEditors', auth: 'required' },
  'PUT /api/articles/{article}': { operationId: 'updateArticle', auth: 'required' },
  'DELETE /api/articles/{article}': { operationId: 'deleteArticle', auth: 'required' },
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is not valid; the message says what to change',
  '401': 'No valid access token: signing in is needed, or the token sent is expired or not valid (refresh it)',
  '403': 'Signed in, but this member may not do this',
  '404': 'There is no such item, or it is not public',
  '409': 'The request conflicts with the current state (a name already taken, an item already reviewed)',
  '413': 'The body is larger than 100 KiB',
  '415': 'The body is not JSON',
  '422': 'The badge does not verify; `reason` says why (docs/api.md#verified-holders)',
  '429': 'Too many requests: Retry-After gives the seconds to wait',
  '503': 'The database does not answer (readiness) or the server is shutting down',
};

type Json = Record<string, unknown>;
interface Operation extends Json {
  responses?: Record<string, Json>;
  security?: Json[];
  operationId?: string;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const ERROR_SCHEMA = {
  type: 'object',
  description: 'Every error answer: the HTTP status, its name and a message for people',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['statusCode', 'error', 'message'],
  additionalProperties: false,
};
const header = (description: string, type: 'string' | 'integer') => ({ description, schema: { type } });

/** The headers of docs/api.md#caching-cors-and-rate-limits, described once and referred to by every answer. */
const HEADERS: Json = {
  ETag: header('Names this answer: send it back in If-None-Match to get 304 while it holds', 'string'),
  'Access-Control-Allow-Origin': header(
    '`*` on public reads (GET or HEAD without Authorization), never with credentials; absent on writes and on answers for a signed-in member',
    'string',
  ),
  'RateLimit-Limit': header('Requests the tightest limit this call counts against allows in its window', 'integer'),
  'RateLimit-Remaining': header('Requests left in that window', 'integer'),
  'RateLimit-Reset': header('Seconds until that window ends', 'integer'),
  'Retry-After': header('Seconds until the limit lets requests in again', 'integer'),
};
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_HEADERS = Object.fromEntries(
  ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].map((h) => [h, headerRef(h)]),
);
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of an earlier answer: 304 without a body while it still holds',
  schema: { type: 'string' },
};
const isPublicSurface = (path: string) => path.startsWith('/api/') || path.startsWith('/data/');

/** A public read: its success answers carry an ETag and CORS, and a matching If-None-Match gets 304. */
function describePublicRead(operation: Operation) {
  const responses = operation.responses!;
  for (const [status, answer] of Object.entries(responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    answer.headers = {
      ...(answer.headers as Json | undefined),
      ETag: headerRef('ETag'),
      'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin'),
    };
  }
  responses['304'] ??= { description: 'Not modified: If-None-Match names the current ETag' };
  const parameters = ((operation.parameters as Json[] | undefined) ??= []);
  if (!parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'if-none-match')) {
    parameters.push(IF_NONE_MATCH);
  }
}

/** A rate-limited call: its answers tell the limit, and a 429 when to come back. */
function describeRateLimited(operation: Operation) {
  for (const [status, answer] of Object.entries(operation.responses!)) {
    if (!/^2\d\d$/.test(status) && status !== '429') continue;
    answer.headers = { ...(answer.headers as Json | undefined), ...RATE_LIMIT_HEADERS };
    if (status === '429') answer.headers = { ...(answer.headers as Json), 'Retry-After': headerRef('Retry-After') };
  }
}

/** 401 says different things: not signed in, a bad token sent anyway, or bad credentials (login, refresh). */
function unauthorizedDescription(auth: Auth, declared: boolean): string {
  if (auth === 'required') return ERROR_DESCRIPTIONS['401']!;
  if (declared && auth === 'none') return 'The credentials or the token given are not valid';
  return 'An access token was sent and is not valid (expired: refresh it and try again)';
}

const errorAnswer = (status: string, description = ERROR_DESCRIPTIONS[status] ?? 'Error'): Json => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

/** camelCase of the method and path, for a route missing from OPERATIONS. */
function fallbackOperationId(method: string, path: string): string {
  const words = path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** Whether a response schema is the error shape (generated from errorResponseSchema). */
function isErrorSchema(schema: unknown): boolean {
  const s = schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  return Boolean(
    s?.properties &&
    ['statusCode', 'error', 'message'].every((k) => k in s.properties! && s.required?.includes(k)) &&
    // The error shape, or with the `reason` of a refused badge (docs/api.md#verified-holders).
    s.required!.every((k) => ['statusCode', 'error', 'message', 'reason'].includes(k)),
  );
}

export function finishDocument<T extends Json>(doc: T): T {
  const components = ((doc.components as Json | undefined) ?? {}) as Json & { schemas?: Json };
  components.schemas = { ...(components.schemas ?? {}), Error: ERROR_SCHEMA };
  components.headers = { ...((components.headers as Json | undefined) ?? {}), ...HEADERS };
  (doc as Json).components = components;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const responses = (operation.responses ??= {});
      const known = OPERATIONS[`${method.toUpperCase()} ${path}`];
      const auth: Auth = known?.auth ?? ('401' in responses ? 'required' : 'optional');
      operation.operationId = known?.operationId ?? fallbackOperationId(method, path);
      operation.security = auth === 'none' ? [] : auth === 'required' ? [{ bearerAuth: [] }] : [{}, { bearerAuth: [] }];
      // A bad token is 401 anywhere; a JSON body can be malformed, too large or of another type.
      const declared401 = '401' in responses;
      responses['401'] ??= {};
      if ('requestBody' in operation) {
        responses['400'] ??= {};
        responses['413'] ??= {};
        responses['415'] ??= {};
      }
      for (const [status, answer] of Object.entries(responses)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const schema = (answer.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']
          ?.schema;
        if (schema === undefined || isErrorSchema(schema)) {
          responses[status] =
            status === '401' ? errorAnswer(status, unauthorizedDescription(auth, declared401)) : errorAnswer(status);
        }
      }
      if ('429' in responses) describeRateLimited(operation);
      if (method === 'get' && auth !== 'required' && isPublicSurface(path)) describePublicRead(operation);
    }
  }
  return doc;
}
