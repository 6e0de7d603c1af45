import { registerRequestSchema, ROLES, type Role } from '@certitude/shared';
import type { Database } from '../db/client.js';
import { hashPassword } from '../modules/accounts/password.js';
import {
  findUserByEmail,
  findUserByUsername,
  insertUser,
  updateUserRole,
} from '../modules/accounts/user.repository.js';
import { UsageError } from './errors.js';

/* The account commands: user:create and user:role. */

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

/** `user:create`: a verified account; the password is read from standard input. */
export async function createUser(db: Database, values: { username?: string; email?: string; role?: string }) {
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

/** `user:role`: changes an account's role. */
export async function setUserRole(db: Database, values: { username?: string; role?: string }) {
  if (!values.username) throw new UsageError('--username is required');
  if (!values.role) throw new UsageError('--role is required');
  const role = parseRole(values.role);
  const user = await findUserByUsername(db, values.username);
  if (!user || user.isSystem) throw new UsageError(`No account named ${values.username}`);
  await updateUserRole(db, user.id, role);
  return `${user.username} is now ${role}.`;
}
