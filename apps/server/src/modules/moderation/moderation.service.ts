import {
  MSG,
  type Certification,
  type ModerationEntry,
  type PendingCounts,
  type PendingResource,
  type Resource,
} from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueueMail } from '../../mail/outbox.repository.js';
import { submissionApprovedMail, submissionRejectedMail } from '../../mail/templates/moderation-mails.js';
import type { Viewer } from '../../plugins/auth.js';
import { presentCertification } from '../catalogue/certification.presenter.js';
import { findCertification } from '../catalogue/certification.repository.js';
import { presentResource } from '../catalogue/resource.presenter.js';
import { findResource } from '../catalogue/resource.repository.js';
import { appendModerationEntry, findModerationEntries } from './moderation-log.repository.js';
import {
  countPending,
  findPendingCertifications,
  findPendingResources,
  lockSubmission,
  setSubmissionStatus,
  type ReviewTable,
} from './pending.repository.js';

const AUDIT_LOG_LIMIT = 500;

export interface ModerationDeps {
  db: Database;
  publicUrl: string;
  /** Wakes the outbox worker once a decision (and its mail) has committed. */
  kickMail: () => void;
  /** Drops the cached public certification list; called only after the commit. */
  invalidateCertificationList: () => void;
}

type Decision = { status: 'APPROVED' } | { status: 'REJECTED'; reason: string };

/** The review queue (docs/product.md#admin-panel): approve or reject a PENDING submission, on the record, with a mail. */
export class ModerationService {
  constructor(private readonly deps: ModerationDeps) {}

  async pendingCounts(): Promise<PendingCounts> {
    const counts = await countPending(this.deps.db);
    return { ...counts, total: counts.certifications + counts.resources };
  }

  async pending(): Promise<{ certifications: Certification[]; resources: PendingResource[] }> {
    const [certs, res] = await Promise.all([
      findPendingCertifications(this.deps.db),
      findPendingResources(this.deps.db),
    ]);
    return {
      certifications: certs.map(presentCertification),
      resources: res.map((r) => ({
        ...presentResource(r),
        certificationName: r.certificationName,
        certificationSlug: r.certificationSlug,
      })),
    };
  }

  auditLog(): Promise<ModerationEntry[]> {
    return findModerationEntries(this.deps.db, AUDIT_LOG_LIMIT);
  }

  async reviewCertification(id: number, decision: Decision, viewer: Viewer): Promise<Certification> {
    await this.review('certification', id, decision, viewer);
    this.deps.invalidateCertificationList();
    const row = await findCertification(this.deps.db, String(id));
    return presentCertification(row!);
  }

  async reviewResource(id: number, decision: Decision, viewer: Viewer): Promise<Resource> {
    await this.review('resource', id, decision, viewer);
    // The public stats count approved resources; they are read live, so nothing is cached to drop.
    const row = await findResource(this.deps.db, id);
    return presentResource(row!);
  }

  private async review(kind: ReviewTable, id: number, decision: Decision, viewer: Viewer): Promise<void> {
    const notFoundMessage = kind === 'certification' ? MSG.certificationNotFound : MSG.resourceNotFound;
    await this.deps.db.transaction(async (tx) => {
      const item = await lockSubmission(tx, kind, id);
      if (!item) throw notFound(notFoundMessage);
      if (item.status !== 'PENDING') throw conflict(MSG.alreadyReviewed);
      const reason = decision.status === 'REJECTED' ? decision.reason : null;
      await setSubmissionStatus(tx, kind, id, {
        status: decision.status,
        reviewedById: viewer.id,
        rejectionReason: reason,
      });
      await appendModerationEntry(tx, {
        moderatorId: viewer.id,
        moderatorUsername: viewer.username,
        action: `${decision.status === 'APPROVED' ? 'APPROVE' : 'REJECT'}_${kind === 'certification' ? 'CERTIFICATION' : 'RESOURCE'}`,
        itemType: kind,
        itemId: id,
        itemLabel: item.label,
        reason,
      });
      const submitter = item.submitter;
      if (!submitter || submitter.isSystem) return;
      const mail = { to: submitter.email, username: submitter.username, kind, label: item.label };
      if (decision.status === 'REJECTED') {
        await enqueueMail(tx, submissionRejectedMail({ ...mail, reason: decision.reason }));
      } else {
        const certificationId = kind === 'certification' ? id : (await findResource(tx, id))!.certificationId;
        const url = `${this.deps.publicUrl}/certification/${certificationId}`;
        await enqueueMail(tx, submissionApprovedMail({ ...mail, url }));
      }
    });
    this.deps.kickMail();
  }
}
