import { PRODUCT_NAME } from '@certitude/shared';
import { escapeHtml } from '../../lib/escape.js';
import type { OutgoingMail } from '../outbox.repository.js';

export interface MailContent {
  to: string;
  kind: string;
  subject: string;
  greeting: string;
  /** Paragraphs of plain text, escaped for the HTML body. */
  paragraphs: string[];
  /** A call to action: a button in HTML, the bare address on its own line in text. */
  action?: { label: string; url: string };
  /** Lines that each lead somewhere (the daily digest): a list of links in HTML, each address under its line in text. */
  items?: { text: string; url: string }[];
  footer?: string;
  /**
   * Members' emails: the one-click link that turns this kind of email off. It is shown under the footer of both
   * bodies and sent as `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058), so mail clients offer it too.
   */
  unsubscribe?: { url: string; label: string };
}

/**
 * What the email of a notification says before it is addressed (members/member-mail.ts adds the greeting, the link
 * to the notification's page, labelled `actionLabel` when there is one, and the unsubscribe link).
 */
export interface NoticeContent {
  kind: string;
  subject: string;
  paragraphs: string[];
  actionLabel?: string;
}

/**
 * One message in both forms. The text body is what every client can show and what tests read; the HTML
 * body carries the same words, with the link as a button and as plain text for clients that block buttons.
 */
export function renderMail(c: MailContent): OutgoingMail {
  const footer = c.footer ?? `You receive this message because of your account on ${PRODUCT_NAME}.`;
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.items ?? []).flatMap((item) => [`- ${item.text}`, `  ${item.url}`]),
    ...(c.items?.length ? [''] : []),
    ...(c.action ? [`${c.action.label}:`, c.action.url, ''] : []),
    '--',
    footer,
    ...(c.unsubscribe ? [`Unsubscribe from these emails (${c.unsubscribe.label}):`, c.unsubscribe.url] : []),
    '',
  ].join('\n');
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#0d6efd;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(c.action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(c.action.url)}">${escapeHtml(c.action.url)}</a></p>`
    : '';
  const items = c.items?.length
    ? `<ul style="padding-left:20px">\n${c.items.map((item) => `<li style="margin-bottom:8px"><a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a></li>`).join('\n')}\n</ul>`
    : '';
  const unsubscribe = c.unsubscribe
    ? `<br><a href="${escapeHtml(c.unsubscribe.url)}">Unsubscribe</a> from these emails (${escapeHtml(c.unsubscribe.label)}).`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:#212529;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(c.greeting)}</p>
${c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${items}
${button}
<hr style="border:none;border-top:1px solid #dee2e6;margin-top:32px">
<p style="font-size:12px;color:#6c757d">${escapeHtml(footer)}${unsubscribe}</p>
</body></html>
`;
  const headers = c.unsubscribe
    ? { 'List-Unsubscribe': `<${c.unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : undefined;
  return { to: c.to, subject: c.subject, text, html, kind: c.kind, ...(headers ? { headers } : {}) };
}

/** An absolute link into the web app (PUBLIC_URL), with the token as its query. */
export function appLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}
