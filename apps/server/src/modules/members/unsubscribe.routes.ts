import {
  EMAIL_KIND_LABELS,
  errorResponseSchema,
  fillText,
  MEMBER_EMAIL_TEXT,
  PRODUCT_NAME,
  unsubscribeQuerySchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/escape.js';

/** The short page a browser shows after posting the form, and what a mail client's request gets back. */
function unsubscribedPage(label: string, username: string, publicUrl: string): string {
  const site = `${publicUrl}/`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${MEMBER_EMAIL_TEXT.unsubscribedTitle} · ${PRODUCT_NAME}`)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:#212529;max-width:560px;margin:48px auto;padding:0 16px">
<h1 style="font-size:22px">${escapeHtml(MEMBER_EMAIL_TEXT.unsubscribedTitle)}</h1>
<p>${escapeHtml(fillText(MEMBER_EMAIL_TEXT.unsubscribed, { label, username }))}</p>
<p>${escapeHtml(MEMBER_EMAIL_TEXT.unsubscribedAgain)}</p>
<p><a href="${escapeHtml(site)}">${escapeHtml(fillText(MEMBER_EMAIL_TEXT.backToSite, { site: PRODUCT_NAME }))}</a></p>
</body></html>
`;
}

/**
 * One-click unsubscribe (RFC 8058; docs/api.md#members): the link of every member's email, posted by the mail client
 * (`List-Unsubscribe=One-Click`) or by the form of the /unsubscribe page. The signed token in the address decides
 * everything; the form body is accepted and not needed. The rest of the API reads JSON only (decision 6): the form
 * parsers are registered in this plugin, so they serve this route alone.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['members'],
        summary: 'Turn off the one kind of email an unsubscribe link names (one-click, RFC 8058)',
        description:
          'The token is the one of the link in the email. The body, `List-Unsubscribe=One-Click` as a form, may be left out. Posting again answers 200 again.',
        querystring: unsubscribeQuerySchema,
        response: {
          200: {
            description: 'A short HTML page saying which emails were turned off',
            content: { 'text/html': { schema: z.string() } },
          },
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { kind, username } = await app.services.memberEmails.unsubscribe(request.query.token);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .serializer((p) => p as string)
        .send(unsubscribedPage(EMAIL_KIND_LABELS[kind], username, app.config.publicUrl));
    },
  );
};
