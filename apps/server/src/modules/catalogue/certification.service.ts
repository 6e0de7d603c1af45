import { createHash } from 'node:crypto';
import { isModerator, type Certification, type Stats } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { presentCertification } from './certification.presenter.js';
import type { Viewer } from '../../plugins/auth.js';
import { countCatalogue, findApprovedCertifications, findCertification } from './certification.repository.js';

/**
 * Reading the catalogue. The public list is the hottest answer of the site, so it is kept in memory as
 * serialized JSON and dropped whenever a change alters it.
 */
export class CertificationService {
  private listCache: { list: Certification[]; json: string; etag: string } | undefined;
  private listLoading: Promise<{ list: Certification[]; json: string; etag: string }> | undefined;
  private version = 0;

  constructor(private readonly db: Database) {}

  async list(): Promise<Certification[]> {
    return (await this.cachedList()).list;
  }

  /** The list as the JSON bytes sent to clients, with a strong ETag of its content. */
  async listJson(): Promise<{ json: string; etag: string }> {
    return this.cachedList();
  }

  invalidateList(): void {
    this.version++;
    this.listCache = undefined;
    this.listLoading = undefined;
  }

  private cachedList() {
    if (this.listCache) return Promise.resolve(this.listCache);
    if (this.listLoading) return this.listLoading;
    const version = this.version;
    const loading = (async () => {
      const list = (await findApprovedCertifications(this.db)).map(presentCertification);
      const json = JSON.stringify(list);
      const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
      const entry = { list, json, etag };
      // A change during the load makes this result stale: answer it, but do not keep it.
      if (version === this.version) this.listCache = entry;
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

  /** A certification by id or slug. PENDING and REJECTED ones are shown only to their submitter and moderators. */
  async get(idOrSlug: string, viewer?: Viewer): Promise<Certification | null> {
    const row = await findCertification(this.db, idOrSlug);
    if (!row) return null;
    if (row.status !== 'APPROVED') {
      const allowed = viewer && (viewer.id === row.submittedByUserId || isModerator(viewer.role));
      if (!allowed) return null;
    }
    return presentCertification(row);
  }

  stats(): Promise<Stats> {
    return countCatalogue(this.db);
  }
}
