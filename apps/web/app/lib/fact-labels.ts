import { DOMAINS, type CertLevel } from '@certitude/shared';

export const LEVEL_LABELS: Record<CertLevel, string> = {
  FOUNDATIONAL: 'Foundational',
  ASSOCIATE: 'Associate',
  PROFESSIONAL: 'Professional',
  EXPERT: 'Expert',
  SPECIALTY: 'Specialty',
};

export const DOMAIN_NAMES: Record<string, string> = Object.fromEntries(DOMAINS.map((d) => [d.slug, d.name]));

/** MULTIPLE_CHOICE -> Multiple choice. */
export const humanize = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ');

export const NOT_KNOWN = 'Not known yet';
/** An empty fact that a source checked: the vendor publishes none (or the exam has none, as a hands-on exam's questions). */
export const NONE_PUBLISHED = 'None published';
