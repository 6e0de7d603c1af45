import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { OPEN_DATA_KEEP_DAYS, OPEN_DATA_LICENSE, type Certification, type OpenDataIndex } from '@certitude/shared';
import type { Clock } from '../../lib/clock.js';
import { csvFile, jsonLinesFile, openDataRecord } from './open-data-files.js';

/** The files of a dump, in the order the index lists them. */
export const OPEN_DATA_FILES = ['certifications.jsonl.gz', 'certifications.csv'] as const;
type OpenDataFileName = (typeof OPEN_DATA_FILES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MANIFEST = 'manifest.json';
const BUILDING_PREFIX = '.building-';

/** What a dump's folder records about itself; the index adds the URLs, which depend on the public address. */
interface Manifest {
  day: string;
  generatedAt: string;
  files: { name: OpenDataFileName; bytes: number; sha256: string; records: number }[];
}

export interface OpenDataOptions {
  /** DATA_DIR: the dumps live in its `dumps/<day>/` folders. */
  dataDir: string;
  publicUrl: string;
  /** The approved catalogue as GET /api/certification answers it. */
  certifications: () => Promise<Certification[]>;
  now: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How often the job looks for today's dump (and builds it when missing); 0 turns the timer off. */
  intervalMs: number;
}

export interface LatestDump {
  day: string;
  index: OpenDataIndex;
  files: Manifest['files'];
}

/**
 * The open data dumps (docs/api.md#open-data): one folder a day under DATA_DIR/dumps, built in a folder aside and
 * renamed once complete, so that a reader never sees half a dump; the last OPEN_DATA_KEEP_DAYS are kept. A timer
 * like the member jobs' looks at start and then every interval for today's dump and builds it when missing.
 */
export class OpenDataService {
  private readonly root: string;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private building: Promise<LatestDump> | undefined;
  private latestCache: LatestDump | undefined;

  constructor(private readonly options: OpenDataOptions) {
    this.root = join(options.dataDir, 'dumps');
  }

  start(): void {
    if (this.options.intervalMs === 0) return;
    this.stopped = false;
    void this.tick();
  }

  /** Stops the timer and waits for a build in progress, so that the database outlives it. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.building?.catch(() => undefined);
  }

  /** The newest dump, built first when none exists yet (the first reader after a start waits for it). */
  async latest(): Promise<LatestDump> {
    if (this.latestCache && existsSync(join(this.root, this.latestCache.day, MANIFEST))) return this.latestCache;
    const found = await this.readNewest();
    if (found) return (this.latestCache = found);
    return this.build();
  }

  /** Today's dump, built unless it exists. */
  async ensureToday(): Promise<LatestDump> {
    const day = this.day();
    const existing = await this.read(day);
    return existing ?? this.build();
  }

  /** Builds today's dump now (one build at a time: a second caller shares the first's). */
  build(): Promise<LatestDump> {
    if (this.building) return this.building;
    this.building = this.buildNow().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  /** The path of a published file, or undefined when that day's dump or file does not exist. */
  async file(day: string, name: string): Promise<{ path: string; sha256: string; bytes: number } | undefined> {
    if (!DAY.test(day)) return undefined;
    const dump = await this.read(day);
    const file = dump?.files.find((f) => f.name === name);
    return file && { path: join(this.root, day, file.name), sha256: file.sha256, bytes: file.bytes };
  }

  private day(): string {
    return this.options.now().toISOString().slice(0, 10);
  }

  private async buildNow(): Promise<LatestDump> {
    const started = performance.now();
    const now = this.options.now();
    const day = now.toISOString().slice(0, 10);
    const records = (await this.options.certifications()).map(openDataRecord);
    const files = [await jsonLinesFile(records), await csvFile(records)];
    const manifest: Manifest = {
      day,
      generatedAt: now.toISOString(),
      files: files.map((f) => ({
        name: f.name as OpenDataFileName,
        bytes: f.bytes.length,
        sha256: f.sha256,
        records: f.records,
      })),
    };
    await mkdir(this.root, { recursive: true });
    const aside = join(this.root, `${BUILDING_PREFIX}${day}-${randomBytes(4).toString('hex')}`);
    await mkdir(aside);
    try {
      for (const f of files) await writeFile(join(aside, f.name), f.bytes);
      await writeFile(join(aside, MANIFEST), JSON.stringify(manifest));
      // A rebuild of the same day replaces the earlier one whole; readers keep the file they opened.
      await rm(join(this.root, day), { recursive: true, force: true });
      await rename(aside, join(this.root, day));
    } finally {
      await rm(aside, { recursive: true, force: true });
    }
    await this.prune();
    const dump = this.present(manifest);
    this.latestCache = dump;
    this.options.log.info(
      {
        day,
        records: records.length,
        bytes: manifest.files.map((f) => f.bytes),
        ms: Math.round(performance.now() - started),
      },
      'open data dump built',
    );
    return dump;
  }

  /** Keeps the newest OPEN_DATA_KEEP_DAYS dumps, and drops folders left by a build that was interrupted. */
  private async prune(): Promise<void> {
    const entries = await readdir(this.root);
    const days = entries
      .filter((e) => DAY.test(e))
      .sort()
      .reverse();
    const stale = [...days.slice(OPEN_DATA_KEEP_DAYS), ...entries.filter((e) => e.startsWith(BUILDING_PREFIX))];
    for (const name of stale) await rm(join(this.root, name), { recursive: true, force: true });
  }

  private async readNewest(): Promise<LatestDump | undefined> {
    const entries = existsSync(this.root) ? await readdir(this.root) : [];
    for (const day of entries
      .filter((e) => DAY.test(e))
      .sort()
      .reverse()) {
      const dump = await this.read(day);
      if (dump) return dump;
    }
    return undefined;
  }

  private async read(day: string): Promise<LatestDump | undefined> {
    if (this.latestCache?.day === day && existsSync(join(this.root, day, MANIFEST))) return this.latestCache;
    try {
      const manifest = JSON.parse(await readFile(join(this.root, day, MANIFEST), 'utf8')) as Manifest;
      return this.present(manifest);
    } catch {
      return undefined;
    }
  }

  private present(manifest: Manifest): LatestDump {
    return {
      day: manifest.day,
      files: manifest.files,
      index: {
        license: OPEN_DATA_LICENSE,
        generatedAt: manifest.generatedAt,
        files: manifest.files.map((f) => ({
          name: f.name,
          url: `${this.options.publicUrl}/data/${manifest.day}/${f.name}`,
          bytes: f.bytes,
          sha256: f.sha256,
          records: f.records,
        })),
      },
    };
  }

  private async tick(): Promise<void> {
    try {
      await this.ensureToday();
    } catch (err) {
      // The database is away or the disk full: the last dump stays published, the next tick tries again.
      this.options.log.warn({ err }, 'open data: the dump could not be built');
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }
}
