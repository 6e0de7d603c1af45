import { describe, expect, it } from 'vitest';
import { CATALOGUE_FLOORS } from './catalogue-floors.js';
import { blankRecord } from './catalogue-record.js';
import { readCatalogue } from './catalogue-files.js';
import { catalogueReport, formatReport, REPORT_FACTS } from './catalogue-report.js';

describe('the catalogue report', () => {
  const report = catalogueReport(readCatalogue());

  it('keeps every share at or above the floor the project set', () => {
    expect(report.certifications).toBeGreaterThanOrEqual(CATALOGUE_FLOORS.certifications);
    for (const fact of REPORT_FACTS) {
      expect(report.byFact[fact], fact).toBeGreaterThanOrEqual(CATALOGUE_FLOORS.byFact[fact] ?? 0);
    }
    expect(report.overall).toBeGreaterThanOrEqual(CATALOGUE_FLOORS.overall);
    expect(report.vendorShare).toBeGreaterThanOrEqual(CATALOGUE_FLOORS.vendorShare);
    expect(report.unsourced).toBeLessThanOrEqual(CATALOGUE_FLOORS.unsourcedAtMost);
  });

  it('counts a fact as known when a source names it, and says whose source it is', () => {
    const blank = blankRecord('example-one', 'Example');
    const one = catalogueReport([
      {
        name: 'example.json',
        file: {
          vendor: 'Example',
          certifications: [
            {
              ...blank,
              name: 'Example One',
              certCode: 'EX-1',
              url: 'https://example.com/one',
              description: 'One.',
              level: 'ASSOCIATE',
              domains: ['cloud'],
              exam: { ...blank.exam, costUsd: 100 },
              sources: [
                { url: 'https://example.com/one', kind: 'VENDOR', retrievedOn: '2026-11-27', fields: ['exam.costUsd'] },
                // Checked and found empty: no expiry.
                {
                  url: 'https://blog.example.org',
                  kind: 'THIRD_PARTY',
                  retrievedOn: '2026-11-27',
                  fields: ['validityMonths'],
                },
              ],
            },
          ],
        },
      },
    ]);
    expect(one.byFact['exam.costUsd']).toBe(100);
    expect(one.byFact.validityMonths).toBe(100);
    expect(one.byFact.renewal).toBe(0);
    expect(one).toMatchObject({ vendorShare: 50, thirdPartyShare: 50, overall: 18.2 });
    expect(formatReport(one)).toContain('  Example                      1   18.2%');
  });
});
