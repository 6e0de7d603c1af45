// Part of `npm run lint`: the repository explains itself. A comment, test title or document that sends the reader
// out of the clone (a relative path that climbs above the repository's root, or a numbered section of a document
// the clone does not hold) fails here; the reasoning belongs in docs/ (docs/README.md lists what is there). So does a
// reference to a Markdown file with an anchor (`docs/product.md#flags`, `[…](#flags)`) whose file or heading is not
// there, and a Markdown link to a file of the clone that is not there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { anchorsOf } from './lib/markdown-anchors.mjs';

const ROOT = resolve('.');
const SECTION_CITATION = /§\s*\d/;
const RELATIVE_PATH = /(?:\.\.\/)+[\w.-]+/g;
/** A Markdown file's path with an anchor anywhere (a comment, a link's target), or a link's own-file `(#anchor)`. */
const ANCHORED = /(?:^|[^\w./[-])((?:[\w.-]+\/)*[\w.-]+\.md)?#([\w%-]+)/g;
const MARKDOWN_LINK = /\]\(([^)\s#]+\.md)(?:#[^)]*)?\)/g;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && f !== 'package-lock.json' && /\.(ts|tsx|mjs|js|md|json|sql|yaml|css)$/.test(f));

/** Whether a relative path written in `file` leads out of the repository. */
const leaves = (file, path) => relative(ROOT, resolve(dirname(resolve(file)), path)).startsWith('..');

/** The file a reference written in `file` names: beside it (a document's own links), else from the root (comments). */
const target = (file, path) =>
  [resolve(dirname(resolve(file)), path), resolve(ROOT, path)].find((p) => existsSync(p) && p.startsWith(ROOT));

/** What is wrong with the references of one line, if anything. */
function brokenLinks(file, line) {
  const wrong = [];
  const markdown = file.endsWith('.md');
  for (const [, path, anchor] of line.matchAll(ANCHORED)) {
    if (!path && !(markdown && line.includes(`](#${anchor})`))) continue;
    const doc = path ? target(file, path) : resolve(file);
    if (!doc) wrong.push(`no file ${path}`);
    else if (!anchorsOf(doc).has(decodeURIComponent(anchor))) wrong.push(`no heading #${anchor} in ${path ?? file}`);
  }
  if (markdown) {
    for (const [, path] of line.matchAll(MARKDOWN_LINK)) {
      if (!/^[a-z]+:/i.test(path) && !target(file, path)) wrong.push(`no file ${path}`);
    }
  }
  return wrong;
}

const found = [];
const broken = [];
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
    for (const why of brokenLinks(file, line)) broken.push(`${file}:${i + 1}: ${why}`);
  });
}
if (found.length) {
  console.error('References to documents outside the repository (point into docs/ instead):');
  for (const f of found) console.error(`  ${f}`);
}
if (broken.length) {
  console.error('References to a file or heading that is not there:');
  for (const f of broken) console.error(`  ${f}`);
}
if (found.length || broken.length) process.exit(1);
