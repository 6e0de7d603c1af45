import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip as gunzipCallback, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const unbrotli = promisify(brotliDecompress);
const gunzip = promisify(gunzipCallback);
/**
 * Brotli's quality for the copies made once: 6 holds about 5 MB while it compresses the list or a page, where 9
 * held about 34 MB (and each dropped copy is made again after a write), for copies 3-4 % larger
 * (docs/performance.md#5-memory).
 */
const BROTLI_QUALITY = 6;

export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else the bytes as they are. */
function pickEncoding(acceptEncoding: string | string[] | undefined): BodyEncoding {
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')).toLowerCase();
  const accepts = (name: string) => {
    const match = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`).exec(header);
    return match !== null && (match[1] === undefined || Number(match[1]) > 0);
  };
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The bytes in a store of their own length. zlib hands a copy that fits in one output chunk back as a view of
 * that 64 KB chunk: kept as it is, a 15 KB copy would hold 64 KB.
 */
function exactCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/**
 * A response body that many readers share: encoded to bytes once, and compressed once per encoding on
 * first demand (at a higher ratio than the per-answer compression, since the cost is paid once), instead of on
 * every answer. Once a compressed copy is made, the text's own bytes are let go (an HTML page is five to seven
 * times its brotli copy): the rare reader who accepts no compression, and a second encoding, get them decompressed
 * from that copy. A cache of these holds about a fifth of the memory per page it would with the text kept.
 */
export class PrecompressedBody {
  /** The text's UTF-8 bytes, until the first compressed copy is made. */
  private raw: Buffer | null;
  /** The length of the text's UTF-8 bytes. */
  readonly length: number;
  private readonly compressed = new Map<Exclude<BodyEncoding, 'identity'>, Promise<Buffer>>();
  /** The compressed copies made so far. */
  private readonly made = new Map<Exclude<BodyEncoding, 'identity'>, Buffer>();
  /** Told how much the bytes held moved (a copy made, the text let go): a cache counts what it holds in bytes. */
  onGrow: ((bytes: number) => void) | undefined;

  constructor(text: string) {
    // Buffer.from(text) may keep a store of up to three bytes a character for text beyond Latin-1, which a cache
    // counting `length` would not see: the text's UTF-8 goes into a store of exactly its length.
    this.raw = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
    this.raw.write(text, 'utf8');
    this.length = this.raw.length;
  }

  /** The bytes held: the text's while kept, and those of the compressed copies made so far. */
  get bytes(): number {
    let held = this.raw?.length ?? 0;
    for (const copy of this.made.values()) held += copy.length;
    return held;
  }

  /** The stores held now (the text's bytes while kept, each compressed copy made): what a cache's test sums. */
  stores(): Buffer[] {
    return [...(this.raw ? [this.raw] : []), ...this.made.values()];
  }

  async encoded(encoding: BodyEncoding): Promise<Buffer> {
    if (encoding === 'identity') return this.text();
    let pending = this.compressed.get(encoding);
    if (!pending) {
      pending = this.text()
        .then((raw) =>
          encoding === 'br'
            ? brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                },
              })
            : gz(raw, { level: 9 }),
        )
        .then(exactCopy);
      this.compressed.set(encoding, pending);
      pending.then(
        (copy) => {
          this.made.set(encoding, copy);
          const released = this.raw?.length ?? 0;
          this.raw = null;
          this.onGrow?.(copy.length - released);
        },
        () => undefined, // the caller awaiting it hears of the failure
      );
    }
    return pending;
  }

  /** The text's UTF-8 bytes: kept, or decompressed from a copy (the text is let go only once one is made). */
  private async text(): Promise<Buffer> {
    if (this.raw) return this.raw;
    const br = this.made.get('br');
    return br ? unbrotli(br) : gunzip(this.made.get('gzip')!);
  }
}

/**
 * Answers `body` in the best encoding the client accepts, as the bytes compressed once for every reader: past the
 * per-answer compression (which leaves an answer that already has a Content-Encoding alone). The reply's
 * Content-Type is the caller's.
 */
export async function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: PrecompressedBody) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('vary', 'accept-encoding').send(await body.encoded(encoding));
}

/** `sendPrecompressed` for JSON: past the schema serializer as well. */
export async function sendPrecompressedJson(request: FastifyRequest, reply: FastifyReply, body: PrecompressedBody) {
  return sendPrecompressed(request, reply.type('application/json; charset=utf-8'), body);
}
