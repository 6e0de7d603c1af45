import { can, MSG, type CreateRevisionRequest, type Revision, type RevisionChanges } from '@certitude/shared';
import type { Database, Executor } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { findUserById } from '../accounts/member-account.service.js';
import { revisionDecidedEvent, watchedRevisionEvent } from '../members/notification-events.js';
import { notifyMember, notifyWatchers } from '../members/notification.service.js';
import { logModeration } from '../moderation/moderation-log.service.js';
import { REVISION_BURST, REVISION_DAILY } from './catalogue-limits.js';
import { findCertification, lockCertificationState, type CertificationRow } from './certification.repository.js';
import { canSee, subjectOf } from './certification-access.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { driftedFields, storedState, type StoredChange, type StoredState } from './facts.js';
import { findRefs } from './facts.repository.js';
import { applyRevisionChanges, checkRevisionResult, fill, revisionChanges } from './revision-changes.js';
import {
  decideRevision,
  findPendingRevisions,
  findRevision,
  findRevisions,
  insertRevision,
  type RevisionRow,
} from './revision.repository.js';

export interface RevisionDeps {
  db: Database;
  rateLimiter?: RateLimiter;
  /** Told of a `catalogue` change after a commit that changed an approved certification. */
  changes: ChangeAnnouncer;
  publicUrl: string;
  /** Wakes the outbox worker once a decision (and its mail) has committed. */
  kickMail: () => void;
}

/**
 * The public edit history of certifications (docs/product.md#certification-facts): members propose changes,
 * moderators apply or reject them, and any applied revision can be reverted by a new one. The certification's
 * current state is always the result of its last applied revision.
 */
export class RevisionService {
  constructor(private readonly deps: RevisionDeps) {}

  async propose(idOrSlug: string, input: CreateRevisionRequest, viewer: Viewer): Promise<Revision> {
    const row = await findCertification(this.deps.db, idOrSlug);
    if (!row || !canSee(row, viewer)) throw notFound(MSG.certificationNotFound);
    const immediate = can(viewer, 'certification:change-directly', subjectOf(row));
    if (!can(viewer, 'moderate')) {
      await this.deps.rateLimiter?.consume(REVISION_BURST, `user:${viewer.id}`);
      await this.deps.rateLimiter?.consume(REVISION_DAILY, `user:${viewer.id}`);
    }
    if (input.baseRevision !== undefined && input.baseRevision !== row.revision) throw conflict(MSG.revisionStale);
    if (input.changes.badgeClasses !== undefined && !can(viewer, 'moderate')) {
      throw forbidden(MSG.badgeClassesModeratorsOnly);
    }
    const changes = await revisionChanges(this.deps.db, row, input.changes as RevisionChanges);
    const summary = input.summary.trim();
    const source = input.source ?? null;
    if (!immediate) {
      const id = await insertRevision(this.deps.db, {
        certificationId: row.id,
        authorId: viewer.id,
        summary,
        changes,
        status: 'PENDING',
        baseRevision: row.revision,
        source,
      });
      return this.present((await findRevision(this.deps.db, id))!);
    }
    const id = await this.inTransaction(async (tx) => {
      const current = await this.lockedState(tx, row.id);
      // A pending item's submitter changes it at once; approved since (a decision takes this lock too), they may not.
      const now = { status: current.status, submittedBy: row.submittedBy, held: current.held };
      if (current.status !== row.status || !can(viewer, 'certification:change-directly', subjectOf(now))) {
        throw conflict(MSG.reviewedWhileEditing);
      }
      if (current.revision !== row.revision) throw conflict(MSG.revisionStale);
      await applyRevisionChanges(tx, row, changes, source);
      const id = await insertRevision(tx, {
        certificationId: row.id,
        authorId: viewer.id,
        summary,
        changes,
        status: 'APPLIED',
        baseRevision: row.revision,
        decidedById: viewer.id,
        source,
      });
      await notifyWatchers(tx, row.id, [viewer.id], watchedRevisionEvent(id, row, viewer.username, summary));
      return id;
    });
    if (row.status === 'APPROVED') this.deps.changes.announce({ kind: 'catalogue' });
    return this.present((await findRevision(this.deps.db, id))!);
  }

  /**
   * A certification's history for this viewer, newest first; null when the certification is not theirs to see. A
   * rejected revision shows everyone its decision and reason, and only moderators and admins what it proposed.
   */
  async list(idOrSlug: string, viewer?: Viewer): Promise<Revision[] | null> {
    const row = await findCertification(this.deps.db, idOrSlug);
    if (!row || !canSee(row, viewer)) return null;
    const staff = can(viewer, 'moderate');
    const rows = await findRevisions(this.deps.db, row.id, { viewerId: viewer?.id, allPending: staff });
    const revisions = await this.presentAll(rows);
    if (staff) return revisions;
    return revisions.map((r) =>
      r.status === 'REJECTED' ? { ...r, summary: '', changes: [], withheld: true as const } : r,
    );
  }

  async pending(): Promise<Revision[]> {
    return this.presentAll(await findPendingRevisions(this.deps.db));
  }

  /** Applies a pending revision, unless a field it changes has moved since it was proposed (409). */
  async approve(id: number, reason: string | undefined, viewer: Viewer): Promise<Revision> {
    const approved = await this.inTransaction(async (tx) => {
      const revision = await this.pendingRevision(tx, id);
      const row = (await findCertification(tx, String(revision.certificationId)))!;
      const current = storedState(row);
      const drifted = driftedFields(current, revision.changes, 'before');
      if (drifted.length) throw conflict(fill(MSG.revisionOutdated, drifted));
      await checkRevisionResult(tx, row, revision.changes);
      await applyRevisionChanges(tx, row, revision.changes, revision.source);
      await decideRevision(tx, id, { status: 'APPLIED', reason: reason?.trim() || null, decidedById: viewer.id });
      await this.log(tx, viewer, 'APPROVE_REVISION', row, reason?.trim() || null);
      await this.tellAuthor(tx, revision, row, true, reason?.trim() || null, viewer);
      // After the author's own notification: an author who also watches hears of it once, as the author.
      const by = revision.author ?? viewer.username;
      await notifyWatchers(tx, row.id, [viewer.id], watchedRevisionEvent(id, row, by, revision.summary));
      return row;
    });
    this.deps.kickMail();
    if (approved.status === 'APPROVED') this.deps.changes.announce({ kind: 'catalogue' });
    return this.present((await findRevision(this.deps.db, id))!);
  }

  async reject(id: number, reason: string, viewer: Viewer): Promise<Revision> {
    await this.inTransaction(async (tx) => {
      const revision = await this.pendingRevision(tx, id);
      await decideRevision(tx, id, { status: 'REJECTED', reason, decidedById: viewer.id });
      const row = (await findCertification(tx, String(revision.certificationId)))!;
      await this.log(tx, viewer, 'REJECT_REVISION', row, reason);
      await this.tellAuthor(tx, revision, row, false, reason, viewer);
    });
    this.deps.kickMail();
    return this.present((await findRevision(this.deps.db, id))!);
  }

  /**
   * Undoes an applied revision with a new one that restores its `before` values. Refused (409) when a later
   * change touched the same fields: undoing blindly would also throw that change away.
   */
  async revert(id: number, viewer: Viewer): Promise<Revision> {
    const { newId, row } = await this.inTransaction(async (tx) => {
      const revision = await findRevision(tx, id, { lock: true });
      if (!revision) throw notFound(MSG.revisionNotFound);
      if (revision.status !== 'APPLIED') throw conflict(MSG.revisionNotApplied);
      await this.lockedState(tx, revision.certificationId);
      const row = (await findCertification(tx, String(revision.certificationId)))!;
      const drifted = driftedFields(storedState(row), revision.changes, 'after');
      if (drifted.length) throw conflict(fill(MSG.revisionRevertConflict, drifted));
      const changes = revision.changes.map(
        (c) => ({ field: c.field, before: c.after, after: c.before }) as StoredChange,
      );
      await checkRevisionResult(tx, row, changes);
      await applyRevisionChanges(tx, row, changes, null);
      const newId = await insertRevision(tx, {
        certificationId: row.id,
        authorId: viewer.id,
        summary: `Reverted revision #${id}`,
        changes,
        status: 'APPLIED',
        baseRevision: row.revision,
        revertOf: id,
        decidedById: viewer.id,
      });
      await this.log(tx, viewer, 'REVERT_REVISION', row, `Revision #${id}`);
      const event = watchedRevisionEvent(newId, row, viewer.username, `Reverted revision #${id}`);
      await notifyWatchers(tx, row.id, [viewer.id], event);
      return { newId, row };
    });
    if (row.status === 'APPROVED') this.deps.changes.announce({ kind: 'catalogue' });
    return this.present((await findRevision(this.deps.db, newId))!);
  }

  private async pendingRevision(tx: Executor, id: number): Promise<RevisionRow> {
    const revision = await findRevision(tx, id, { lock: true });
    if (!revision) throw notFound(MSG.revisionNotFound);
    if (revision.status !== 'PENDING') throw conflict(MSG.revisionNotPending);
    await this.lockedState(tx, revision.certificationId);
    return revision;
  }

  /** Locks the certification's row for the rest of the transaction; its revision count and status, read under the lock. */
  private async lockedState(tx: Executor, id: number) {
    const row = await lockCertificationState(tx, id);
    if (!row) throw notFound(MSG.certificationNotFound);
    return row;
  }

  private async log(
    tx: Executor,
    viewer: Viewer,
    action: 'APPROVE_REVISION' | 'REJECT_REVISION' | 'REVERT_REVISION',
    row: CertificationRow,
    reason: string | null,
  ) {
    await logModeration(tx, {
      moderatorId: viewer.id,
      moderatorUsername: viewer.username,
      action,
      itemType: 'certification',
      itemId: row.id,
      itemLabel: row.name,
      reason,
    });
  }

  /** Tells the author of a proposal its outcome, in a notification and a mail (not a moderator deciding their own). */
  private async tellAuthor(
    tx: Executor,
    revision: RevisionRow,
    row: CertificationRow,
    applied: boolean,
    reason: string | null,
    viewer: Viewer,
  ): Promise<void> {
    if (revision.authorId === null || revision.authorId === viewer.id) return;
    const author = await findUserById(tx, revision.authorId);
    if (!author || author.isSystem) return;
    // The notification carries the email too, when the author's "decisions" emails are on (members/member-mail.ts).
    await notifyMember(tx, author.id, revisionDecidedEvent(revision.id, row, applied, reason));
  }

  private async inTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.transaction(work);
    } catch (err) {
      if (uniqueViolation(err) === 'certifications_name_vendor_key') throw conflict(MSG.duplicateCertification);
      throw err;
    }
  }

  private async present(row: RevisionRow): Promise<Revision> {
    return (await this.presentAll([row]))[0]!;
  }

  /** Revisions as answers: links inside their changes shown as `{ id, slug, name }`. */
  private async presentAll(rows: RevisionRow[]): Promise<Revision[]> {
    const ids: number[] = [];
    for (const r of rows) {
      for (const c of r.changes) {
        if (c.field === 'supersededBy')
          ids.push(...[c.before, c.after].filter((v): v is number => typeof v === 'number'));
        if (c.field === 'prerequisites') ids.push(...[...c.before, ...c.after].map((p) => p.certification));
      }
    }
    const refs = await findRefs(this.deps.db, ids);
    const ref = (id: number) => {
      const r = refs.get(id);
      // A certification that is not public (hidden by flags, removed) is not named in the history either.
      return r && r.status === 'APPROVED'
        ? { id: r.id, slug: r.slug, name: r.name }
        : { id, slug: '', name: `#${id} (removed)` };
    };
    const show = (field: string, value: unknown): unknown => {
      if (field === 'supersededBy') return typeof value === 'number' ? ref(value) : null;
      if (field === 'prerequisites') {
        return (value as StoredState['prerequisites']).map((p) => ({
          certification: ref(p.certification),
          kind: p.kind,
        }));
      }
      return value;
    };
    return rows.map((r) => ({
      id: r.id,
      certification: { id: r.certificationId, slug: r.certificationSlug, name: r.certificationName },
      author: r.author ?? null,
      summary: r.summary,
      changes: r.changes.map((c) => ({
        field: c.field,
        before: show(c.field, c.before),
        after: show(c.field, c.after),
      })),
      status: r.status,
      reason: r.reason,
      revertOf: r.revertOf,
      source: r.source ?? null,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decidedBy: r.decidedBy ?? null,
    }));
  }
}
