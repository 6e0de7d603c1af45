import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PrecompressedBody } from './precompressed.js';

// A page-like text that compresses well, with text beyond Latin-1 in it.
const TEXT = Array.from({ length: 400 }, (_, i) => `<li class="card">Certification ${i} – members’ notes</li>`).join(
  '',
);

describe('a body shared by many readers', () => {
  it('lets its text go once compressed, and still answers every encoding with the same text', async () => {
    const body = new PrecompressedBody(TEXT);
    const grown: number[] = [];
    body.onGrow = (bytes) => grown.push(bytes);
    expect(body.bytes).toBe(Buffer.byteLength(TEXT));

    const br = await body.encoded('br');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(TEXT);
    // Only the brotli copy is held now, and the cache was told of the difference.
    expect(body.bytes).toBe(br.length);
    expect(body.stores()).toEqual([br]);
    expect(grown).toEqual([br.length - Buffer.byteLength(TEXT)]);

    // A reader without compression, and one that accepts only gzip, get the text back from the brotli copy.
    expect((await body.encoded('identity')).toString('utf8')).toBe(TEXT);
    const gz = await body.encoded('gzip');
    expect(gunzipSync(gz).toString('utf8')).toBe(TEXT);
    expect(body.bytes).toBe(br.length + gz.length);
    expect(grown).toEqual([br.length - Buffer.byteLength(TEXT), gz.length]);
    // Each copy is made once.
    expect(await body.encoded('br')).toBe(br);
    expect(await body.encoded('gzip')).toBe(gz);
    expect(body.length).toBe(Buffer.byteLength(TEXT));
  });

  it('answers from its text while the first copy is still being made', async () => {
    const body = new PrecompressedBody(TEXT);
    const [gz, raw] = await Promise.all([body.encoded('gzip'), body.encoded('identity')]);
    expect(raw.toString('utf8')).toBe(TEXT);
    expect((await body.encoded('identity')).toString('utf8')).toBe(TEXT);
    expect(body.stores()).toEqual([gz]);
  });
});
