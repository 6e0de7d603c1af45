import { PRODUCT_NAME } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { watchedRevisionEvent } from '../members/notification-events.js';
import { notifyWatchers } from '../members/notification.service.js';
import type { CertificationRow } from './certification.repository.js';
import { diffState, storedState, type StoredState } from './facts.js';
import { writeState } from './facts.repository.js';
import { insertRevision } from './revision.repository.js';

/**
 * Writes an edit made through the certification form (name, code, vendor, description, page) and keeps it in the
 * public history as a revision: APPLIED with the new values, REJECTED, which changes nothing, or PENDING, a suggested
 * edit that waits for a moderator (the submitter's edit of a certification members' flags hid). Nothing is
 * recorded when nothing changes. An applied edit is news for the certification's watchers, but for the member who
 * decided it and the author, who hears of it as the author. Answers the revision's id (null: nothing recorded).
 */
export async function recordFormEdit(
  tx: Executor,
  row: CertificationRow,
  values: Pick<StoredState, 'name' | 'certCode' | 'vendor' | 'description' | 'url'>,
  by: {
    authorId: number | null;
    decidedById: number | null;
    status: 'APPLIED' | 'REJECTED' | 'PENDING';
    reason?: string | null;
  },
): Promise<number | null> {
  const changes = diffState(storedState(row), values);
  if (!changes.length) return null;
  const summary = 'Edited with the certification form';
  const id = await insertRevision(tx, {
    certificationId: row.id,
    authorId: by.authorId,
    summary,
    changes,
    status: by.status,
    baseRevision: row.revision,
    decidedById: by.decidedById,
    reason: by.reason ?? null,
  });
  if (by.status !== 'APPLIED') return id;
  await writeState(tx, row.id, values, { countRevision: true });
  const actorId = by.authorId ?? by.decidedById;
  const [actor] =
    actorId === null ? [] : await tx.select({ username: users.username }).from(users).where(eq(users.id, actorId));
  await notifyWatchers(
    tx,
    row.id,
    [by.decidedById, by.authorId].filter((v): v is number => v !== null),
    watchedRevisionEvent(id, { slug: row.slug, name: values.name }, actor?.username ?? PRODUCT_NAME, summary),
  );
  return id;
}
