import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './dates.js';

const EN_GB: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

describe('dates', () => {
  it('writes every day of four years as en-GB does, in UTC', () => {
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const day = new Date(t + 23 * 3_600_000);
      expect(formatDate(day)).toBe(day.toLocaleDateString('en-GB', EN_GB));
    }
  });

  it('writes a day, a moment and a day of September', () => {
    expect(formatDay('2027-01-10')).toBe('10 Jan 2027');
    expect(formatDate('2026-09-05T23:59:00+02:00')).toBe('5 Sept 2026');
    expect(formatDateTime('2027-01-10T21:27:45Z')).toBe('10 Jan 2027, 21:27 UTC');
  });
});
