import { createHash, randomBytes } from 'node:crypto';
import {
  can,
  MSG,
  SEARCH_RESULTS_MAX,
  parseQuery,
  prepareSearch,
  rankSearch,
  searchTier,
  type PreparedSearch,
  slugify,
  type Certification,
  type CertificationListQuery,
  type CertificationSort,
  type CertificationSubject,
  type CreateCertificationRequest,
  type Domain,
  type Stats,
  type UpdateCertificationRequest,
} from '@certitude/shared';
import type { Database, Executor } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { CERTIFICATION_SUBMISSIONS_DAILY, FORM_EDIT_BURST, FORM_EDIT_DAILY } from './catalogue-limits.js';
import { presentCertification } from './certification.presenter.js';
import {
  countCatalogue,
  findApprovedCertifications,
  findApprovedPage,
  findApprovedPageRows,
  findCertification,
  findCertificationEdit,
  findDuplicateCertification,
  findSlugsLike,
  insertCertification,
  lockCertificationState,
  saveCertificationEdit,
  type CertificationRow,
  type ListFilter,
} from './certification.repository.js';
import { PrecompressedBody } from '../../lib/precompressed.js';
import { uniqueViolation } from './db-errors.js';
import { appendModerationEntry } from '../moderation/moderation-log.repository.js';
import { findDomainCounts } from './facts.repository.js';
import { recordFormEdit } from './revision-record.js';
import { sortCertifications, TRENDING_TTL_MS } from './ranking.js';
import { refreshTrendingScores } from './ranking.repository.js';

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

/** What the policy needs of a certification's row; `held` (findCertification's) when members' flags hide it. */
type SubjectRow = Pick<CertificationRow, 'status' | 'submittedBy'> & { held?: boolean };

/** A PENDING or REJECTED certification is seen only by its submitter and by moderators (docs/product.md#permissions). */
export function canSee(row: SubjectRow, viewer?: Viewer): boolean {
  return can(viewer, 'certification:view', subjectOf(row));
}

/** What the policy (packages/shared/src/policy.ts) needs to know of a certification. */
export function subjectOf(row: SubjectRow): CertificationSubject {
  return { status: row.status, submittedBy: row.submittedBy ?? null, held: row.held ?? false };
}

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
function pendingSlug(input: { name: string; vendor: string; certCode: string }): string {
  return `${slugBase(input)}-${randomBytes(5).toString('hex')}`;
}

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

  constructor(
    private readonly db: Database,
    private readonly changes: ChangeAnnouncer,
    private readonly rateLimiter?: RateLimiter,
  ) {}

  /** GET /api/search: the approved certifications matching words, best first (at most SEARCH_RESULTS_MAX). */
  async search(q: string): Promise<Certification[]> {
    return rankSearch(await this.list(), q, this.prepare).slice(0, SEARCH_RESULTS_MAX);
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
          await appendModerationEntry(tx, {
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

  /** Each certification as the search reads it (`prepareSearch`), built once per cached answer. */
  private readonly prepared = new WeakMap<Certification, PreparedSearch>();
  private readonly prepare = (c: Certification): PreparedSearch => {
    let p = this.prepared.get(c);
    if (p === undefined) {
      p = prepareSearch(c);
      this.prepared.set(c, p);
    }
    return p;
  };

  private readonly sorted = new WeakMap<
    Certification[],
    Map<CertificationSort, { by?: object; list: Certification[] }>
  >();

  /** The cached list in one order, kept with that list (a new list starts afresh). */
  private sortedOnce(list: Certification[], sort: CertificationSort, trending?: Map<number, number>): Certification[] {
    let orders = this.sorted.get(list);
    if (!orders) this.sorted.set(list, (orders = new Map()));
    const kept = orders.get(sort);
    if (kept && kept.by === trending) return kept.list;
    const sortedList = sortCertifications(list, sort, trending);
    orders.set(sort, { by: trending, list: sortedList });
    return sortedList;
  }

  private trendingCache: { at: number; scores: Promise<Map<number, number>> } | undefined;

  /**
   * Trending scores by certification, read at most once every TRENDING_TTL_MS from trending_scores, which is
   * recomputed when older than that (decision 21). Pages ordered by trending join the same table.
   */
  private trending(): Promise<Map<number, number>> {
    const now = Date.now();
    if (!this.trendingCache || now - this.trendingCache.at > TRENDING_TTL_MS) {
      const scores = refreshTrendingScores(this.db, TRENDING_TTL_MS);
      scores.catch(() => (this.trendingCache = undefined));
      this.trendingCache = { at: now, scores };
    }
    return this.trendingCache.scores;
  }

  /** The domain taxonomy, each with the number of approved certifications still on offer in it. */
  domains(): Promise<Domain[]> {
    return findDomainCounts(this.db);
  }

  /**
   * The list with the home page's search, filters, an order and paging (docs/api.md#certifications). A page
   * (`limit`) is ordered and cut by PostgreSQL (`page`). The whole list, and a page of a search, run over the cached
   * public list in the same order and cost no query: a search answers every keystroke of the home page of a large
   * catalogue, and its matches are picked in memory anyway (one match, decision 32), so a query would only carry
   * their ids there and back. Without any parameter the list stays what it was: every approved certification
   * (retired ones too), in one array.
   */
  async browse(query: CertificationListQuery): Promise<{ items: Certification[]; total: number; nextCursor?: string }> {
    if (query.limit !== undefined && !query.q && !query.contains) return this.page(query, query.limit);
    let items = await this.list();
    if (query.sort) {
      const trending = query.sort === 'trending' ? await this.trending() : undefined;
      // The whole cached list is sorted once per order (and trending computation); filters keep that order.
      items = this.sortedOnce(items, query.sort, trending);
    }
    items = this.filtered(items, query);
    const total = items.length;
    if (query.limit === undefined) return { items, total };
    const offset = Number(query.cursor ?? 0);
    const page = items.slice(offset, offset + query.limit);
    const next = offset + query.limit;
    return { items: page, total, nextCursor: next < total ? String(next) : undefined };
  }

  /** The certifications of `items` that pass the query's filters (lifecycle ACTIVE,RETIRING unless given). */
  private filtered(items: Certification[], query: CertificationListQuery): Certification[] {
    const lifecycle = query.lifecycle ?? ['ACTIVE', 'RETIRING'];
    const vendor = query.vendor?.toLowerCase();
    // One search (docs/decisions/0032-one-search.md): `q` (or its older name `contains`) is the home page's match.
    const search = query.q || query.contains ? parseQuery(query.q || query.contains!) : undefined;
    return items.filter(
      (c) =>
        lifecycle.includes(c.lifecycle) &&
        (!search || searchTier(this.prepare(c), search) > 0) &&
        (!vendor || c.vendor.toLowerCase() === vendor) &&
        (!query.domain || c.domains.some((d) => query.domain!.includes(d as never))) &&
        (!query.level || (c.level !== null && query.level.includes(c.level))) &&
        (query.maxCostUsd === undefined || (c.exam.costUsd !== null && c.exam.costUsd <= query.maxCostUsd)),
    );
  }

  /**
   * One page of the list, filtered, ordered and cut by PostgreSQL through the index of its order (decision 21); the
   * cursor is the offset of the page. The query gives the page's ids, answered with the cached list's certifications. X-Total-Count is the length of the whole list's answer, counted over the
   * cached list as that answer is: a count in SQL would read every matching row. A search's pages are cut in
   * `browse`.
   */
  private async page(query: CertificationListQuery, limit: number) {
    const matching = this.filtered(await this.list(), query);
    const total = matching.length;
    const offset = Number(query.cursor ?? 0);
    if (offset >= total) return { items: [], total };
    const filter: ListFilter = {
      lifecycles: query.lifecycle ?? ['ACTIVE', 'RETIRING'],
      vendor: query.vendor,
      domains: query.domain,
      levels: query.level,
      maxCostUsd: query.maxCostUsd,
    };
    // Trending pages join trending_scores: kept no older than TRENDING_TTL_MS, as for the whole list.
    if (query.sort === 'trending') await this.trending();
    const page = { limit, offset };
    // The page's certifications as the list answers them; read in full only if the list moved meanwhile.
    const byId = new Map(matching.map((c) => [c.id, c]));
    const found = (await findApprovedPage(this.db, filter, query.sort, page)).map((r) => byId.get(r.id));
    const items = found.every((c): c is Certification => c !== undefined)
      ? found
      : (await findApprovedPageRows(this.db, filter, query.sort, page)).map(presentCertification);
    const next = offset + limit;
    return { items, total, nextCursor: next < total ? String(next) : undefined };
  }
}
