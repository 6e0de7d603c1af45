import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import type { Certification, OpenDataCertification } from '@certitude/shared';

/** Records turned to text in one go, between two pauses of the build. */
const BATCH = 100;
/** Bytes compressed in one go, between two pauses of the build. */
const GZIP_CHUNK = 64 * 1024;

/**
 * Builds its files in steps, and after each step pauses for as long as the step took: the build gets at most half of
 * the process's time while requests wait (it has 30 s at 5,000 certifications and needs about one), so the site
 * keeps answering at its usual pace during a build.
 */
class Pacer {
  private since = performance.now();

  async pause(): Promise<void> {
    const worked = performance.now() - this.since;
    await new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(worked))));
    this.since = performance.now();
  }
}

/**
 * A certification as the open data holds it: the public answer of GET /api/certification (so that a field added
 * there flows in), without the submitter's username nor the flags that only a submitter or moderator sees.
 */
export function openDataRecord(cert: Certification): OpenDataCertification {
  const { submittedById: _submitter, pendingEdit: _edit, hiddenByFlags: _hidden, ...record } = cert;
  return record;
}

/** The CSV's columns: the main facts, one row per certification (nested facts flattened, lists joined by "; "). */
const CSV_COLUMNS: [string, (c: OpenDataCertification) => unknown][] = [
  ['id', (c) => c.id],
  ['slug', (c) => c.slug],
  ['name', (c) => c.name],
  ['certCode', (c) => c.certCode],
  ['vendor', (c) => c.vendor],
  ['level', (c) => c.level],
  ['domains', (c) => c.domains],
  ['lifecycle', (c) => c.lifecycle],
  ['retiresOn', (c) => c.retiresOn],
  ['supersededBy', (c) => c.supersededBy?.slug],
  ['validityMonths', (c) => c.validityMonths],
  ['examCostUsd', (c) => c.exam.costUsd],
  ['examDurationMinutes', (c) => c.exam.durationMinutes],
  ['examQuestionCount', (c) => c.exam.questionCount],
  ['examPassingScore', (c) => c.exam.passingScore],
  ['prerequisites', (c) => c.prerequisites.map((p) => p.certification.slug)],
  ['url', (c) => c.url],
  ['upvoteCount', (c) => c.upvoteCount],
  ['downvoteCount', (c) => c.downvoteCount],
  ['ratingCount', (c) => c.ratingCount],
  ['difficulty', (c) => c.difficulty],
  ['value', (c) => c.value],
  ['recognition', (c) => c.recognition],
  ['factsVerifiedAt', (c) => c.factsVerifiedAt],
  ['factsSource', (c) => c.factsSource],
  ['updatedAt', (c) => c.updatedAt],
];

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces; quotes doubled. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value) ? value.join('; ') : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface BuiltFile {
  name: string;
  bytes: Buffer;
  sha256: string;
  records: number;
}

async function lines(
  records: OpenDataCertification[],
  line: (r: OpenDataCertification) => string,
  pacer: Pacer,
): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < records.length; i += BATCH) {
    for (const r of records.slice(i, i + BATCH)) parts.push(line(r));
    await pacer.pause();
  }
  return parts.join('');
}

/** gzip, a chunk at a time with pauses between (compression runs in libuv's pool, beside the requests). */
async function gzipPaced(input: Buffer, pacer: Pacer): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  for (let i = 0; i < input.length; i += GZIP_CHUNK) {
    await new Promise<void>((resolve, reject) =>
      gzip.write(input.subarray(i, i + GZIP_CHUNK), (err) => (err ? reject(err) : resolve())),
    );
    await pacer.pause();
  }
  gzip.end();
  await ended;
  return Buffer.concat(out);
}

function built(name: string, bytes: Buffer, records: number): BuiltFile {
  return { name, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), records };
}

/** certifications.jsonl.gz: one JSON object a line, gzip compressed (off the event loop). */
export async function jsonLinesFile(records: OpenDataCertification[]): Promise<BuiltFile> {
  const pacer = new Pacer();
  const text = await lines(records, (r) => `${JSON.stringify(r)}\n`, pacer);
  return built('certifications.jsonl.gz', await gzipPaced(Buffer.from(text, 'utf8'), pacer), records.length);
}

/** certifications.csv: a header, then a row per certification; CRLF between rows as RFC 4180 writes them. */
export async function csvFile(records: OpenDataCertification[]): Promise<BuiltFile> {
  const header = CSV_COLUMNS.map(([name]) => name).join(',') + '\r\n';
  const body = await lines(
    records,
    (r) => CSV_COLUMNS.map(([, get]) => csvField(get(r))).join(',') + '\r\n',
    new Pacer(),
  );
  return built('certifications.csv', Buffer.from(header + body, 'utf8'), records.length);
}
