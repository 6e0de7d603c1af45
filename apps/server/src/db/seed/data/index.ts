import type { SeedCertification, SeedFacts } from './types.js';
import { certifications as firstCatalogue } from './certifications.js';
import * as firstCatalogueFacts from './catalogue/first-catalogue.js';
import * as securityGovernance from './catalogue/security-governance.js';
import * as networkingAndDataPlatforms from './catalogue/networking-and-data-platforms.js';
import * as cloudNativeAndVerifiedFacts from './catalogue/cloud-native-and-verified-facts.js';

export type * from './types.js';
export { resources } from './resources.js';
export { articles } from './articles.js';

/** The vendor groups (docs/catalogue.md): certifications added after the first catalogue, and facts. */
const groups: { certifications: SeedCertification[]; facts: Record<string, SeedFacts> }[] = [
  firstCatalogueFacts,
  securityGovernance,
  networkingAndDataPlatforms,
  cloudNativeAndVerifiedFacts,
];

export const certifications: SeedCertification[] = [...firstCatalogue, ...groups.flatMap((g) => g.certifications)];
export const facts: Record<string, SeedFacts> = Object.assign({}, ...groups.map((g) => g.facts));
