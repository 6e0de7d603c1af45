import { readLongAgo, type StaleFacts } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certifications } from '../../db/schema/index.js';

/**
 * The Stale facts list of the admin panel: approved certifications whose facts no page was ever read for, then those
 * whose newest source was read over a year ago, oldest first.
 */
export async function findStaleFacts(db: Executor, now: Date): Promise<StaleFacts> {
  const rows = await db
    .select({
      id: certifications.id,
      slug: certifications.slug,
      name: certifications.name,
      vendor: certifications.vendor,
      sources: certifications.sources,
      factsVerifiedAt: certifications.factsVerifiedAt,
    })
    .from(certifications)
    .where(eq(certifications.status, 'APPROVED'));
  return rows
    .map((r) => {
      const days = [...r.sources.map((s) => s.retrievedOn), ...(r.factsVerifiedAt ? [r.factsVerifiedAt] : [])];
      const checkedOn = days.length ? days.reduce((a, b) => (b > a ? b : a)) : null;
      return { id: r.id, slug: r.slug, name: r.name, vendor: r.vendor, checkedOn };
    })
    .filter((r) => r.checkedOn === null || readLongAgo(r.checkedOn, now))
    .sort(
      (a, b) =>
        (a.checkedOn ?? '').localeCompare(b.checkedOn ?? '') ||
        a.vendor.localeCompare(b.vendor) ||
        a.name.localeCompare(b.name),
    );
}
