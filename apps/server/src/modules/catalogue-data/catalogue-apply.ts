import { catalogueFileSchema, type CatalogueCertification, type CatalogueFile } from '@certitude/shared';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueDir, catalogueProblems, readCatalogue, vendorFileSlug } from './catalogue-files.js';
import { UpdateError, type CatalogueRecord, type UpdateItem } from './catalogue-record.js';
import { applyItems } from './catalogue-update.js';
import { parseUpdateFile } from './update-file.js';

/**
 * `npm run catalogue:apply -- FILE...`: the maintainers' side of the one apply path. The update files' entries are
 * applied to the data files (catalogue/*.json) as the import applies them to a database: each entry's source is
 * added naming the facts it states, a new certification goes into its vendor's file (a new vendor gets a new file).
 * All or nothing: a bad entry names its file, index and field, and no file is written. Answers what changed.
 */
export async function applyToFiles(paths: string[], dir = catalogueDir()): Promise<string[]> {
  const files = readCatalogue(dir);
  const catalogue = new Map<string, CatalogueRecord>();
  for (const { file } of files)
    for (const c of file.certifications) catalogue.set(c.slug, { ...c, vendor: file.vendor });

  const problems: string[] = [];
  const items: UpdateItem[] = [];
  for (const path of paths) {
    try {
      items.push(...parseUpdateFile(path));
    } catch (err) {
      if (!(err instanceof UpdateError)) throw err;
      problems.push(...err.problems);
    }
  }
  if (problems.length) throw new UpdateError(problems);
  const { outcomes, catalogue: next } = applyItems(catalogue, items);

  // Each vendor's certifications in their order, new ones last; a vendor's file keeps the vendor's spelling.
  const byVendor = new Map<string, CatalogueFile>();
  for (const { file } of files) byVendor.set(vendorFileSlug(file.vendor), { vendor: file.vendor, certifications: [] });
  for (const r of next.values()) {
    const key = vendorFileSlug(r.vendor);
    if (!byVendor.has(key)) byVendor.set(key, { vendor: r.vendor, certifications: [] });
    byVendor.get(key)!.certifications.push(fileEntry(r));
  }
  const written = [...byVendor].map(([key, file]) => ({ name: `${key}.json`, file }));
  const checked: string[] = [];
  for (const { name, file } of written) {
    const parsed = catalogueFileSchema.safeParse(file);
    if (!parsed.success) {
      for (const i of parsed.error.issues) checked.push(`${name}: ${i.path.join('.')}: ${i.message}`);
    }
  }
  checked.push(...catalogueProblems(written.filter((w) => w.file.certifications.length)));
  if (checked.length) throw new UpdateError(checked);

  const prettier = await import('prettier');
  for (const { name, file } of written) {
    const path = join(dir, name);
    if (!file.certifications.length) {
      rmSync(path, { force: true });
      continue;
    }
    const options = (await prettier.resolveConfig(path)) ?? {};
    // Written out in full first: prettier keeps an object on several lines when it starts on one of its own.
    const text = await prettier.format(JSON.stringify(file, null, 2), { ...options, filepath: path });
    let old = '';
    try {
      old = readFileSync(path, 'utf8');
    } catch {
      // a new vendor's file
    }
    if (old !== text) writeFileSync(path, text);
  }

  const lines = outcomes.flatMap((o) => {
    if (o.kind === 'new')
      return [`new      ${o.item.slug} (${o.after.vendor}) into ${vendorFileSlug(o.after.vendor)}.json`];
    if (o.kind === 'change') return [`change   ${o.item.slug}: ${o.changed.join(', ')}`];
    if (o.kind === 'confirm') return [`confirm  ${o.item.slug}: sources`];
    return [];
  });
  const count = (k: string) => outcomes.filter((o) => o.kind === k).length;
  lines.push(
    `${count('new')} added, ${count('change')} changed, ${count('confirm')} confirmed by their sources, ${count('none')} already as stated.`,
  );
  return lines;
}

/** A record as a data file writes it: the schema's order of fields, no vendor (the file's). */
function fileEntry(r: CatalogueRecord): CatalogueCertification {
  const entry: CatalogueCertification = {
    slug: r.slug,
    name: r.name,
    certCode: r.certCode,
    url: r.url,
    description: r.description,
    level: r.level!,
    domains: r.domains,
    exam: {
      costUsd: r.exam.costUsd,
      durationMinutes: r.exam.durationMinutes,
      questionCount: r.exam.questionCount,
      questionCountMax: r.exam.questionCountMax,
      passingScore: r.exam.passingScore,
      formats: r.exam.formats,
      delivery: r.exam.delivery,
    },
    validityMonths: r.validityMonths,
    renewal: r.renewal,
    prerequisites: r.prerequisites,
    prerequisiteNotes: r.prerequisiteNotes,
    lifecycle: r.lifecycle,
    retiresOn: r.retiresOn,
    supersededBy: r.supersededBy,
    previousCodes: r.previousCodes,
    aliases: r.aliases,
    badgeClasses: r.badgeClasses,
    sources: r.sources,
  };
  if (r.unsourced?.length) entry.unsourced = r.unsourced;
  return entry;
}
