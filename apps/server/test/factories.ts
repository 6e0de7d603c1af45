import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../src/db/client.js';
import { certifications, resources, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/accounts/password.js';

const unique = () => randomBytes(4).toString('hex');

/** The password of every account the tests make with one, unless a test gives its own. */
export const PASSWORD = 'Correct-Horse-9';
const hashes = new Map<string, Promise<string>>();
/** One argon2 hash per password for the whole file: hashing costs tens of milliseconds each time. */
const hashOf = (password: string) =>
  hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

const DAY_MS = 24 * 3_600_000;

export interface UserOptions extends Partial<typeof users.$inferInsert> {
  /** Signs in with this password (PASSWORD when `true`); no password (a social sign-in's account) without. */
  password?: string | true;
  /** Made this many days ago (createdAt): 7 or more is past the first day's and the first week's limits. */
  daysOld?: number;
}

/**
 * The one way the server tests make an account: a verified USER named member_<random>, with what `options` sets.
 * The areas' helpers (signedIn, createMember, buildAccount...) are presets of it.
 */
export async function buildUser(db: Executor, options: UserOptions = {}) {
  const { password, daysOld, ...overrides } = options;
  const name = overrides.username ?? `member_${unique()}`;
  const [row] = await db
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.com`,
      emailVerified: true,
      role: 'USER',
      ...(password === undefined ? {} : { passwordHash: await hashOf(password === true ? PASSWORD : password) }),
      ...(daysOld === undefined ? {} : { createdAt: new Date(Date.now() - daysOld * DAY_MS) }),
      ...overrides,
    })
    .returning();
  return row!;
}

type Account = Pick<typeof users.$inferSelect, 'id' | 'username' | 'role'>;

/** The one way the server tests sign a member in: an access token of the app, as /auth/login would give. */
export function accessToken(app: FastifyInstance, user: Account): Promise<string> {
  return app.accessTokens.sign({ userId: user.id, username: user.username, role: user.role });
}

/** The headers of a request as `user` (none for a visitor). */
export async function bearer(app: FastifyInstance, user: Account | undefined): Promise<Record<string, string>> {
  return user ? { authorization: `Bearer ${await accessToken(app, user)}` } : {};
}

export async function buildCertification(db: Executor, overrides: Partial<typeof certifications.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db
    .insert(certifications)
    .values({
      slug: `test-certification-${id}`,
      name: `Test Certification ${id}`,
      certCode: `TC-${id}`,
      vendor: 'Test Vendor',
      description: 'A certification made for a test.',
      url: 'https://example.com/certification',
      status: 'APPROVED',
      ...overrides,
    })
    .returning();
  return row!;
}

/** An approved resource of the certification, with a name of its own, a description and an address unless told otherwise. */
export async function buildResource(
  db: Executor,
  certificationId: number,
  overrides: Partial<typeof resources.$inferInsert> = {},
) {
  const [row] = await db
    .insert(resources)
    .values({
      certificationId,
      name: `Resource ${unique()}`,
      description: 'A resource made for a test.',
      url: 'https://example.com/resource',
      type: 'course',
      status: 'APPROVED',
      ...overrides,
    })
    .returning();
  return row!;
}
