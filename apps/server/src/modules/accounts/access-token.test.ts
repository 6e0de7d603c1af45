import { ACCESS_TOKEN_TTL_SECONDS } from '@certitude/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-token.js';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const ISSUER = 'https://certitude.example';
const claims = { userId: 7, username: 'ada', role: 'USER' as const, sessionId: 'family-1' };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers the same claims for a token verified before, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z'), toFake: ['Date'] });
    const tokens = new AccessTokens(SECRET, ISSUER);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or for another site, however often it is sent', async () => {
    const tokens = new AccessTokens(SECRET, ISSUER);
    const forged = await new AccessTokens(`${SECRET}-other`, ISSUER).sign(claims);
    const elsewhere = await new AccessTokens(SECRET, 'https://other.example').sign(claims);
    for (let i = 0; i < 2; i++) {
      expect(await tokens.verify(forged)).toBeNull();
      expect(await tokens.verify(elsewhere)).toBeNull();
    }
    // One letter changed in a token that was verified before is a different token, checked afresh.
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    expect(await tokens.verify(tampered)).toBeNull();
  });
});
