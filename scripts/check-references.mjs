// Part of `npm run lint`: the repository explains itself. A comment, test title or document that sends the reader
// to a document outside the repository (a specification, an API or architecture paper the clone does not hold) fails
// here; the reasoning belongs in docs/ (docs/README.md lists what is there).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const OUTSIDE = [/spec §/, /product-spec/i, /\bARCHITECTURE\.md\b/, /\bAPI\.md\b/, /\bSTYLE\.md\b/, /\.\.\/shared\//];
const SELF = 'scripts/check-references.mjs';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && f !== SELF && f !== 'package-lock.json' && /\.(ts|tsx|mjs|js|md|json|sql|yaml|css)$/.test(f));

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    if (OUTSIDE.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
  });
}
if (found.length) {
  console.error('References to documents outside the repository (point into docs/ instead):');
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
