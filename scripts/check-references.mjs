// Part of `npm run lint`: the repository explains itself. A comment, test title or document that sends the reader
// out of the clone (a relative path that climbs above the repository's root, or a numbered section of a document
// the clone does not hold) fails here; the reasoning belongs in docs/ (docs/README.md lists what is there).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve('.');
const SECTION_CITATION = /§\s*\d/;
const RELATIVE_PATH = /(?:\.\.\/)+[\w.-]+/g;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && f !== 'package-lock.json' && /\.(ts|tsx|mjs|js|md|json|sql|yaml|css)$/.test(f));

/** Whether a relative path written in `file` leads out of the repository. */
const leaves = (file, path) => relative(ROOT, resolve(dirname(resolve(file)), path)).startsWith('..');

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    const outside = [...line.matchAll(RELATIVE_PATH)].some((m) => leaves(file, m[0]));
    if (outside || SECTION_CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
  });
}
if (found.length) {
  console.error('References to documents outside the repository (point into docs/ instead):');
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
