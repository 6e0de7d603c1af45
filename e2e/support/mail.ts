import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the server under test sent it, decoded enough to read its text and links. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain and text/html parts, decoded (quoted-printable, base64). */
  text: string;
  html: string;
  raw: string;
  receivedAt: number;
}

export interface MailCapture {
  /** SMTP_URL for the server under test: plain SMTP on 127.0.0.1, no TLS, no authentication. */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message to `to` (received at or after `since`) that `match` accepts. */
  waitForMail(
    to: string,
    options?: { since?: number; timeoutMs?: number; match?: (mail: CapturedMail) => boolean },
  ): Promise<CapturedMail>;
  stop(): Promise<void>;
}

/**
 * A local SMTP server that keeps every message in memory. STARTTLS is not offered, so a client that
 * upgrades opportunistically (nodemailer does) stays on plain text instead of failing on a self-signed
 * certificate; any sender and recipient is accepted without authentication.
 */
export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideSTARTTLS: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMessage(raw);
        messages.push({
          ...parsed,
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: Date.now(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, { since = 0, timeoutMs = 30_000, match = () => true } = {}) {
      const find = () => messages.find((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()) && match(m));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ');
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms; received:\n  ${seen || '(none)'}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in the message whose path is `path` (e.g. '/verify-email'), as an absolute URL. */
export function extractLink(mail: CapturedMail, path: string): string {
  const candidates = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) =>
    m[0].replace(/&amp;/g, '&').replace(/[.,;)]+$/, ''),
  );
  const link = candidates.find((c) => new URL(c).pathname === path);
  if (!link) throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text || mail.html}`);
  return link;
}

// --- a small MIME reader: enough for what nodemailer writes (multipart/alternative, QP or base64) ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const m = header?.match(new RegExp(`${name}="?([^";]+)"?`, 'i'));
  return m?.[1];
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers, such as =?UTF-8?Q?...?= and =?UTF-8?B?...?=. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function collect(part: Part, out: { text: string; html: string }) {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = param(part.headers.get('content-type'), 'boundary');
  if (type.startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), out);
    }
    return;
  }
  if (type.startsWith('text/html')) out.html += decodeBody(part);
  else if (type.startsWith('text/plain')) out.text += decodeBody(part);
}

function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const top = splitPart(raw);
  const out = { text: '', html: '' };
  collect(top, out);
  return { subject: decodeHeader(top.headers.get('subject') ?? ''), ...out };
}
