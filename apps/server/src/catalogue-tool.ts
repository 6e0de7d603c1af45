import { fileURLToPath } from 'node:url';
import { applyToFiles } from './modules/catalogue-data/catalogue-apply.js';
import { CatalogueFileError, readCatalogue } from './modules/catalogue-data/catalogue-files.js';
import { catalogueReport, formatReport, writeReportInto } from './modules/catalogue-data/catalogue-report.js';
import { UpdateError } from './modules/catalogue-data/catalogue-record.js';
import { errorDetail } from './lib/errors.js';

/*
 * The maintainers' catalogue commands, run from the repository (docs/catalogue.md):
 *   npm run catalogue:apply -- FILE...   apply update files to the data files (catalogue/*.json)
 *   npm run catalogue:report [-- --docs]  print how much of the catalogue is known (--docs: also into docs/catalogue.md)
 * Exit codes: 0 done, 1 refused (each problem on its own line), 2 a usage mistake.
 */
const USAGE = 'Usage: npm run catalogue:apply -- FILE...  |  npm run catalogue:report [-- --docs]';
const DOCS = fileURLToPath(new URL('../../../docs/catalogue.md', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'apply') {
    if (!args.length) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const lines = await applyToFiles(args);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  }
  if (command === 'report') {
    const report = formatReport(catalogueReport(readCatalogue()));
    process.stdout.write(`${report}\n`);
    if (args.includes('--docs')) writeReportInto(DOCS, report);
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UpdateError || err instanceof CatalogueFileError) {
      process.stderr.write(`Nothing was changed:\n${err.problems.join('\n')}\n`);
      process.exit(1);
    }
    process.stderr.write(`${errorDetail(err)}\n`);
    process.exit(1);
  },
);
