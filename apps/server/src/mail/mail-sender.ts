import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { OutgoingMail } from './outbox.repository.js';

/** Hands one message to whatever delivers mail; throws when it could not (the outbox retries). */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

type Nodemailer = typeof nodemailerModule;
let nodemailerLoading: Promise<Nodemailer> | undefined;

/** nodemailer is loaded with the first mail rather than at start: about 0.2 s of every start-up otherwise. */
function loadNodemailer() {
  nodemailerLoading ??= import('nodemailer').then((m) => m.default);
  return nodemailerLoading;
}

/** The kind of the mail for whoever reads the raw message, and the mail's own headers (List-Unsubscribe, …). */
function mailHeaders(mail: OutgoingMail): Record<string, string> {
  return { 'X-Certitude-Kind': mail.kind, ...mail.headers };
}

/** SMTP through nodemailer, with timeouts short enough that a dead server does not hold a worker for minutes. */
export class SmtpMailSender implements MailSender {
  private transport: Transporter | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  private async open(): Promise<Transporter> {
    if (this.transport) return this.transport;
    const nodemailer = await loadNodemailer();
    const transport = nodemailer.createTransport(this.smtpUrl);
    // A URL cannot carry timeouts; nodemailer's defaults wait up to 10 minutes on a silent socket.
    Object.assign(transport.options, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.transport ??= transport;
    return this.transport;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const transport = await this.open();
    await transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mailHeaders(mail),
    });
  }

  close() {
    this.transport?.close();
  }
}

/**
 * Without SMTP (development, tests, a first start): every message is written as an .eml file under
 * DATA_DIR/mail (mode 0600), which any mail client opens; links in the file are quoted-printable. The log names
 * the file and the kind of mail only: the address and the links (tokens) stay out of it.
 */
export class FileMailSender implements MailSender {
  private composer: Transporter | undefined;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    this.composer ??= (await loadNodemailer()).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
    const info = await this.composer.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mailHeaders(mail),
    });
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${stamp}-${mail.kind}-${randomBytes(3).toString('hex')}.eml`);
    // Written aside, then renamed: whoever watches the folder never sees a half-written message.
    await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.part`, file);
    this.log.info({ mail: { kind: mail.kind, file } }, 'mail written to a file (not sent: no SMTP_URL)');
  }

  close() {
    this.composer?.close();
  }
}

export function createMailSender(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: Pick<FastifyBaseLogger, 'info'>,
): MailSender {
  return config.smtpUrl
    ? new SmtpMailSender(config.smtpUrl, config.mailFrom)
    : new FileMailSender(join(config.dataDir, 'mail'), config.mailFrom, log);
}
