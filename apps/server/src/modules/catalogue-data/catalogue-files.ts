import {
  CLASSIFICATION_FACTS,
  catalogueFileSchema,
  type CatalogueCertification,
  type CatalogueFile,
  type FactName,
} from '@certitude/shared';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The catalogue's data files (docs/catalogue.md): `catalogue/<vendor-slug>.json` at the repository's root, one per
 * vendor, each checked against the one schema of packages/shared (catalogueFileSchema) and against the rules that
 * span files (unique slugs, links that exist, a source for every fact).
 */

/** The `catalogue/` folder: the nearest one above this module, whether it runs from source or from the bundle. */
export function catalogueDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'catalogue');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate) && statSync(candidate).isDirectory()) {
      return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The catalogue folder (catalogue/*.json) was not found');
    dir = parent;
  }
}

/** A vendor's file name: `Google Cloud` -> `google-cloud`. */
export function vendorFileSlug(vendor: string): string {
  return vendor
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface LoadedFile {
  /** File name inside the folder (`aws.json`). */
  name: string;
  file: CatalogueFile;
}

export class CatalogueFileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The catalogue's data files have ${problems.length} problem(s):\n${problems.join('\n')}`);
  }
}

/** Every data file of the folder, in name order, each parsed and checked; throws with every problem found. */
export function readCatalogue(dir = catalogueDir()): LoadedFile[] {
  const problems: string[] = [];
  const files: LoadedFile[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (err) {
      problems.push(`${name}: not JSON (${(err as Error).message})`);
      continue;
    }
    const parsed = catalogueFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${name}: ${describePath(raw, issue.path)}: ${issue.message}`);
      continue;
    }
    files.push({ name, file: parsed.data });
  }
  problems.push(...catalogueProblems(files));
  if (problems.length) throw new CatalogueFileError(problems);
  return files;
}

/** `certifications[3].exam.costUsd` read as `certifications[3] (aws-certified-…).exam.costUsd`. */
function describePath(raw: unknown, path: PropertyKey[]): string {
  let out = '';
  let node: unknown = raw;
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number' && node && typeof node === 'object' && 'slug' in node) {
      out += ` (${String((node as { slug: unknown }).slug)})`;
    }
  }
  return out || '(file)';
}

/** The facts of a certification that hold a value (level and domains, the classification, aside). */
function filledFacts(c: CatalogueCertification): FactName[] {
  const names: FactName[] = [];
  for (const [key, value] of Object.entries(c.exam)) {
    if (value !== null && !(Array.isArray(value) && value.length === 0)) names.push(`exam.${key}` as FactName);
  }
  const top = {
    validityMonths: c.validityMonths,
    renewal: c.renewal,
    prerequisites: c.prerequisites,
    prerequisiteNotes: c.prerequisiteNotes,
    lifecycle: c.lifecycle === 'ACTIVE' ? null : c.lifecycle,
    retiresOn: c.retiresOn,
    supersededBy: c.supersededBy,
    previousCodes: c.previousCodes,
    aliases: c.aliases,
    badgeClasses: c.badgeClasses,
  };
  for (const [key, value] of Object.entries(top)) {
    if (value !== null && !(Array.isArray(value) && value.length === 0)) names.push(key as FactName);
  }
  return names;
}

/** The rules across files: one file per vendor, unique slugs, links to certifications that exist, sourced facts. */
export function catalogueProblems(files: LoadedFile[]): string[] {
  const problems: string[] = [];
  const slugs = new Map<string, string>();
  const vendors = new Map<string, string>();
  for (const { name, file } of files) {
    if (basename(name, '.json') !== vendorFileSlug(file.vendor)) {
      problems.push(`${name}: the vendor ${file.vendor} belongs in ${vendorFileSlug(file.vendor)}.json`);
    }
    const other = vendors.get(file.vendor.toLowerCase());
    if (other) problems.push(`${name}: the vendor ${file.vendor} already has ${other}`);
    vendors.set(file.vendor.toLowerCase(), name);
    for (const c of file.certifications) {
      const seen = slugs.get(c.slug);
      if (seen) problems.push(`${name}: ${c.slug} is also in ${seen}`);
      slugs.set(c.slug, name);
    }
  }
  for (const { name, file } of files) {
    const names = new Set<string>();
    for (const c of file.certifications) {
      const at = `${name}: ${c.slug}`;
      const key = c.name.toLowerCase();
      if (names.has(key)) problems.push(`${at}: another certification of ${file.vendor} has the name ${c.name}`);
      names.add(key);
      for (const p of c.prerequisites) {
        if (!slugs.has(p.slug)) problems.push(`${at}: prerequisites: there is no certification ${p.slug}`);
        if (p.slug === c.slug) problems.push(`${at}: prerequisites: a certification cannot require itself`);
      }
      if (c.supersededBy && !slugs.has(c.supersededBy)) {
        problems.push(`${at}: supersededBy: there is no certification ${c.supersededBy}`);
      }
      if (c.supersededBy === c.slug) problems.push(`${at}: supersededBy: a certification cannot succeed itself`);
      if (c.lifecycle !== 'ACTIVE' && !c.retiresOn) {
        problems.push(`${at}: retiresOn: a retiring or retired certification needs its retirement date`);
      }
      const sourced = new Set<string>();
      for (const fact of c.sources.flatMap((s) => s.fields)) {
        // The import keeps one source per fact (mergeSource): a second would move it back and forth on every seed.
        if (sourced.has(fact)) problems.push(`${at}: ${fact} is named by two sources; keep one (the vendor's)`);
        sourced.add(fact);
      }
      const unsourced = new Set<string>(c.unsourced ?? []);
      for (const fact of filledFacts(c)) {
        if (!sourced.has(fact) && !unsourced.has(fact) && !CLASSIFICATION_FACTS.includes(fact)) {
          problems.push(`${at}: ${fact} has a value but no source names it`);
        }
      }
      for (const fact of unsourced) {
        if (sourced.has(fact)) problems.push(`${at}: unsourced: ${fact} has a source now; take it off the list`);
      }
    }
  }
  return problems;
}
