import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.js';

const page = (html: string, nonce: string, version = 0) => ({
  headers: { 'content-type': 'text/html' },
  html,
  nonce,
  version,
});

describe('the visitors page cache', () => {
  it('serves a stored page with the nonce of the new answer in every place the old one stood', () => {
    const cache = new PageCache({ maxBytes: 10_000, ttlMs: 60_000 });
    cache.set('/', page('<script nonce="n0nce">a</script><script nonce="n0nce">b</script>', 'n0nce'));
    expect(cache.get('/', 'fresh')?.html).toBe('<script nonce="fresh">a</script><script nonce="fresh">b</script>');
    expect(cache.get('/', 'again')?.html).toContain('nonce="again"');
    expect(cache.get('/about', 'x')).toBeUndefined();
  });

  it('does not keep a page rendered before a change, and forgets everything on a change', () => {
    const cache = new PageCache({ maxBytes: 10_000, ttlMs: 60_000 });
    const before = cache.version;
    cache.set('/a', page('<p>a</p>', 'n', before));
    cache.clear();
    cache.set('/b', page('<p>b</p>', 'n', before));
    expect(cache.get('/a', 'x')).toBeUndefined();
    expect(cache.get('/b', 'x')).toBeUndefined();
    cache.set('/b', page('<p>b</p>', 'n', cache.version));
    expect(cache.get('/b', 'x')?.html).toBe('<p>b</p>');
  });

  it('drops the least recently used pages past its size, and pages older than its time to live', () => {
    const cache = new PageCache({ maxBytes: 100, ttlMs: 1_000 });
    const html = 'x'.repeat(24);
    for (const key of ['/1', '/2', '/3', '/4']) cache.set(key, page(html, 'n'));
    cache.get('/1', 'n'); // used: now the newest
    cache.set('/5', page(html, 'n'));
    expect(cache.get('/2', 'n')).toBeUndefined();
    expect(cache.get('/1', 'n')).toBeDefined();
    expect(cache.size).toBe(4);
    expect(cache.get('/5', 'n', Date.now() + 1_001)).toBeUndefined();
  });
});

describe('which pages are kept (finding of the outside review: random addresses flushed the cache)', () => {
  it('known pages with the parameters they read only; unknown paths, other parameters and secret links never', async () => {
    const { cacheablePage } = await import('./page-cache.js');
    for (const url of [
      '/',
      '/?q=aws',
      '/about',
      '/articles',
      '/articles/how-to-study',
      '/certification/aws-saa',
      '/certification/12',
    ]) {
      expect(cacheablePage(url), url).toBe(true);
    }
    for (const url of [
      '/?x=1',
      '/?q=aws&utm_source=mail',
      '/?q=a&q=b',
      '/about?cachebuster=123',
      '/no-such-page',
      '/no-such-page-8f3a1c',
      '/verify-email?token=abc',
      '/reset-password?token=abc',
      '/auth/callback?provider=google',
      '/profile',
      '/admin',
    ]) {
      expect(cacheablePage(url), url).toBe(false);
    }
  });
});
