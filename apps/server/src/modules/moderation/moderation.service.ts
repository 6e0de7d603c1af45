import {
  can,
  MSG,
  type Certification,
  type ModerationEntry,
  type ModerationLogPage,
  type ModerationLogQuery,
  type PendingCertification,
  type PendingCounts,
  type PendingResource,
  type Resource,
  type Revision,
} from '@certitude/shared';
import type { Database, Executor } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { presentCertification } from '../catalogue/certification.presenter.js';
import {
  countPendingRevisions,
  deleteCertificationEdit,
  findCertification,
  findCertificationEdit,
  findDuplicateCertification,
  setCertificationSlug,
  type CertificationEditRow,
} from '../catalogue/certification.service.js';
import { freePublicSlug } from '../catalogue/certification-slugs.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { presentResource } from '../catalogue/resource.presenter.js';
import { findResource } from '../catalogue/resource.service.js';
import { recordFormEdit } from '../catalogue/revision-record.js';
import { revisionDecidedEvent, submissionDecidedEvent } from '../members/notification-events.js';
import { notifyMember } from '../members/notification.service.js';
import { presentPublicEntry } from './moderation-log.presenter.js';
import { appendModerationEntry, findModerationEntries, findPublicModerationPage } from './moderation-log.repository.js';
import {
  countPending,
  findPendingCertifications,
  findPendingEdits,
  findPendingResources,
  lockSubmission,
  setSubmissionStatus,
  type ReviewTable,
} from './pending.repository.js';
import { presentPendingCertification, presentPendingResource } from './review-queue.presenter.js';

const AUDIT_LOG_LIMIT = 500;

export interface ModerationDeps {
  db: Database;
  now: Clock;
  publicUrl: string;
  /** Wakes the outbox worker once a decision (and its mail) has committed. */
  kickMail: () => void;
  /** Told of a `catalogue` change after a decision on a certification has committed. */
  changes: ChangeAnnouncer;
  /** Members' proposed revisions, oldest first, as the review queue shows them. */
  pendingRevisions: () => Promise<Revision[]>;
  /** Items with open flags and voting-ring signals not dismissed (docs/product.md#flags). */
  pendingFlags: () => Promise<number>;
}

/** A moderator's decision; `version`: the one the queue showed them (left out: decided as the item stands). */
type Decision = ({ status: 'APPROVED' } | { status: 'REJECTED'; reason: string }) & { version?: string };

/** The review queue (docs/product.md#admin-panel): approve or reject a PENDING submission, on the record, with a mail. */
export class ModerationService {
  constructor(private readonly deps: ModerationDeps) {}

  async pendingCounts(): Promise<PendingCounts> {
    const [counts, revisions, flags] = await Promise.all([
      countPending(this.deps.db),
      countPendingRevisions(this.deps.db),
      this.deps.pendingFlags(),
    ]);
    return { ...counts, revisions, flags, total: counts.certifications + counts.resources + revisions + flags };
  }

  /**
   * The review queue, oldest first, each item with its `version` (what approve and reject compare with). Items
   * members' flags hid carry `hiddenByFlags`: they were public, and the queue shows them apart from new submissions.
   */
  async pending(): Promise<{
    certifications: PendingCertification[];
    resources: PendingResource[];
    revisions: Revision[];
  }> {
    const [certs, edits, res, revisions] = await Promise.all([
      findPendingCertifications(this.deps.db),
      findPendingEdits(this.deps.db),
      findPendingResources(this.deps.db),
      this.deps.pendingRevisions(),
    ]);
    const proposed = edits.map((row) => presentPendingCertification(row, { edit: true }));
    return {
      certifications: [...certs.map((row) => presentPendingCertification(row)), ...proposed].sort((a, b) =>
        a.createdAt.localeCompare(b.createdAt),
      ),
      resources: res.map(presentPendingResource),
      revisions,
    };
  }

  auditLog(): Promise<ModerationEntry[]> {
    return findModerationEntries(this.deps.db, AUDIT_LOG_LIMIT);
  }

  /**
   * The public moderation log, newest first, a page at a time (docs/product.md#moderation-log-page); a moderator or
   * admin also reads the titles it keeps from the public (rejected submissions, items not public).
   */
  async publicLog(query: Pick<ModerationLogQuery, 'limit' | 'cursor'>, viewer?: Viewer): Promise<ModerationLogPage> {
    const rows = await findPublicModerationPage(this.deps.db, query, this.deps.now());
    const page = rows.slice(0, query.limit);
    const staff = can(viewer, 'moderate');
    return {
      entries: page.map((row) => presentPublicEntry(row, staff)),
      nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
    };
  }

  async reviewCertification(id: number, decision: Decision, viewer: Viewer): Promise<Certification> {
    await this.review('certification', id, decision, viewer);
    this.deps.changes.announce({ kind: 'catalogue' });
    const row = await findCertification(this.deps.db, String(id));
    return presentCertification(row!);
  }

  async reviewResource(id: number, decision: Decision, viewer: Viewer): Promise<Resource> {
    await this.review('resource', id, decision, viewer);
    // The public stats count approved resources; they are read live, so nothing is cached to drop.
    const row = await findResource(this.deps.db, id);
    return presentResource(row!);
  }

  /**
   * Decides a PENDING submission, or, for an APPROVED certification, the member's edit of it that waits
   * (decision 0013). Approving a certification gives it its public slug; a duplicate of an approved one (name and
   * vendor, any case) cannot be approved: 409, and it stays in the queue to be rejected.
   */
  private async review(kind: ReviewTable, id: number, decision: Decision, viewer: Viewer): Promise<void> {
    const notFoundMessage = kind === 'certification' ? MSG.certificationNotFound : MSG.resourceNotFound;
    try {
      await this.deps.db.transaction((tx) => this.decide(tx, kind, id, decision, viewer, notFoundMessage));
    } catch (err) {
      if (uniqueViolation(err) === 'certifications_name_vendor_key') throw conflict(MSG.duplicateCertification);
      throw err;
    }
    this.deps.kickMail();
  }

  private async decide(
    tx: Executor,
    kind: ReviewTable,
    id: number,
    decision: Decision,
    viewer: Viewer,
    notFoundMessage: string,
  ): Promise<void> {
    const item = await lockSubmission(tx, kind, id);
    if (!item) throw notFound(notFoundMessage);
    if (kind === 'certification' && item.status === 'APPROVED') {
      const edit = await findCertificationEdit(tx, id, { lock: true });
      if (edit) {
        await this.checkVersion(decision, async () => {
          const [row] = await findPendingEdits(tx, id);
          return row && presentPendingCertification(row, { edit: true }).version;
        });
        return this.decideEdit(tx, edit, item.label, decision, viewer);
      }
    }
    if (item.status !== 'PENDING') throw conflict(MSG.alreadyReviewed);
    await this.checkVersion(decision, async () => {
      if (kind === 'resource') {
        const [row] = await findPendingResources(tx, id);
        return row && presentPendingResource(row).version;
      }
      const [row] = await findPendingCertifications(tx, id);
      return row && presentPendingCertification(row).version;
    });
    if (kind === 'certification' && decision.status === 'APPROVED') {
      const cert = (await findCertification(tx, String(id)))!;
      if (await findDuplicateCertification(tx, cert.name, cert.vendor, { exceptId: id })) {
        throw conflict(MSG.duplicateCertification);
      }
      // One the flags hid was public before: it keeps its slug, so links to it still work (decision 30).
      if (!cert.held) await setCertificationSlug(tx, id, await freePublicSlug(tx, cert));
    }
    const reason = decision.status === 'REJECTED' ? decision.reason : null;
    await setSubmissionStatus(tx, kind, id, {
      status: decision.status,
      reviewedById: viewer.id,
      rejectionReason: reason,
    });
    const certificationId = kind === 'certification' ? id : (await findResource(tx, id))!.certificationId;
    await appendModerationEntry(tx, {
      moderatorId: viewer.id,
      moderatorUsername: viewer.username,
      action: `${decision.status === 'APPROVED' ? 'APPROVE' : 'REJECT'}_${kind === 'certification' ? 'CERTIFICATION' : 'RESOURCE'}`,
      itemType: kind,
      itemId: id,
      itemLabel: item.label,
      certificationId: kind === 'resource' ? certificationId : null,
      reason,
    });
    const submitter = item.submitter;
    if (!submitter || submitter.isSystem) return;
    // The notification carries the decision's email too, when the submitter's "decisions" emails are on
    // (members/member-mail.ts).
    if (item.submittedById !== null && item.submittedById !== viewer.id) {
      const event = submissionDecidedEvent({ kind, id, label: item.label, certificationId, reason });
      await notifyMember(tx, item.submittedById, event);
    }
  }

  /**
   * A decision that names the version the queue showed stands only while the item is still that version: read here
   * under the row lock that the submitter's edits take too (CertificationService.update), so no edit lands between
   * the comparison and the decision.
   */
  private async checkVersion(decision: Decision, current: () => Promise<string | undefined>): Promise<void> {
    if (decision.version === undefined) return;
    if ((await current()) !== decision.version) throw conflict(MSG.changedSinceShown);
  }

  /** Applies a member's edit of an approved certification, or drops it; either way on the record. */
  private async decideEdit(
    tx: Executor,
    edit: CertificationEditRow,
    currentName: string,
    decision: Decision,
    viewer: Viewer,
  ): Promise<void> {
    const id = edit.certificationId;
    const entry = { moderatorId: viewer.id, moderatorUsername: viewer.username, itemType: 'certification', itemId: id };
    const row = (await findCertification(tx, String(id)))!;
    const { name, certCode, vendor, description, url } = edit;
    const proposed = { name, certCode, vendor, description, url };
    const by = { authorId: edit.authorId, decidedById: viewer.id };
    const tellAuthor = async (revisionId: number | null, applied: boolean, reason: string | null) => {
      if (revisionId === null || edit.authorId === null || edit.authorId === viewer.id) return;
      await notifyMember(tx, edit.authorId, revisionDecidedEvent(revisionId, row, applied, reason));
    };
    if (decision.status === 'REJECTED') {
      const revisionId = await recordFormEdit(tx, row, proposed, {
        ...by,
        status: 'REJECTED',
        reason: decision.reason,
      });
      await tellAuthor(revisionId, false, decision.reason);
      await deleteCertificationEdit(tx, id);
      await appendModerationEntry(tx, {
        ...entry,
        action: 'REJECT_EDIT',
        itemLabel: currentName,
        reason: decision.reason,
      });
      return;
    }
    if (await findDuplicateCertification(tx, edit.name, edit.vendor, { exceptId: id })) {
      throw conflict(MSG.duplicateCertification);
    }
    await tellAuthor(await recordFormEdit(tx, row, proposed, { ...by, status: 'APPLIED' }), true, null);
    await deleteCertificationEdit(tx, id);
    await appendModerationEntry(tx, { ...entry, action: 'EDIT_CERTIFICATION', itemLabel: name, reason: null });
  }
}
