import { formatDay } from '@certitude/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { certifications } from '../../db/schema/index.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import { insertRevision, writeState } from '../catalogue/certification.service.js';
import { systemAccount } from './import.repository.js';

/**
 * The retirement job (docs/catalogue.md#where-a-fact-comes-from): a RETIRING certification whose
 * `retiresOn`, the last day its exam could be taken, has passed becomes RETIRED, by an APPLIED revision of the system
 * account. Run with the members' jobs; a second run the same day finds nothing. Answers how many it retired.
 */
export async function retireDue(db: Database, changes: ChangeAnnouncer, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const retired = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: certifications.id, revision: certifications.revision, retiresOn: certifications.retiresOn })
      .from(certifications)
      .where(
        and(
          eq(certifications.status, 'APPROVED'),
          eq(certifications.lifecycle, 'RETIRING'),
          lt(certifications.retiresOn, today),
        ),
      )
      .for('update');
    if (!due.length) return 0;
    const systemId = await systemAccount(tx);
    for (const c of due) {
      await writeState(tx, c.id, { lifecycle: 'RETIRED' }, { countRevision: true });
      await insertRevision(tx, {
        certificationId: c.id,
        authorId: systemId,
        summary: `Retired: its last exam day, ${formatDay(c.retiresOn!)}, has passed`,
        changes: [{ field: 'lifecycle', before: 'RETIRING', after: 'RETIRED' }],
        status: 'APPLIED',
        baseRevision: c.revision,
        decidedById: systemId,
      });
    }
    return due.length;
  });
  if (retired) changes.announce({ kind: 'catalogue' });
  return retired;
}
