import type { Database } from '../../db/client.js';
import type { Viewer } from '../../plugins/auth.js';
import { certificationToTakePartIn } from '../catalogue/certification-access.js';
import { addWatch, isWatching, removeWatch } from './watch.repository.js';

/** Watching a certification (docs/product.md#notifications): its new comments and applied revisions are told. */
export class WatchService {
  constructor(private readonly db: Database) {}

  async watch(idOrSlug: string, viewer: Viewer): Promise<void> {
    await addWatch(this.db, viewer.id, (await certificationToTakePartIn(this.db, idOrSlug, viewer)).id);
  }

  async unwatch(idOrSlug: string, viewer: Viewer): Promise<void> {
    await removeWatch(this.db, viewer.id, (await certificationToTakePartIn(this.db, idOrSlug, viewer)).id);
  }

  async watching(idOrSlug: string, viewer: Viewer): Promise<boolean> {
    return isWatching(this.db, viewer.id, (await certificationToTakePartIn(this.db, idOrSlug, viewer)).id);
  }
}
