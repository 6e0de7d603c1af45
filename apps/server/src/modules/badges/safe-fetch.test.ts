/*
 * The rules of badge fetches (docs/security.md#badge-fetches), against a real local server. The local server stands
 * for a public one: `addressAllowed` lets 127.0.0.1 through and keeps every other rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadgeIssuer } from '../../../test/support/badge-issuer.js';
import { DEFAULT_FETCH_LIMITS, FetchFailed, isPublicAddress, safeFetch, type FetchLimits } from './safe-fetch.js';

let server: BadgeIssuer;
beforeAll(async () => {
  server = await BadgeIssuer.start();
});
afterAll(() => server.stop());

/** 127.0.0.1 is "public" here; every other address is judged as in production. */
const limits: FetchLimits = {
  ...DEFAULT_FETCH_LIMITS,
  addressAllowed: (a) => a === '127.0.0.1' || isPublicAddress(a),
};

async function refusal(url: string, options: FetchLimits = limits): Promise<string> {
  const err: unknown = await safeFetch(url, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchFailed);
  return (err as FetchFailed).why;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '151.101.1.69', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('safeFetch', () => {
  it('fetches, and follows up to five redirects', async () => {
    const target = server.json('/target', { ok: true });
    let url = target;
    for (let i = 5; i >= 1; i--) url = server.redirect(`/hop-${i}`, url);
    const fetched = await safeFetch(url, limits);
    expect(fetched).toMatchObject({ status: 200, url: target, body: '{"ok":true}' });
  });

  it('refuses a sixth redirect', async () => {
    let url = server.json('/far', { ok: true });
    for (let i = 6; i >= 1; i--) url = server.redirect(`/far-hop-${i}`, url);
    expect(await refusal(url)).toBe('more than 5 redirects');
  });

  it.each([
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'http://10.0.0.1/badge'],
    ['loopback as IPv6', 'http://[::1]/badge'],
    ['loopback mapped in IPv6', 'http://[::ffff:127.0.0.1]/badge'],
  ])('refuses a redirect to %s, and never connects to it', async (_what, to) => {
    const url = server.redirect(`/to-${encodeURIComponent(to)}`, to);
    expect(await refusal(url)).toMatch(/is not a public address$/);
  });

  it('refuses a name with a private address (localhost), and other schemes', async () => {
    const port = new URL(server.base).port;
    expect(await refusal(`http://localhost:${port}/target`, DEFAULT_FETCH_LIMITS)).toBe(
      'localhost is not a public address',
    );
    expect(await refusal(server.redirect('/to-file', 'file:///etc/passwd'))).toBe('not http(s)');
    expect(await refusal('ftp://example.com/badge')).toBe('not http(s)');
  });

  it('refuses loopback itself by default', async () => {
    expect(await refusal(server.json('/plain', {}), DEFAULT_FETCH_LIMITS)).toBe('127.0.0.1 is not a public address');
  });

  it('stops reading past the size limit, declared or not', async () => {
    const declared = server.text('/declared', 'x'.repeat(2048));
    expect(await refusal(declared, { ...limits, maxBytes: 1024 })).toBe('answer over 1024 bytes');
    const streamed = server.route('/streamed', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('x'.repeat(800));
      res.end('x'.repeat(800));
    });
    expect(await refusal(streamed, { ...limits, maxBytes: 1024 })).toBe('answer over 1024 bytes');
  });

  it('gives up on an answer that does not come in time', async () => {
    const slow = server.hang('/slow');
    const started = Date.now();
    expect(await refusal(slow, { ...limits, timeoutMs: 300 })).toBe('no answer in time');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
