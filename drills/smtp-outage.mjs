// Drill 5, SMTP outage: SMTP_URL points at a mail server that is down when a member registers. The
// registration must still succeed (the verification mail waits in the outbox), and once the mail server is
// up the outbox worker must deliver the mail by itself, at the retry time its backoff announced.
//   node drills/smtp-outage.mjs [--ci]
import { SMTPServer } from 'smtp-server';
import { finish, fmt, freePort, send, sleep, startServer, tempDir } from './lib/drill.mjs';

/** Backoff of apps/server/src/mail/outbox-worker.ts: 30 s after the first failure (±20 %), doubling after. */
const FIRST_RETRY_MAX_MS = 36_000;

/** A local SMTP server that keeps what it receives (after e2e/support/mail.ts). */
function smtpCatcher(port) {
  const messages = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideSTARTTLS: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, at: performance.now() });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ messages, close: () => new Promise((r) => server.close(r)) }));
  });
}

const smtpPort = await freePort();
const port = await freePort();
const server = await startServer({
  port,
  dataDir: tempDir('smtp'),
  env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_WORKER_INTERVAL_MS: '200' },
});
let catcher;
try {
  const email = `smtp-drill-${Date.now()}@example.com`;
  const registeredAt = performance.now();
  const res = await send(server.url, {
    method: 'POST',
    path: '/auth/register',
    body: {
      username: `smtp_drill_${Date.now() % 100000}`,
      email,
      password: 'Drill-pass-123',
      confirmPassword: 'Drill-pass-123',
    },
  });
  console.log(`register while SMTP is down: ${res.status} ${res.text.slice(0, 120)}`);
  // The first attempt fails at once (connection refused); the worker logs when it will try again.
  let retryInMs;
  while (performance.now() - registeredAt < 20_000) {
    const m = /mail outbox: send failed/.test(server.output()) && /"retryInMs":(\d+)/.exec(server.output());
    if (m) {
      retryInMs = Number(m[1]);
      break;
    }
    await sleep(100);
  }
  const failedAt = performance.now();
  console.log(`first delivery failed; the worker retries in ${retryInMs} ms`);
  await sleep(1_000);
  catcher = await smtpCatcher(smtpPort);
  const smtpUpAt = performance.now();
  console.log('SMTP server started');
  let mail;
  while (!mail && performance.now() - smtpUpAt < FIRST_RETRY_MAX_MS + 10_000) {
    mail = catcher.messages.find((m) => m.to.includes(email));
    if (!mail) await sleep(100);
  }
  const arrivedAfterRegisterMs = mail ? mail.at - registeredAt : Infinity;
  const expectedAt = failedAt + (retryInMs ?? FIRST_RETRY_MAX_MS);
  const link =
    mail && /verify-email\?token=3D([\w-]+)|verify-email\?token=([\w-]+)/.exec(mail.raw.replace(/=\r\n/g, ''));
  const token = link?.[1] ?? link?.[2];
  const verify = token
    ? await send(server.url, { method: 'POST', path: `/api/email-verification/verify?token=${token}` })
    : undefined;
  // A second member, registered while SMTP is up, gets the mail at once.
  const email2 = `smtp-drill-2-${Date.now()}@example.com`;
  const second = performance.now();
  await send(server.url, {
    method: 'POST',
    path: '/auth/register',
    body: {
      username: `smtp_drill_b${Date.now() % 100000}`,
      email: email2,
      password: 'Drill-pass-123',
      confirmPassword: 'Drill-pass-123',
    },
  });
  let mail2;
  while (!mail2 && performance.now() - second < 10_000) {
    mail2 = catcher.messages.find((m) => m.to.includes(email2));
    if (!mail2) await sleep(50);
  }
  await server.kill('SIGTERM');
  const { code } = await server.exited;

  finish({
    name: 'smtp-outage',
    title: '5. SMTP outage: mail waits in the outbox and goes out when SMTP is back',
    description: [
      'The built server (PGlite) with SMTP_URL pointing at a port where nothing listens and MAIL_WORKER_INTERVAL_MS=200.',
      'A visitor registers: the verification mail is queued in the outbox and its first delivery fails (connection',
      'refused); the worker announces its retry (30 s after a first failure, ±20 %, doubling after each further one;',
      '15 attempts over about 8 hours). One second later an SMTP server (smtp-server, as in e2e/support/mail.ts) starts',
      'on that port; the drill waits for the mail, follows its verification link, and registers a second member to',
      'show that mail then goes out at once.',
    ].join('\n'),
    checks: [
      {
        name: 'registration while SMTP is down',
        value: `${res.status}`,
        target: '201',
        pass: res.status === 201,
      },
      {
        name: 'first delivery failed and was rescheduled',
        value: retryInMs === undefined ? 'no retry logged' : `retry in ${fmt(retryInMs / 1000, 1)} s`,
        target: '24-36 s',
        pass: retryInMs !== undefined && retryInMs >= 24_000 && retryInMs <= FIRST_RETRY_MAX_MS,
      },
      {
        name: 'the mail arrived once SMTP was up',
        value: mail
          ? `${fmt(arrivedAfterRegisterMs / 1000, 1)} s after registering, ${fmt((mail.at - smtpUpAt) / 1000, 1)} s after SMTP started, ${fmt((mail.at - expectedAt) / 1000, 1)} s after the announced retry`
          : 'never',
        target: 'at the announced retry (+1 s)',
        pass: Boolean(mail) && mail.at - expectedAt < 1_000,
      },
      {
        name: 'its verification link works',
        value: verify ? `${verify.status}` : 'no link found',
        target: '200',
        pass: verify?.status === 200,
      },
      {
        name: 'mail of a registration while SMTP is up',
        value: mail2 ? `${fmt(mail2.at - second)} ms after registering` : 'never',
        target: '< 5 s',
        pass: Boolean(mail2) && mail2.at - second < 5_000,
      },
      {
        name: 'copies delivered of each mail',
        value: `${catcher.messages.filter((m) => m.to.includes(email)).length} and ${catcher.messages.filter((m) => m.to.includes(email2)).length}`,
        target: '1 each',
        pass:
          catcher.messages.filter((m) => m.to.includes(email)).length === 1 &&
          catcher.messages.filter((m) => m.to.includes(email2)).length === 1,
      },
      { name: 'exit code after SIGTERM', value: String(code), target: '0', pass: code === 0 },
    ],
  });
} finally {
  if (server.alive()) await server.kill('SIGKILL');
  await catcher?.close();
}
