import type { CertLevel, DomainSlug, ExamDelivery, ExamFormat, Lifecycle, PrerequisiteKind } from '@certitude/shared';

type ResourceType = 'course' | 'video' | 'article' | 'book' | 'documentation' | 'other';

export interface SeedCertification {
  slug: string;
  name: string;
  certCode: string;
  vendor: string;
  url: string;
  description: string;
}

/**
 * The facts of one certification, as its vendor states them (docs/catalogue.md). Every exam fact is `null` unless
 * it was read on the official page named in `factsSource`; `level` and `domains` are the catalogue's own
 * classification, following the rules in docs/catalogue.md.
 */
export interface SeedFacts {
  level: CertLevel;
  domains: DomainSlug[];
  exam?: {
    costUsd: number | null;
    durationMinutes: number | null;
    questionCount: number | null;
    /** As the vendor writes it: "700 / 1000", "70%", "Pass/fail". */
    passingScore: string | null;
    formats: ExamFormat[];
    delivery: ExamDelivery[];
  };
  /** Months a certificate stays valid; leave out (null) when the vendor says it does not expire or did not say. */
  validityMonths?: number | null;
  /** How it is kept current, in a sentence; with validityMonths null, null means "does not expire" only if stated. */
  renewal?: string | null;
  prerequisites?: { slug: string; kind: PrerequisiteKind }[];
  prerequisiteNotes?: string | null;
  lifecycle?: Lifecycle;
  /** YYYY-MM-DD: the last day the exam could be (or can be) taken. */
  retiresOn?: string | null;
  /** Slug of the certification that replaces it. */
  supersededBy?: string | null;
  previousCodes?: string[];
  /** YYYY-MM-DD the facts were checked against factsSource. Leave both out when nothing was confirmed. */
  factsVerifiedAt?: string;
  factsSource?: string;
}

export interface SeedResource {
  certificationSlug: string;
  name: string;
  type: ResourceType;
  url: string;
  description: string;
  paid: boolean;
}

export interface SeedArticle {
  slug: string;
  title: string;
  summary: string;
  content: string;
  publishedAt: string;
}
