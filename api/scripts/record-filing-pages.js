// Records the lines of the development filings' pages that page-table.spec.ts, cover.spec.ts and debt-table.spec.ts read, as the
// parser reads them, into test/fixtures/filing-pages (after `npm run build -w @credence/api`).
//   node api/scripts/record-filing-pages.js [<dataset dir>]   (default: ../shared/datasets/financebench-dev)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataset = resolve(process.argv[2] ?? join(api, '..', '..', 'shared', 'datasets', 'financebench-dev'));
const { pdfPages } = await import(join(api, 'dist', 'src', 'modules', 'research', 'evidence', 'pdf-text.js'));
const PAGES = [
  ['JOHNSON_JOHNSON_2022Q4_EARNINGS', 10],
  ['3M_2018_10K', 58],
  ['Pfizer_2023Q2_10Q', 38],
  // a percent-of-revenue column beside each year's amounts; a summary whose rows of rates share the amounts' columns
  ['ACTIVISIONBLIZZARD_2019_10K', 37],
  ['WALMART_2020_10K', 36],
  // debt notes (restructuring/extract/debt-table.spec.ts)
  ['3M_2018_10K', 88],
  ['3M_2018_10K', 89],
  ['GENERALMILLS_2020_10K', 71],
  ['GENERALMILLS_2020_10K', 72],
  ['BOEING_2018_10K', 93],
  // covers (cover.spec.ts): a 10-K without the registrant's caption, an 8-K, a 10-Q, an earnings release
  ['3M_2018_10K', 1],
  ['JOHNSON_JOHNSON_2023_8K_dated-2023-08-30', 1],
  ['Pfizer_2023Q2_10Q', 1],
  ['JOHNSON_JOHNSON_2022Q4_EARNINGS', 1],
  ['GENERALMILLS_2019_10K', 1],
];
for (const [doc, n] of PAGES) {
  const [read] = await pdfPages(readFileSync(join(dataset, 'pdfs', `${doc}.pdf`)), [n]);
  const file = join(api, 'test', 'fixtures', 'filing-pages', `${doc}-p${n}.json`);
  writeFileSync(file, JSON.stringify(read.lines) + '\n');
  console.log(`${file}: ${read.lines.length} lines`);
}
process.exit(0);
