import { describe, expect, it } from 'vitest';
import { bellLabel } from './index.js';

describe('the notification bell', () => {
  it('is named with the unread count', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, 150 unread');
  });
});
