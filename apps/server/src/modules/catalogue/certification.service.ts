import { createHash } from 'node:crypto';
import {
  isModerator,
  MSG,
  SEARCH_RESULTS_MAX,
  slugify,
  type Certification,
  type CreateCertificationRequest,
  type Stats,
  type UpdateCertificationRequest,
} from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { CERTIFICATION_SUBMISSIONS_DAILY } from './catalogue-limits.js';
import { presentCertification } from './certification.presenter.js';
import {
  countCatalogue,
  findApprovedCertifications,
  searchApprovedCertifications,
  findCertification,
  findDuplicateCertification,
  findSlugsLike,
  insertCertification,
  updateCertification,
  type CertificationRow,
} from './certification.repository.js';
import { PrecompressedBody } from '../../lib/precompressed.js';
import { uniqueViolation } from './db-errors.js';

interface CachedList {
  list: Certification[];
  body: PrecompressedBody;
  etag: string;
}

/** What the list cache asks of the cross-instance invalidation (see list-invalidation.ts). */
export interface ListChangeBus {
  readonly canCache: boolean;
  publish(): void;
}

const localOnly: ListChangeBus = { canCache: true, publish: () => undefined };

/** A PENDING or REJECTED certification is seen only by its submitter and by moderators (docs/product.md#permissions). */
export function canSee(row: Pick<CertificationRow, 'status' | 'submittedByUserId'>, viewer?: Viewer): boolean {
  if (row.status === 'APPROVED') return true;
  return Boolean(viewer && (viewer.id === row.submittedByUserId || isModerator(viewer.role)));
}

/**
 * The catalogue of certifications. The public list is the hottest answer of the site, so it is kept in
 * memory as serialized JSON and dropped whenever a change alters it: here, on every instance (through
 * the bus), and only after the change has committed, so that no reload can read the state before it.
 */
export class CertificationService {
  private listCache: CachedList | undefined;
  private listLoading: Promise<CachedList> | undefined;
  private version = 0;
  private readonly dropListeners: (() => void)[] = [];
  bus: ListChangeBus = localOnly;

  constructor(
    private readonly db: Database,
    private readonly rateLimiter?: RateLimiter,
  ) {}

  /** The approved certifications matching a search, best first (at most SEARCH_RESULTS_MAX). */
  async search(q: string): Promise<Certification[]> {
    return (await searchApprovedCertifications(this.db, q, SEARCH_RESULTS_MAX)).map(presentCertification);
  }

  async list(): Promise<Certification[]> {
    return (await this.cachedList()).list;
  }

  /** The list as the JSON bytes sent to clients (compressed once per encoding), with a strong ETag. */
  async listJson(): Promise<{ body: PrecompressedBody; etag: string }> {
    return this.cachedList();
  }

  /** A change altered the public list: drop it here and tell the other instances. */
  invalidateList(): void {
    this.dropCachedList();
    this.bus.publish();
  }

  /** Another instance changed the list (or we may have missed its message). */
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

  /** A certification by id or slug, if this viewer may see it. */
  async get(idOrSlug: string, viewer?: Viewer): Promise<Certification | null> {
    const row = await findCertification(this.db, idOrSlug);
    if (!row || !canSee(row, viewer)) return null;
    return presentCertification(row);
  }

  /** A submission (docs/product.md#submission-and-review): PENDING for review, APPROVED at once for a moderator's own. */
  async create(input: CreateCertificationRequest, viewer: Viewer): Promise<Certification> {
    await this.rateLimiter?.consume(CERTIFICATION_SUBMISSIONS_DAILY, `user:${viewer.id}`);
    if (await findDuplicateCertification(this.db, input.name, input.vendor)) throw conflict(MSG.duplicateCertification);
    const status = isModerator(viewer.role) ? 'APPROVED' : 'PENDING';
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
        const id = await insertCertification(this.db, { ...values, slug: await this.freeSlug(input) });
        if (status === 'APPROVED') this.invalidateList();
        return (await this.get(String(id), viewer))!;
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'certifications_name_vendor_key') throw conflict(MSG.duplicateCertification);
        if (constraint === 'certifications_slug_key' && attempt < 5) continue;
        throw err;
      }
    }
  }

  /** An edit (docs/product.md#certification-forms): the submitter or a moderator; the slug stays, so shared links keep working. */
  async update(idOrSlug: string, input: UpdateCertificationRequest, viewer: Viewer): Promise<Certification> {
    const row = await findCertification(this.db, idOrSlug);
    if (!row || !canSee(row, viewer)) throw notFound(MSG.certificationNotFound);
    if (row.submittedByUserId !== viewer.id && !isModerator(viewer.role)) throw forbidden(MSG.notYourCertification);
    if (await findDuplicateCertification(this.db, input.name, input.vendor, row.id)) {
      throw conflict(MSG.duplicateCertification);
    }
    try {
      await updateCertification(this.db, row.id, {
        name: input.name,
        certCode: input.certCode,
        vendor: input.vendor,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
      });
    } catch (err) {
      if (uniqueViolation(err) === 'certifications_name_vendor_key') throw conflict(MSG.duplicateCertification);
      throw err;
    }
    if (row.status === 'APPROVED') this.invalidateList();
    return (await this.get(String(row.id), viewer))!;
  }

  /** A slug from the name (the vendor and code when the name has no Latin letters), never all digits, unique. */
  private async freeSlug(input: { name: string; vendor: string; certCode: string }): Promise<string> {
    let base = slugify(input.name) || slugify(`${input.vendor} ${input.certCode}`) || 'certification';
    // An all-digit slug would be read as an id.
    if (/^\d+$/.test(base)) base = `certification-${base}`;
    const taken = new Set(await findSlugsLike(this.db, base));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  stats(): Promise<Stats> {
    return countCatalogue(this.db);
  }
}
