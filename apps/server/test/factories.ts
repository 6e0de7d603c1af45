import { randomBytes } from 'node:crypto';
import type { Executor } from '../src/db/client.js';
import { certifications, users } from '../src/db/schema/index.js';

const unique = () => randomBytes(4).toString('hex');

export async function buildUser(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}) {
  const name = overrides.username ?? `member_${unique()}`;
  const [row] = await db
    .insert(users)
    .values({ username: name, email: `${name}@example.com`, emailVerified: true, role: 'USER', ...overrides })
    .returning();
  return row!;
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
