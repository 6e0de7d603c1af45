import type { FactName } from '@certitude/shared';
import { readFileSync, writeFileSync } from 'node:fs';
import type { LoadedFile } from './catalogue-files.js';

/*
 * `npm run catalogue:report`: how much of the catalogue is known, from the data files (docs/catalogue.md). A fact is
 * known for a certification when one of its sources names it, value or not (checked and found empty counts).
 */

/** The facts a report counts: what a member comparing certifications asks first. */
export const REPORT_FACTS: readonly FactName[] = [
  'exam.costUsd',
  'exam.durationMinutes',
  'exam.questionCount',
  'exam.passingScore',
  'exam.formats',
  'exam.delivery',
  'validityMonths',
  'renewal',
  'prerequisites',
  'aliases',
  'badgeClasses',
];

export interface CatalogueReport {
  certifications: number;
  vendors: number;
  /** Share (0-100) of certifications whose fact a source names. */
  byFact: Record<string, number>;
  /** Share (0-100) of the report's facts known, over a vendor's certifications. */
  byVendor: Record<string, { certifications: number; known: number }>;
  /** Share (0-100) of the report's facts known, over the whole catalogue. */
  overall: number;
  /** Of the facts known, the share (0-100) whose source is the vendor's own page, and a third party's. */
  vendorShare: number;
  thirdPartyShare: number;
  /** Facts carried over from before sources were kept, that no source names yet (`unsourced`). */
  unsourced: number;
}

const pct = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);

export function catalogueReport(files: LoadedFile[]): CatalogueReport {
  const certs = files.flatMap(({ file }) => file.certifications.map((c) => ({ ...c, vendor: file.vendor })));
  const known = new Map<string, number>(REPORT_FACTS.map((f) => [f, 0]));
  const byVendor: CatalogueReport['byVendor'] = {};
  let vendorFacts = 0;
  let thirdPartyFacts = 0;
  let unsourced = 0;
  for (const c of certs) {
    const kinds = new Map<string, string>();
    for (const s of c.sources) for (const f of s.fields) kinds.set(f, s.kind);
    const v = (byVendor[c.vendor] ??= { certifications: 0, known: 0 });
    v.certifications++;
    for (const fact of REPORT_FACTS) {
      const kind = kinds.get(fact);
      if (!kind) continue;
      known.set(fact, known.get(fact)! + 1);
      v.known++;
      if (kind === 'VENDOR') vendorFacts++;
      else thirdPartyFacts++;
    }
    unsourced += c.unsourced?.length ?? 0;
  }
  const slots = certs.length * REPORT_FACTS.length;
  const total = vendorFacts + thirdPartyFacts;
  return {
    certifications: certs.length,
    vendors: files.length,
    byFact: Object.fromEntries([...known].map(([f, n]) => [f, pct(n, certs.length)])),
    byVendor: Object.fromEntries(
      Object.entries(byVendor).map(([vendor, v]) => [
        vendor,
        { certifications: v.certifications, known: pct(v.known, v.certifications * REPORT_FACTS.length) },
      ]),
    ),
    overall: pct(total, slots),
    vendorShare: pct(vendorFacts, total),
    thirdPartyShare: pct(thirdPartyFacts, total),
    unsourced,
  };
}

/** The report as text: what the command prints and docs/catalogue.md carries. */
export function formatReport(r: CatalogueReport): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = [
    `${r.certifications} certifications from ${r.vendors} vendors; ${r.overall}% of the facts below are known (a source names them).`,
    `Of the facts known, ${r.vendorShare}% come from the vendor's own pages and ${r.thirdPartyShare}% from third parties.`,
    `${r.unsourced} facts carried over from the first catalogue have no source yet.`,
    '',
    'Known, by fact:',
    ...Object.entries(r.byFact).map(([f, v]) => `  ${pad(f, 22)} ${String(v).padStart(5)}%`),
    '',
    'Known, by vendor (share of the facts above over its certifications):',
    ...Object.entries(r.byVendor)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([vendor, v]) =>
          `  ${pad(vendor, 26)} ${String(v.certifications).padStart(3)}  ${String(v.known).padStart(5)}%`,
      ),
  ];
  return lines.join('\n');
}

const START = '<!-- catalogue:report -->';
const END = '<!-- /catalogue:report -->';

/** Writes the report between the markers of a markdown file (docs/catalogue.md). */
export function writeReportInto(path: string, report: string): void {
  const text = readFileSync(path, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${path} has no ${START} … ${END} section`);
  writeFileSync(path, `${text.slice(0, a + START.length)}\n\n\`\`\`\n${report}\n\`\`\`\n\n${text.slice(b)}`);
}
