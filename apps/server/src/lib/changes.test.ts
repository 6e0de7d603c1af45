import { describe, expect, it } from 'vitest';
import { ChangeFeed, type ChangeOrigin } from './changes.js';

describe('the change feed', () => {
  it('tells the subscribers of a kind, and only them, where the change was made', () => {
    const feed = new ChangeFeed();
    const heard: [string, ChangeOrigin][] = [];
    feed.subscribe('catalogue', (change, origin) => heard.push([change.kind, origin]));
    feed.announce({ kind: 'catalogue' });
    feed.announce({ kind: 'member' });
    feed.heard({ kind: 'catalogue' });
    expect(heard).toEqual([
      ['catalogue', 'here'],
      ['catalogue', 'elsewhere'],
    ]);
  });

  it('tells every subscriber even when one fails, then throws the failure', () => {
    const feed = new ChangeFeed();
    let told = 0;
    feed.subscribe('member', () => {
      throw new Error('a cache failed');
    });
    feed.subscribe('member', () => told++);
    expect(() => feed.announce({ kind: 'member' })).toThrow('a cache failed');
    expect(told).toBe(1);
  });
});
