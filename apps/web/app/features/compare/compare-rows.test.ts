import { describe, expect, it } from 'vitest';
import { makeCert } from '../../../test/catalogue';
import { COMPARE_ROWS, bestOf, differs, type Compared } from './compare-rows';

const summary = (valueMean: number | null, count: number) => ({
  count,
  verifiedHolders: 0,
  difficulty: { mean: null, distribution: [0, 0, 0, 0, 0] },
  value: { mean: valueMean, distribution: [0, 0, 0, 0, 0] },
  recognition: { mean: null, distribution: [0, 0, 0, 0, 0] },
  studyHours: { median: null, p25: null, p75: null, count: 0 },
  outcomes: { PASSED_FIRST_TRY: 0, PASSED_RETAKE: 0, FAILED: 0, STUDYING: 0 },
});
const compared = (i: number, cost: number | null, valueMean: number | null): Compared => {
  const c = makeCert(i);
  return { ...c, exam: { ...c.exam, costUsd: cost }, ratings: summary(valueMean, 3) };
};
const row = (label: string) => COMPARE_ROWS.find((r) => r.label === label)!;

describe('comparison rows', () => {
  it('marks the cheapest exam and the highest value, and none when values tie or only one is known', () => {
    const certs = [compared(1, 300, 4.2), compared(2, 150, 3.1), compared(3, null, null)];
    expect([...bestOf(row('Exam cost'), certs)]).toEqual([1]);
    expect([...bestOf(row('Value (1-5)'), certs)]).toEqual([0]);
    expect(bestOf(row('Exam cost'), [compared(1, 100, null), compared(2, 100, null)]).size).toBe(0);
    expect(bestOf(row('Exam cost'), [compared(1, 100, null), compared(2, null, null)]).size).toBe(0);
    // Difficulty is not better or worse: no mark; nor is a count of ratings.
    expect(bestOf(row('Difficulty (1-5)'), certs).size).toBe(0);
    const counted = [compared(1, null, 4), { ...compared(2, null, 4), ratings: summary(4, 9) }];
    expect(bestOf(row('Ratings'), counted).size).toBe(0);
  });

  it('shows unknown facts as null (the page prints a dash) and says which rows differ', () => {
    const certs = [compared(1, 300, 4.2), compared(2, null, 4.2)];
    expect(row('Exam cost').show(certs[1]!)).toBeNull();
    expect(differs(row('Exam cost'), certs)).toBe(true);
    expect(differs(row('Value (1-5)'), certs)).toBe(false);
    expect(row('Value (1-5)').show(certs[0]!)).toBe('4.2');
  });

  it('names the domains as people read them', () => {
    const c = { ...compared(1, null, null), domains: ['data-ai', 'governance-risk-compliance'] };
    expect(row('Domains').show(c)).toBe('Data and AI, Governance, risk and compliance');
  });
});
