import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';

describe('first-week limit texts (docs/decisions/0029-new-account-limits.md)', () => {
  it('say when the limit resets, rounded up: a minute, minutes, an hour, hours', () => {
    const when = (seconds: number) => MSG.newAccountDownvoteLimit(10, seconds).split('again ')[1];
    expect(when(1)).toBe('in a minute.');
    expect(when(60)).toBe('in a minute.');
    expect(when(61)).toBe('in 2 minutes.');
    expect(when(59 * 60)).toBe('in 59 minutes.');
    expect(when(59 * 60 + 1)).toBe('in an hour.');
    expect(when(3600)).toBe('in an hour.');
    expect(when(2 * 3600 + 1)).toBe('in 3 hours.');
    expect(when(24 * 3600)).toBe('in 24 hours.');
  });

  it('name the limit', () => {
    expect(MSG.newAccountDownvoteLimit(10, 3 * 3600)).toBe(
      'New accounts can downvote 10 times a day in their first week. You can downvote again in 3 hours.',
    );
    expect(MSG.newAccountRatingLimit(10, 30 * 60)).toBe(
      'New accounts can rate 10 certifications a day in their first week. You can rate another in 30 minutes.',
    );
  });
});
