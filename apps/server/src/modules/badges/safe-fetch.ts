import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Fetches made for a member's badge go where the member points them, so they are held to rules that keep them off
 * the server's own network (docs/security.md#badge-fetches): http(s) only, the host resolved once and its address
 * checked before connecting (the connection goes to that very address, so a second answer of the DNS cannot
 * differ), the same on every redirect, at most `maxRedirects` of them, `maxBytes` of answer and `timeoutMs` in all.
 */
export interface FetchLimits {
  maxRedirects: number;
  maxBytes: number;
  timeoutMs: number;
  /** Lifts the address check (BADGE_ALLOW_PRIVATE_HOSTS, tests with a local issuer): unsafe in production. */
  allowPrivate: boolean;
  /** Which addresses may be reached when `allowPrivate` is off: public ones (a test may stand a local one for one). */
  addressAllowed?: (address: string) => boolean;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxRedirects: 5,
  maxBytes: 1024 * 1024,
  timeoutMs: 10_000,
  allowPrivate: false,
};

export interface Fetched {
  /** The address of the answer, after redirects. */
  url: string;
  status: number;
  body: string;
}

/** A fetch that was refused or failed; `why` is for the logs. */
export class FetchFailed extends Error {
  constructor(readonly why: string) {
    super(`badge fetch failed: ${why}`);
    this.name = 'FetchFailed';
  }
}

// Two lists: a BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), so one list holding
// ::ffff:0:0/96 would refuse every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, and the cloud metadata service at 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blocked4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped: reached as IPv4 by the system
  ['64:ff9b::', 96], // NAT64, which reaches IPv4 addresses
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (including fd00:ec2::254, a metadata service)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked6.addSubnet(net, prefix, 'ipv6');
}

/** Whether an address is on the public internet: none of loopback, private, link-local, CGNAT, metadata and the like. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked4.check(address, 'ipv4');
  if (family === 6) return !blocked6.check(address, 'ipv6');
  return false;
}

async function resolveChecked(
  hostname: string,
  limits: FetchLimits,
  deadline: number,
): Promise<{ address: string; family: number }> {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, rejectLate) => {
        timer = setTimeout(() => rejectLate(new Error('late')), Math.max(0, deadline - Date.now()));
      });
      addresses = await Promise.race([lookup(host, { all: true, verbatim: true }), late]).finally(() =>
        clearTimeout(timer),
      );
    } catch {
      throw new FetchFailed(`no address for ${host}`);
    }
  }
  // Every address the name has must be public: one that is not could be the one a later lookup gives.
  const allowed = limits.addressAllowed ?? isPublicAddress;
  if (!limits.allowPrivate && !addresses.every((a) => allowed(a.address))) {
    throw new FetchFailed(`${host} is not a public address`);
  }
  if (!addresses[0]) throw new FetchFailed(`no address for ${host}`);
  return addresses[0];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function requestOnce(
  url: URL,
  to: { address: string; family: number },
  deadline: number,
  maxBytes: number,
): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(new FetchFailed(why));
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: {
          accept: 'application/ld+json, application/json;q=0.9, application/jwt;q=0.8, */*;q=0.1',
          'user-agent': 'Certitude badge check',
        },
        // The address checked above, never a second lookup.
        lookup: (_host, options, callback) => {
          const cb = callback as (...args: unknown[]) => void;
          if ((options as { all?: boolean }).all) cb(null, [to]);
          else cb(null, to.address, to.family);
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.on('error', (err) => fail(err.message));
        if (REDIRECTS.has(status) && res.headers.location) {
          settled = true;
          res.resume();
          resolve({ status, location: res.headers.location, body: '' });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) return fail(`answer over ${maxBytes} bytes`);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) fail(`answer over ${maxBytes} bytes`);
          else chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    const timer = setTimeout(() => fail('no answer in time'), Math.max(0, deadline - Date.now()));
    req.on('error', (err) => fail(err.message));
    req.on('close', () => {
      clearTimeout(timer);
      fail('the connection closed before the answer ended');
    });
    req.end();
  });
}

/** GET `url` under the limits; a failure of any kind is a FetchFailed. */
export async function safeFetch(url: string, limits: FetchLimits = DEFAULT_FETCH_LIMITS): Promise<Fetched> {
  const deadline = Date.now() + limits.timeoutMs;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new FetchFailed('not a URL');
  }
  for (let redirects = 0; ; redirects++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new FetchFailed('not http(s)');
    const to = await resolveChecked(current.hostname, limits, deadline);
    if (Date.now() >= deadline) throw new FetchFailed('no answer in time');
    const answer = await requestOnce(current, to, deadline, limits.maxBytes);
    if (answer.location === undefined) return { url: current.href, status: answer.status, body: answer.body };
    if (redirects >= limits.maxRedirects) throw new FetchFailed(`more than ${limits.maxRedirects} redirects`);
    try {
      current = new URL(answer.location, current);
    } catch {
      throw new FetchFailed('a redirect to no URL');
    }
  }
}
