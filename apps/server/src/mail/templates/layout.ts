import { PRODUCT_NAME } from '@certitude/shared';
import type { OutgoingMail } from '../outbox.repository.js';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export interface MailContent {
  to: string;
  kind: string;
  subject: string;
  greeting: string;
  /** Paragraphs of plain text, escaped for the HTML body. */
  paragraphs: string[];
  /** A call to action: a button in HTML, the bare address on its own line in text. */
  action?: { label: string; url: string };
  footer?: string;
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
    ...(c.action ? [`${c.action.label}:`, c.action.url, ''] : []),
    '--',
    footer,
    '',
  ].join('\n');
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#0d6efd;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(c.action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(c.action.url)}">${escapeHtml(c.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;color:#212529;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(c.greeting)}</p>
${c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<hr style="border:none;border-top:1px solid #dee2e6;margin-top:32px">
<p style="font-size:12px;color:#6c757d">${escapeHtml(footer)}</p>
</body></html>
`;
  return { to: c.to, subject: c.subject, text, html, kind: c.kind };
}

/** An absolute link into the web app (PUBLIC_URL), with the token as its query. */
export function appLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}
