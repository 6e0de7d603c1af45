import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueCertification } from '@certitude/shared';
import { catalogueDir, CatalogueFileError, readCatalogue } from './catalogue-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A folder holding the given files, each a copy of a real one changed by `edit`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests break real files on purpose, in any way
function folderWith(files: Record<string, (file: any) => unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  dirs.push(dir);
  for (const [name, edit] of Object.entries(files)) {
    const real = JSON.parse(readFileSync(join(catalogueDir(), name), 'utf8'));
    writeFileSync(join(dir, name), JSON.stringify(edit(real) ?? real));
  }
  return dir;
}

function problemsOf(dir: string): string[] {
  try {
    readCatalogue(dir);
    return [];
  } catch (err) {
    if (err instanceof CatalogueFileError) return err.problems;
    throw err;
  }
}

describe('the catalogue data files', () => {
  it('are all valid: schema, unique slugs, links that exist, and a source for every fact', () => {
    const files = readCatalogue();
    expect(files.length).toBeGreaterThanOrEqual(25);
    const slugs = files.flatMap((f) => f.file.certifications.map((c) => c.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('name the file, the certification and the field of a bad value', () => {
    const dir = folderWith({
      'aws.json': (f) => {
        f.certifications[0].exam.costUsd = 'a lot';
        f.certifications[1].level = 'BEGINNER';
      },
    });
    const problems = problemsOf(dir);
    expect(problems).toContain(
      'aws.json: certifications[0] (aws-certified-cloud-practitioner).exam.costUsd: The cost must be a number of US dollars',
    );
    expect(
      problems.some((p) => p.startsWith('aws.json: certifications[1] (aws-certified-ai-practitioner).level:')),
    ).toBe(true);
  });

  it('refuse an unknown field, a duplicate slug, a link to nothing and a fact no source names', () => {
    let unsourcedRenewal = '';
    const dir = folderWith({
      'aws.json': (f) => {
        f.certifications[0].examCost = 100;
      },
      'cisco.json': (f) => {
        f.certifications[0].slug = 'aws-certified-ai-practitioner';
        f.certifications[1].supersededBy = 'no-such-certification';
        // A certification whose renewal no source names yet gets one written in.
        const c = f.certifications.find(
          (x: CatalogueCertification, i: number) =>
            i > 1 && !x.sources.some((src) => src.fields.includes('renewal')) && !x.unsourced?.includes('renewal'),
        )!;
        c.renewal = 'Renew every three years.';
        unsourcedRenewal = c.slug;
      },
    });
    const problems = problemsOf(dir);
    expect(problems.some((p) => p.includes('aws.json') && p.includes('examCost'))).toBe(true);
    // The first aws file failed its schema, so the slug of cisco's first entry stands alone: check the rest.
    const cisco = JSON.parse(readFileSync(join(dir, 'cisco.json'), 'utf8'));
    expect(problems).toContain(
      `cisco.json: ${cisco.certifications[1].slug}: supersededBy: there is no certification no-such-certification`,
    );
    expect(problems).toContain(`cisco.json: ${unsourcedRenewal}: renewal has a value but no source names it`);
  });

  it('refuse a fact that two sources name', () => {
    let slug = '';
    const dir = folderWith({
      'cisco.json': (f) => {
        const c = f.certifications.find((x: CatalogueCertification) => x.sources.length > 0)!;
        const fact = c.sources[0]!.fields[0]!;
        c.sources.push({
          url: 'https://example.com/agrees',
          kind: 'THIRD_PARTY',
          retrievedOn: '2026-11-28',
          fields: [fact],
        });
        slug = `${c.slug}: ${fact}`;
      },
    });
    expect(problemsOf(dir)).toContain(`cisco.json: ${slug} is named by two sources; keep one (the vendor's)`);
  });

  it('refuse the same slug in two files', () => {
    const dir = folderWith({
      'aws.json': () => undefined,
      'cisco.json': (f) => {
        f.certifications[0].slug = 'aws-certified-ai-practitioner';
        f.certifications[0].supersededBy = null;
        f.certifications[0].lifecycle = 'ACTIVE';
        f.certifications[0].retiresOn = null;
        delete f.certifications[0].unsourced;
      },
    });
    expect(problemsOf(dir)).toContain('cisco.json: aws-certified-ai-practitioner is also in aws.json');
  });

  it('keep a vendor in the file named after it', () => {
    const dir = folderWith({ 'aws.json': (f) => ({ ...f, vendor: 'Amazon Web Services' }) });
    expect(problemsOf(dir)).toContain('aws.json: the vendor Amazon Web Services belongs in amazon-web-services.json');
  });
});
