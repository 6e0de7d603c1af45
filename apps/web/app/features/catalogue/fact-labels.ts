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

/** 2026-03-31 -> 31 March 2026, whatever the reader's time zone. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const NOT_KNOWN = 'Not known yet';
