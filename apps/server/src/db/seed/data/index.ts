import type { CatalogueCertification } from '@certitude/shared';
import { readCatalogue } from '../../../modules/catalogue-data/catalogue-files.js';

export type * from './types.js';
export { resources } from './resources.js';
export { articles } from './articles.js';

/** A certification of the catalogue's data files (catalogue/*.json at the repository's root), with its vendor. */
export type SeedCertification = CatalogueCertification & { vendor: string };

/** Every certification of the data files, checked against their schema when this module loads. */
export const certifications: SeedCertification[] = readCatalogue().flatMap(({ file }) =>
  file.certifications.map((c) => ({ ...c, vendor: file.vendor })),
);
