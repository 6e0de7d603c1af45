import { describe, expect, it } from 'vitest';
import { compareText } from './text-order.js';

describe('compareText', () => {
  it('orders names by their letters whatever their case, then upper case first', () => {
    expect(['aws', 'Microsoft', 'Alibaba Cloud', 'AWS', 'ISC2', 'iSAQB'].sort(compareText)).toEqual([
      'Alibaba Cloud',
      'AWS',
      'aws',
      'iSAQB',
      'ISC2',
      'Microsoft',
    ]);
  });

  it('is zero only for the same text', () => {
    expect(compareText('CompTIA', 'CompTIA')).toBe(0);
    expect(compareText('CompTIA', 'Comptia')).not.toBe(0);
  });
});
