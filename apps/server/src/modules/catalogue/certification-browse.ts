import {
  SEARCH_RESULTS_MAX,
  SearchIndex,
  type Certification,
  type CertificationListQuery,
  type CertificationSort,
} from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { presentCertification } from './certification.presenter.js';
import { findApprovedPage, findApprovedPageRows, type ListFilter } from './certification.repository.js';
import { sortCertifications, TRENDING_TTL_MS } from './ranking.js';
import { refreshTrendingScores } from './ranking.repository.js';

/**
 * The public list searched, filtered, ordered and paged (CertificationService's reads): over the cached list, which
 * `list` answers, or a page from PostgreSQL.
 */
export class CertificationBrowser {
  constructor(
    private readonly db: Database,
    private readonly list: () => Promise<Certification[]>,
  ) {}

  /** GET /api/search: the approved certifications matching words, best first (at most SEARCH_RESULTS_MAX). */
  async search(q: string): Promise<Certification[]> {
    return this.index(await this.list()).rank(q, SEARCH_RESULTS_MAX);
  }

  /** The search's index of a cached list (decision 32), built at its first search and kept with that list. */
  private readonly indexes = new WeakMap<Certification[], SearchIndex<Certification>>();
  private index(list: Certification[]): SearchIndex<Certification> {
    let index = this.indexes.get(list);
    if (index === undefined) this.indexes.set(list, (index = new SearchIndex(list)));
    return index;
  }

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

  /**
   * The list with the home page's search, filters, an order and paging (docs/api.md#catalogue). A page
   * (`limit`) is ordered and cut by PostgreSQL (`page`). The whole list, and a page of a search, run over the cached
   * public list in the same order and cost no query: a search answers every keystroke of the home page of a large
   * catalogue, and its matches are picked in memory anyway (one match, decision 32), so a query would only carry
   * their ids there and back. Without any parameter the list stays what it was: every approved certification
   * (retired ones too), in one array.
   */
  async browse(query: CertificationListQuery): Promise<{ items: Certification[]; total: number; nextCursor?: string }> {
    if (query.limit !== undefined && !query.q && !query.contains) return this.page(query, query.limit);
    const list = await this.list();
    let items = list;
    if (query.sort) {
      const trending = query.sort === 'trending' ? await this.trending() : undefined;
      // The whole cached list is sorted once per order (and trending computation); filters keep that order.
      items = this.sortedOnce(items, query.sort, trending);
    }
    items = this.filtered(items, query, this.matcher(list, query));
    const total = items.length;
    if (query.limit === undefined) return { items, total };
    const offset = Number(query.cursor ?? 0);
    const page = items.slice(offset, offset + query.limit);
    const next = offset + query.limit;
    return { items: page, total, nextCursor: next < total ? String(next) : undefined };
  }

  /**
   * One search (docs/decisions/0032-one-search.md): `q` (or its older name `contains`) is the home page's match,
   * read through the index of the cached list `list`.
   */
  private matcher(list: Certification[], query: CertificationListQuery): ((c: Certification) => boolean) | undefined {
    const q = query.q || query.contains;
    return q ? this.index(list).matcher(q) : undefined;
  }

  /** The certifications of `items` that pass the query's filters (lifecycle ACTIVE,RETIRING unless given). */
  private filtered(
    items: Certification[],
    query: CertificationListQuery,
    search: ((c: Certification) => boolean) | undefined,
  ): Certification[] {
    const lifecycle = query.lifecycle ?? ['ACTIVE', 'RETIRING'];
    const vendor = query.vendor?.toLowerCase();
    return items.filter(
      (c) =>
        lifecycle.includes(c.lifecycle) &&
        (!search || search(c)) &&
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
    const list = await this.list();
    const matching = this.filtered(list, query, this.matcher(list, query));
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
