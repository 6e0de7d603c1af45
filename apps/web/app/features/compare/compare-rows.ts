import { COMPARE_TEXT, DOMAINS, type Comparison, type FactName } from '@certitude/shared';

export type Compared = Comparison['certifications'][number];

/** One row of the comparison: a label, how to show each certification's value, and which value is best. */
export interface CompareRow {
  label: string;
  show: (c: Compared) => string | null;
  /** The number the best value is chosen by; higher wins unless `lowerIsBetter`. Rows without it mark none. */
  rank?: (c: Compared) => number | null;
  lowerIsBetter?: boolean;
  /** The facts the row shows, whose source the cell names. */
  facts?: FactName[];
  /** What the row's figure means, shown under its label (and its cells' description). */
  hint?: string;
}

const LEVELS: Record<string, string> = {
  FOUNDATIONAL: 'Foundational',
  ASSOCIATE: 'Associate',
  PROFESSIONAL: 'Professional',
  EXPERT: 'Expert',
  SPECIALTY: 'Specialty',
};
const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ');
const list = (values: string[]) => (values.length ? values.map(words).join(', ') : null);
const domainName = (slug: string) => DOMAINS.find((d) => d.slug === slug)?.name ?? slug;
const mean = (v: number | null) => (v === null ? null : v.toFixed(1));

/** The rows of the comparison table, in order (docs/product.md#comparison). */
export const COMPARE_ROWS: CompareRow[] = [
  { label: 'Vendor', show: (c) => c.vendor },
  { label: 'Exam code', show: (c) => c.certCode },
  { label: 'Level', show: (c) => (c.level ? LEVELS[c.level]! : null) },
  { label: 'Domains', show: (c) => (c.domains.length ? c.domains.map(domainName).join(', ') : null) },
  {
    label: 'Exam cost',
    show: (c) => (c.exam.costUsd === null ? null : `$${c.exam.costUsd}`),
    rank: (c) => c.exam.costUsd,
    lowerIsBetter: true,
    facts: ['exam.costUsd'],
  },
  {
    label: 'Length',
    show: (c) => (c.exam.durationMinutes === null ? null : `${c.exam.durationMinutes} minutes`),
    facts: ['exam.durationMinutes'],
  },
  {
    label: 'Questions',
    show: (c) =>
      c.exam.questionCount === null
        ? null
        : c.exam.questionCountMax
          ? `${c.exam.questionCount} to ${c.exam.questionCountMax}`
          : String(c.exam.questionCount),
    facts: ['exam.questionCount', 'exam.questionCountMax'],
  },
  { label: 'Passing score', show: (c) => c.exam.passingScore, facts: ['exam.passingScore'] },
  { label: 'Formats', show: (c) => list(c.exam.formats), facts: ['exam.formats'] },
  { label: 'Delivery', show: (c) => list(c.exam.delivery), facts: ['exam.delivery'] },
  {
    label: 'Valid for',
    show: (c) => (c.validityMonths === null ? null : `${c.validityMonths} months`),
    rank: (c) => c.validityMonths,
    facts: ['validityMonths'],
  },
  { label: 'Renewal', show: (c) => c.renewal, facts: ['renewal'] },
  {
    label: 'Prerequisites',
    show: (c) =>
      c.prerequisites.length
        ? c.prerequisites.map((p) => `${p.certification.name} (${p.kind.toLowerCase()})`).join('; ')
        : c.prerequisiteNotes,
    facts: ['prerequisites', 'prerequisiteNotes'],
  },
  {
    label: 'Status',
    show: (c) => (c.lifecycle === 'ACTIVE' ? 'Active' : `${words(c.lifecycle)} ${c.retiresOn ?? ''}`.trim()),
  },
  { label: 'Difficulty (1-5)', show: (c) => mean(c.ratings.difficulty.mean) },
  { label: 'Value (1-5)', show: (c) => mean(c.ratings.value.mean), rank: (c) => c.ratings.value.mean },
  {
    label: 'Recognition (1-5)',
    show: (c) => mean(c.ratings.recognition.mean),
    rank: (c) => c.ratings.recognition.mean,
  },
  // A count says how much the means rest on, not which certification is better: never marked best.
  { label: 'Ratings', show: (c) => String(c.ratings.count) },
  {
    label: 'Median study hours',
    show: (c) => (c.ratings.studyHours.median === null ? null : String(Math.round(c.ratings.studyHours.median))),
  },
  {
    label: 'Community score',
    show: (c) => `${Math.round(c.score * 100)}%`,
    rank: (c) => c.score,
    hint: COMPARE_TEXT.scoreHint,
  },
];

/** The indexes of the certifications holding the row's best value; none when fewer than two have one or all tie. */
export function bestOf(row: CompareRow, certs: Compared[]): Set<number> {
  if (!row.rank) return new Set();
  const values = certs.map((c) => row.rank!(c));
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2 || known.every((v) => v === known[0])) return new Set();
  const best = row.lowerIsBetter ? Math.min(...known) : Math.max(...known);
  return new Set(values.flatMap((v, i) => (v === best ? [i] : [])));
}

/** Whether the certifications differ on this row (unknown values count as a difference only from a known one). */
export function differs(row: CompareRow, certs: Compared[]): boolean {
  const shown = certs.map((c) => row.show(c));
  return new Set(shown).size > 1;
}
