import { randomBytes } from 'node:crypto';
import { slugify } from '@certitude/shared';
import type { Executor } from '../../db/client.js';
import { findSlugsLike } from './certification.repository.js';

/** The slug's stem: the name (the vendor and code when the name has no Latin letters), never all digits. */
function slugBase(input: { name: string; vendor: string; certCode: string }): string {
  const base = slugify(input.name) || slugify(`${input.vendor} ${input.certCode}`) || 'certification';
  // An all-digit slug would be read as an id.
  return /^\d+$/.test(base) ? `certification-${base}` : base;
}

/** The public slug of an approved certification: its stem, or the stem and the first free `-N`. */
export async function freePublicSlug(
  db: Executor,
  input: { name: string; vendor: string; certCode: string },
): Promise<string> {
  const base = slugBase(input);
  const taken = new Set(await findSlugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The slug of a submission waiting for review: the stem and a random suffix, so that it says nothing of other
 * pending items (a counted suffix would). Approval gives it its public slug.
 */
export function pendingSlug(input: { name: string; vendor: string; certCode: string }): string {
  return `${slugBase(input)}-${randomBytes(5).toString('hex')}`;
}
