import { updateChangeEntrySchema, updateNewEntrySchema, type UpdateChanges } from '@certitude/shared';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ZodError } from 'zod';
import { blankRecord, UpdateError, withChanges, type UpdateItem } from './catalogue-record.js';
import { sourceOf, statedFacts } from './fact-sources.js';

/* The operator's update file (docs/api.md#facts-filters-and-revisions): its entries as items, or every problem it has. */

/** An update file's entries as items, or every problem of the file (file, entry's index, field). */
export function parseUpdateFile(path: string): UpdateItem[] {
  const name = basename(path);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UpdateError([`${name}: ${(err as Error).message}`]);
  }
  return parseUpdateEntries(name, raw);
}

export function parseUpdateEntries(name: string, raw: unknown): UpdateItem[] {
  if (!Array.isArray(raw)) throw new UpdateError([`${name}: the file must hold a JSON array of entries`]);
  const problems: string[] = [];
  const items: UpdateItem[] = [];
  raw.forEach((entry: unknown, index) => {
    const isNew = !!entry && typeof entry === 'object' && 'new' in entry;
    const slug = String(
      ((isNew ? (entry as { new?: { slug?: unknown } }).new : entry) as { slug?: unknown } | undefined)?.slug ?? '',
    );
    const label = `${name}: entry ${index}${slug ? ` (${slug})` : ''}`;
    const issues = (error: ZodError) => {
      for (const issue of error.issues) {
        const path = issue.path.map(String).join('.') || '(entry)';
        const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
        const message = !missing ? issue.message : path === 'source' ? MISSING_SOURCE : 'is missing';
        problems.push(`${label}: ${path}: ${message}`);
      }
    };
    if (isNew) {
      const parsed = updateNewEntrySchema.safeParse(entry);
      if (!parsed.success) return issues(parsed.error);
      const { new: fields, summary, source } = parsed.data;
      const { slug, ...given } = fields;
      const record = withChanges(blankRecord(slug, fields.vendor), given as UpdateChanges, problems, label);
      record.certCode = fields.certCode;
      // Once it exists (a second run), the entry changes the facts it states and no others.
      const changes = { ...given, certCode: fields.certCode ?? undefined } as UpdateChanges;
      items.push({ label, slug, record, changes, summary, sources: [sourceOf(source, statedFacts(given))] });
    } else {
      const parsed = updateChangeEntrySchema.safeParse(entry);
      if (!parsed.success) return issues(parsed.error);
      const { slug, changes, summary, source } = parsed.data;
      if (!Object.keys(changes).length) return void problems.push(`${label}: changes: change at least one fact`);
      const stated = statedFacts(changes);
      items.push({ label, slug, changes, summary, sources: stated.length ? [sourceOf(source, stated)] : [] });
    }
  });
  if (problems.length) throw new UpdateError(problems);
  return items;
}

const MISSING_SOURCE = 'each entry needs its source: { url, kind, retrievedOn }';
