import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
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
 * every answer.
 */
export class PrecompressedBody {
  readonly raw: Buffer;
  private readonly compressed = new Map<Exclude<BodyEncoding, 'identity'>, Promise<Buffer>>();
  private compressedBytes = 0;
  /** Told the size of each compressed copy once it is made: a cache counts what it holds in bytes. */
  onGrow: ((bytes: number) => void) | undefined;

  constructor(text: string) {
    // Buffer.from(text) may keep a store of up to three bytes a character for text beyond Latin-1, which a cache
    // counting `length` would not see: the text's UTF-8 goes into a store of exactly its length.
    this.raw = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
    this.raw.write(text, 'utf8');
  }

  /** The bytes held: the text's and those of the compressed copies made so far. */
  get bytes(): number {
    return this.raw.length + this.compressedBytes;
  }

  async encoded(encoding: BodyEncoding): Promise<Buffer> {
    if (encoding === 'identity') return this.raw;
    let pending = this.compressed.get(encoding);
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(this.raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gz(this.raw, { level: 9 });
      pending = pending.then(exactCopy);
      this.compressed.set(encoding, pending);
      pending.then(
        (copy) => {
          this.compressedBytes += copy.length;
          this.onGrow?.(copy.length);
        },
        () => undefined, // the caller awaiting it hears of the failure
      );
    }
    return pending;
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
