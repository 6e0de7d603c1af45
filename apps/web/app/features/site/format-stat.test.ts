import { describe, expect, it } from 'vitest';
import { formatStat } from './format-stat';

describe('formatStat', () => {
  it('shows small counts exactly', () => {
    expect(formatStat(0)).toBe('0');
    expect(formatStat(7)).toBe('7');
    expect(formatStat(47)).toBe('47');
    expect(formatStat(99)).toBe('99');
  });

  it('floors larger counts to two significant digits and adds a plus only when it rounded', () => {
    expect(formatStat(100)).toBe('100');
    expect(formatStat(124)).toBe('120+');
    expect(formatStat(129)).toBe('120+');
    expect(formatStat(130)).toBe('130');
    expect(formatStat(999)).toBe('990+');
    expect(formatStat(1234)).toBe('1,200+');
    expect(formatStat(9999)).toBe('9,900+');
  });

  it('abbreviates thousands and millions', () => {
    expect(formatStat(12_000)).toBe('12K');
    expect(formatStat(12_345)).toBe('12K+');
    expect(formatStat(123_456)).toBe('120K+');
    expect(formatStat(1_234_567)).toBe('1.2M+');
    expect(formatStat(20_000_000)).toBe('20M');
  });

  it('never shows more than the real count', () => {
    for (const n of [101, 555, 1001, 45_678, 987_654, 3_210_000]) {
      const shown = formatStat(n).replace(/[+,]/g, '');
      const value = shown.endsWith('K')
        ? Number(shown.slice(0, -1)) * 1e3
        : shown.endsWith('M')
          ? Number(shown.slice(0, -1)) * 1e6
          : Number(shown);
      expect(value).toBeLessThanOrEqual(n);
      expect(value).toBeGreaterThanOrEqual(n * 0.9);
    }
  });

  it('treats bad input as zero', () => {
    expect(formatStat(-3)).toBe('0');
    expect(formatStat(Number.NaN)).toBe('0');
  });
});
