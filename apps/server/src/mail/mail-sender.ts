import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './outbox.repository.js';

/** Hands one message to whatever delivers mail; throws when it could not (the outbox retries). */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, with timeouts short enough that a dead server does not hold a worker for minutes. */
export class SmtpMailSender implements MailSender {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
    // A URL cannot carry timeouts; nodemailer's defaults wait up to 10 minutes on a silent socket.
    Object.assign(this.transport.options, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'X-Certitude-Kind': mail.kind },
    });
  }

  close() {
    this.transport.close();
  }
}

/**
 * Without SMTP (development, tests, a first start): every message is printed to the log and written as an
 * .eml file under DATA_DIR/mail, which any mail client opens. Links in the file are quoted-printable.
 */
export class FileMailSender implements MailSender {
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.composer.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { 'X-Certitude-Kind': mail.kind },
    });
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${stamp}-${mail.kind}-${randomBytes(3).toString('hex')}.eml`);
    // Written aside, then renamed: whoever watches the folder never sees a half-written message.
    await writeFile(`${file}.part`, info.message as Buffer);
    await rename(`${file}.part`, file);
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, kind: mail.kind, file } },
      `mail (not sent: no SMTP_URL)\n${mail.text}`,
    );
  }

  close() {
    this.composer.close();
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
