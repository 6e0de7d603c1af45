import { parseArgs } from 'node:util';
import { ROLES, registerRequestSchema, type Role } from '@certitude/shared';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedCatalogue } from './db/seed/seed.js';
import { requeueFailedMail } from './mail/outbox.repository.js';
import { hashPassword } from './modules/accounts/password.js';
import { findUserByEmail, findUserByUsername, insertUser, updateUserRole } from './modules/accounts/user.repository.js';
import { join } from 'node:path';

const USAGE = `Usage: npm run certitude -- <command> [options]

Commands:
  db:migrate                                   apply the database migrations
  db:seed                                      add the catalogue's missing certifications, resources and articles
  user:create --username U --email E [--role USER|MODERATOR|ADMIN]
                                               create a verified account; the password is read from standard input
  user:role --username U --role USER|MODERATOR|ADMIN
                                               change an account's role
  mail:retry                                   queue again the mail that failed every attempt
`;

class UsageError extends Error {}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function parseRole(value: string | undefined): Role {
  const role = (value ?? 'USER').toUpperCase();
  if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return role as Role;
}

export async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') return USAGE;
  const { values } = parseArgs({
    args: rest,
    options: { username: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  if (!['db:migrate', 'db:seed', 'user:create', 'user:role', 'mail:retry'].includes(command)) {
    throw new UsageError(`Unknown command: ${command}\n\n${USAGE}`);
  }

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const db = database.db;
    switch (command) {
      case 'db:migrate':
        return 'Migrations applied.';
      case 'db:seed': {
        const r = await seedCatalogue(db);
        return `Seed added ${r.certifications} certifications, ${r.resources} resources and ${r.articles} articles.`;
      }
      case 'user:create': {
        const role = parseRole(values.role);
        const password = await readStdin();
        const parsed = registerRequestSchema.safeParse({
          username: values.username,
          email: values.email,
          password,
          confirmPassword: password,
        });
        if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('\n'));
        const { username, email } = parsed.data;
        if (await findUserByUsername(db, username)) throw new UsageError(`The username ${username} is already taken`);
        if (await findUserByEmail(db, email)) throw new UsageError(`An account with ${email} already exists`);
        const user = await insertUser(db, {
          username,
          email,
          role,
          emailVerified: true,
          passwordHash: await hashPassword(parsed.data.password),
        });
        return `Created ${user.role} ${user.username} (id ${user.id}).`;
      }
      case 'user:role': {
        if (!values.username) throw new UsageError('--username is required');
        if (!values.role) throw new UsageError('--role is required');
        const role = parseRole(values.role);
        const user = await findUserByUsername(db, values.username);
        if (!user || user.isSystem) throw new UsageError(`No account named ${values.username}`);
        await updateUserRole(db, user.id, role);
        return `${user.username} is now ${role}.`;
      }
      case 'mail:retry': {
        const count = await requeueFailedMail(db);
        return count === 1 ? '1 failed mail queued again.' : `${count} failed mails queued again.`;
      }
    }
    return USAGE;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (out) => {
    process.stdout.write(`${out.trimEnd()}\n`);
    process.exit(0);
  },
  (err: unknown) => {
    if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${(err as Error).message}\n`);
      process.exit(2);
    }
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
