import type { TrackerEntry } from '@certitude/shared';
import { describe, expect, it } from 'vitest';
import { aheadTotals, planTimeline } from './my-plan-data';

const entry = (id: number, status: TrackerEntry['status'], dates: Partial<TrackerEntry> = {}): TrackerEntry => ({
  certification: { id, slug: `c-${id}`, name: `Cert ${id}`, vendor: 'V', certCode: `C${id}`, validity: 'LIMITED' },
  status,
  earnedOn: null,
  expiresOn: null,
  expirySetByMember: false,
  targetDate: null,
  public: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...dates,
});

describe('my plan', () => {
  it('puts earned days, expiries and targets on one timeline, undated ones last', () => {
    const events = planTimeline([
      entry(1, 'HELD', { earnedOn: '2025-03-01', expiresOn: '2028-03-01' }),
      entry(2, 'PLANNED'),
      entry(3, 'STUDYING', { targetDate: '2027-01-15' }),
    ]);
    expect(events.map((e) => [e.certification.id, e.kind, e.day])).toEqual([
      [1, 'earned', '2025-03-01'],
      [3, 'target', '2027-01-15'],
      [1, 'expires', '2028-03-01'],
      [2, 'undated', null],
    ]);
  });

  it('adds up the known exam costs and study medians of those still to take, saying how many were known', () => {
    const totals = aheadTotals(
      [2, 3, 4],
      new Map([
        [2, 400],
        [3, null],
        [4, 250],
      ]),
      new Map([[3, 80.4]]),
    );
    expect(totals).toEqual({ count: 3, cost: 650, costKnown: 2, hours: 80, hoursKnown: 1 });
  });
});
