import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatAbsoluteDate, formatRelativeTime, RelativeTime } from './relative-time';

afterEach(cleanup);

const now = Date.parse('2024-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relative times', () => {
  it.each([
    [10, 'just now'],
    [-90, 'just now'],
    [5 * 60, '5 minutes ago'],
    [3600, '1 hour ago'],
    [26 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [15 * 24 * 3600, '2 weeks ago'],
    [70 * 24 * 3600, '2 months ago'],
    [400 * 24 * 3600, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });

  it('says every count of every unit as English relative times do', () => {
    const english = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units: [Intl.RelativeTimeFormatUnit, number, number][] = [
      ['minute', 60, 59],
      ['hour', 3600, 23],
      ['day', 24 * 3600, 6],
      ['week', 7 * 24 * 3600, 4],
      ['month', 30 * 24 * 3600, 12],
      ['year', 365 * 24 * 3600, 30],
    ];
    for (const [unit, size, most] of units) {
      for (let count = 1; count <= most; count++) {
        expect(formatRelativeTime(ago(count * size + 1), now)).toBe(english.format(-count, unit));
      }
    }
  });

  it('renders a <time> with the relative text and the exact time as title', async () => {
    expect(formatAbsoluteDate('2024-01-01T23:30:00.000Z')).toBe('1 Jan 2024');
    await act(async () => {
      render(<RelativeTime iso={new Date(Date.now() - 600_000).toISOString()} />);
    });
    // The clock is read to the minute.
    const time = screen.getByText(/^(9|10) minutes ago$/);
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toMatch(/Z$/);
    expect(time.getAttribute('title')).toMatch(/UTC$/);
  });
});
