import { MSG } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { findCertification } from '../catalogue/certification.repository.js';
import { addWatch, isWatching, removeWatch } from './watch.repository.js';

/** Watching a certification (docs/product.md#notifications): its new comments and applied revisions are told. */
export class WatchService {
  constructor(private readonly db: Database) {}

  /** An approved certification: only those are watched. */
  private async certificationId(idOrSlug: string): Promise<number> {
    const row = await findCertification(this.db, idOrSlug);
    if (!row || row.status !== 'APPROVED') throw notFound(MSG.certificationNotFound);
    return row.id;
  }

  async watch(idOrSlug: string, viewer: Viewer): Promise<void> {
    await addWatch(this.db, viewer.id, await this.certificationId(idOrSlug));
  }

  async unwatch(idOrSlug: string, viewer: Viewer): Promise<void> {
    await removeWatch(this.db, viewer.id, await this.certificationId(idOrSlug));
  }

  async watching(idOrSlug: string, viewer: Viewer): Promise<boolean> {
    return isWatching(this.db, viewer.id, await this.certificationId(idOrSlug));
  }
}
