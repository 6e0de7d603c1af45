import { createHash } from 'node:crypto';
import {
  can,
  MSG,
  type Certification,
  type CertificationListQuery,
  type CreateCertificationRequest,
  type Domain,
  type Stats,
  type UpdateCertificationRequest,
} from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { CERTIFICATION_SUBMISSIONS_DAILY, FORM_EDIT_BURST, FORM_EDIT_DAILY } from './catalogue-limits.js';
import { presentCertification } from './certification.presenter.js';
import {
  countCatalogue,
  findApprovedCertifications,
  findCertification,
  findDuplicateCertification,
  insertCertification,
  lockCertificationState,
} from './certification.repository.js';
import { saveCertificationEdit, findCertificationEdit } from './certification-edit.repository.js';
import { PrecompressedBody } from '../../lib/precompressed.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { logModeration } from '../moderation/moderation-log.service.js';
import { findDomainCounts } from './facts.repository.js';
import { recordFormEdit } from './revision-record.js';
import { CertificationBrowser } from './certification-browse.js';
import { canSee, subjectOf } from './certification-access.js';
import { freePublicSlug, pendingSlug } from './certification-slugs.js';

/**
 * How other modules read and write certifications in their own transaction: the review queue's decisions, the
 * catalogue's import and retirements (docs/architecture.md#module-boundaries).
 */
export {
  findApprovedCertifications,
  findCertification,
  findDuplicateCertification,
  setCertificationSlug,
  type CertificationRow,
} from './certification.repository.js';
export {
  deleteCertificationEdit,
  findCertificationEdit,
  type CertificationEditRow,
} from './certification-edit.repository.js';
export { writeState } from './facts.repository.js';
export { countPendingRevisions, insertRevision, insertRevisions, type NewRevision } from './revision.repository.js';

interface CachedList {
  list: Certification[];
  body: PrecompressedBody;
  etag: string;
}

/** What the list cache asks of the relay of changes between instances (see lib/change-relay.ts). */
export interface ListChangeBus {
  readonly canCache: boolean;
}

const localOnly: ListChangeBus = { canCache: true };

/**
 * The catalogue of certifications. The public list is the hottest answer of the site, so it is kept in
 * memory as serialized JSON and dropped whenever the catalogue changes: every write that alters it announces
 * a `catalogue` change after its commit (lib/changes.ts), heard here and on every other instance.
 */
export class CertificationService {
  private listCache: CachedList | undefined;
  private listLoading: Promise<CachedList> | undefined;
  private version = 0;
  private readonly dropListeners: (() => void)[] = [];
  bus: ListChangeBus = localOnly;
  private readonly browser: CertificationBrowser;

  constructor(
    private readonly db: Database,
    private readonly changes: ChangeAnnouncer,
    private readonly rateLimiter?: RateLimiter,
  ) {
    this.browser = new CertificationBrowser(db, () => this.list());
  }

  /** GET /api/search: the approved certifications matching words, best first (at most SEARCH_RESULTS_MAX). */
  async search(q: string): Promise<Certification[]> {
    return this.browser.search(q);
  }

  async list(): Promise<Certification[]> {
    return (await this.cachedList()).list;
  }

  /** The list as the JSON bytes sent to clients (compressed once per encoding), with a strong ETag. */
  async listJson(): Promise<{ body: PrecompressedBody; etag: string }> {
    return this.cachedList();
  }

  /** The catalogue changed, here or on another instance (or a message from one may have been missed). */
  dropCachedList(): void {
    this.version++;
    this.listCache = undefined;
    this.listLoading = undefined;
    for (const listener of this.dropListeners) listener();
  }

  /** Runs `listener` whenever the public list is dropped, for a change here or on another instance. */
  onListDropped(listener: () => void): void {
    this.dropListeners.push(listener);
  }

  /** Whether a copy kept in memory hears of every change (false while the Redis subscriber is down). */
  get cacheTrusted(): boolean {
    return this.bus.canCache;
  }

  private cachedList(): Promise<CachedList> {
    if (this.listCache) {
      if (this.bus.canCache) return Promise.resolve(this.listCache);
      this.dropCachedList();
    }
    if (this.listLoading) return this.listLoading;
    const version = this.version;
    const loading = (async () => {
      const list = (await findApprovedCertifications(this.db)).map(presentCertification);
      const json = JSON.stringify(list);
      const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
      const entry = { list, body: new PrecompressedBody(json), etag };
      // A change during the load makes this result stale: answer it, but do not keep it.
      if (version === this.version && this.bus.canCache) this.listCache = entry;
      return entry;
    })();
    this.listLoading = loading;
    loading
      .finally(() => {
        if (this.listLoading === loading) this.listLoading = undefined;
      })
      .catch(() => undefined);
    return loading;
  }

  /**
   * A certification by id or slug, if this viewer may see it. Its submitter and moderators also learn whether
   * an edit of it waits for review (`pendingEdit`), and whether members' flags hide it (`hiddenByFlags`).
   */
  async get(idOrSlug: string, viewer?: Viewer): Promise<Certification | null> {
    const row = await findCertification(this.db, idOrSlug);
    if (!row || !canSee(row, viewer)) return null;
    const cert = presentCertification(row);
    if (row.held && row.status === 'PENDING') cert.hiddenByFlags = true;
    if (row.status === 'APPROVED' && can(viewer, 'certification:edit', subjectOf(row))) {
      if (await findCertificationEdit(this.db, row.id)) cert.pendingEdit = true;
    }
    return cert;
  }

  /** A submission (docs/product.md#submission-and-review): PENDING for review, APPROVED at once for a moderator's own. */
  async create(input: CreateCertificationRequest, viewer: Viewer): Promise<Certification> {
    await this.rateLimiter?.consume(CERTIFICATION_SUBMISSIONS_DAILY, `user:${viewer.id}`);
    if (await findDuplicateCertification(this.db, input.name, input.vendor, { submitterId: viewer.id })) {
      throw conflict(MSG.duplicateCertification);
    }
    const status = can(viewer, 'moderate') ? 'APPROVED' : 'PENDING';
    const values = {
      name: input.name,
      certCode: input.certCode,
      vendor: input.vendor,
      description: input.description,
      url: input.url,
      status,
      submittedById: viewer.id,
    } as const;
    // Two submissions may race for a slug; the unique index decides, and the loser takes the next one.
    for (let attempt = 0; ; attempt++) {
      try {
        const slug = status === 'APPROVED' ? await freePublicSlug(this.db, input) : pendingSlug(input);
        const id = await insertCertification(this.db, { ...values, slug });
        if (status === 'APPROVED') this.changes.announce({ kind: 'catalogue' });
        return (await this.get(String(id), viewer))!;
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'certifications_name_vendor_key') throw conflict(MSG.duplicateCertification);
        if (constraint === 'certifications_slug_key' && attempt < 5) continue;
        throw err;
      }
    }
  }

  /**
   * An edit (docs/product.md#certification-forms): the submitter or a moderator; the slug stays, so shared links keep working. A member's edit
   * of an APPROVED certification changes nothing the public sees: it waits for a moderator (decision 0013) and
   * the answer is the certification as it stands, with `pendingEdit`. So does the submitter's edit of a certification
   * members' flags hid, as a suggested edit (a PENDING revision), so that dismissing the flags never publishes what no
   * moderator read (docs/product.md#flags). A moderator's edit of an approved certification is applied at once and
   * recorded in the moderation log.
   */
  async update(idOrSlug: string, input: UpdateCertificationRequest, viewer: Viewer): Promise<Certification> {
    const row = await findCertification(this.db, idOrSlug);
    if (!row || !canSee(row, viewer)) throw notFound(MSG.certificationNotFound);
    if (!can(viewer, 'certification:edit', subjectOf(row))) throw forbidden(MSG.notYourCertification);
    // Each member's edit changes what a moderator reads (the pending submission, or the edit waiting in the queue).
    if (!can(viewer, 'moderate')) {
      await this.rateLimiter?.consume(FORM_EDIT_BURST, `user:${viewer.id}`);
      await this.rateLimiter?.consume(FORM_EDIT_DAILY, `user:${viewer.id}`);
    }
    const duplicateScope = row.status === 'APPROVED' ? {} : { submitterId: row.submittedByUserId ?? undefined };
    if (await findDuplicateCertification(this.db, input.name, input.vendor, { exceptId: row.id, ...duplicateScope })) {
      throw conflict(MSG.duplicateCertification);
    }
    const values = {
      name: input.name,
      certCode: input.certCode,
      vendor: input.vendor,
      description: input.description ?? row.description,
      url: input.url ?? row.url,
    };
    if (!can(viewer, 'certification:change-directly', subjectOf(row))) {
      if (row.status === 'APPROVED') {
        await saveCertificationEdit(this.db, row.id, viewer.id, values);
        return { ...presentCertification(row), pendingEdit: true };
      }
      // Hidden by flags: the review queue decides the certification itself, so the edit waits with the revisions.
      const proposal = { authorId: viewer.id, decidedById: null, status: 'PENDING' } as const;
      const recorded = (await recordFormEdit(this.db, row, values, proposal)) !== null;
      return { ...presentCertification(row), hiddenByFlags: true, ...(recorded ? { pendingEdit: true } : {}) };
    }
    try {
      await this.db.transaction(async (tx) => {
        // Read as PENDING above, a submission may have been approved since: under the row lock (which a decision
        // takes too), the change goes ahead only if it may still be made directly, else the member edits again.
        const locked = await lockCertificationState(tx, row.id);
        if (!locked) throw notFound(MSG.certificationNotFound);
        const now = { status: locked.status, submittedBy: row.submittedBy, held: locked.held };
        if (locked.status !== row.status || !can(viewer, 'certification:change-directly', subjectOf(now))) {
          throw conflict(MSG.reviewedWhileEditing);
        }
        await recordFormEdit(tx, row, values, { authorId: viewer.id, decidedById: viewer.id, status: 'APPLIED' });
        if (row.status === 'APPROVED') {
          await logModeration(tx, {
            moderatorId: viewer.id,
            moderatorUsername: viewer.username,
            action: 'EDIT_CERTIFICATION',
            itemType: 'certification',
            itemId: row.id,
            itemLabel: values.name,
            reason: null,
          });
        }
      });
    } catch (err) {
      if (uniqueViolation(err) === 'certifications_name_vendor_key') throw conflict(MSG.duplicateCertification);
      throw err;
    }
    if (row.status === 'APPROVED') this.changes.announce({ kind: 'catalogue' });
    return (await this.get(String(row.id), viewer))!;
  }

  /**
   * The About page's figures. Certifications and vendors are those the home page lists before any filter: approved,
   * not retired, as `filtered` leaves them without a lifecycle (docs/product.md#about-page), so that both pages give
   * the same numbers.
   */
  async stats(): Promise<Stats> {
    const onOffer = (await this.list()).filter((c) => c.lifecycle !== 'RETIRED');
    const counts = await countCatalogue(this.db);
    return { ...counts, certifications: onOffer.length, vendors: new Set(onOffer.map((c) => c.vendor)).size };
  }

  /** The domain taxonomy, each with the number of approved certifications still on offer in it. */
  domains(): Promise<Domain[]> {
    return findDomainCounts(this.db);
  }

  /** The list with the home page's search, filters, an order and paging (docs/api.md#catalogue). */
  browse(query: CertificationListQuery): Promise<{ items: Certification[]; total: number; nextCursor?: string }> {
    return this.browser.browse(query);
  }
}
