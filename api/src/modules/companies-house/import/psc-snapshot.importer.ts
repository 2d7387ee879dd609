import { supportsCopy } from '../../../core/database/bulk-insert.js';
import { upsertRows } from '../store/company-store.js';
import type { PscRow } from '../../../platform/register/rows.js';
import { PSCS } from '../store/tables.js';
import { BatchWriter, readInBatches } from './csv-batch-writer.js';
import { expandPaths, missingParts } from '../../../core/import/input-files.js';
import { fileSize, readTextChunks, type TextChunk } from './csv-reader.js';
import {
  SummaryBuilder,
  type ImportContext,
  type Importer,
  type ImportReporter,
  type ImportSummary,
} from '../../../core/import/importer.js';
import { LineSplitter, mapPscLine, type Category, type SnapshotTotals } from './psc-snapshot.mapper.js';

/** In a directory: persons-with-significant-control-snapshot-2026-11-22.txt, or the parts psc-snapshot-2026-11-22_1of32.txt. */
const FILE_NAME = /^(persons-with-significant-control-snapshot|psc-snapshot).*\.(txt|json|jsonl|ndjson)$/i;
const PART = /^(.*)_(\d+)of(\d+)\.\w+$/i;

const BATCH_SETTINGS = { synchronous_commit: 'off', work_mem: '128MB' };

/**
 * The PSC snapshot: one JSON object per line, upserted into pscs (key: company number + the id at
 * the end of links.self), so a re-import updates and never duplicates.
 *
 * pscs has a foreign key to companies: a PSC of a company that is not in the database is reported
 * as a bad row ("company 01234567 is not in the database: import the companies first") and skipped.
 * Import the companies (companies-csv) first. Note that the snapshot also holds the PSCs of
 * dissolved companies, which BasicCompanyData (live companies only) does not list: expect such
 * rows, and allow them with --max-bad.
 *
 * The trailer's totals are checked against the records read: a difference (a part missing, a file
 * cut short) is reported as a bad row on the trailer's line.
 */
export const pscSnapshotImporter: Importer = {
  kind: 'psc-snapshot',
  description: 'the PSC snapshot (JSON Lines, one PSC per line)',
  run: importPscSnapshot,
};

async function importPscSnapshot(context: ImportContext, paths: string[]): Promise<ImportSummary> {
  const { dataSource, reporter, signal } = context;
  const { files, directories } = expandPaths(paths, FILE_NAME, 'PSC snapshot');
  if (directories.length) {
    const missing = missingParts(files, PART);
    if (missing.length)
      reporter.info(`psc-snapshot: warning: part ${missing.join(', part ')} of the snapshot is not in ${directories.join(', ')}.`);
  }
  const summary = new SummaryBuilder('psc-snapshot', files, reporter);
  const sizes = files.map(fileSize);
  const server = supportsCopy(dataSource);
  const counted: Record<Category, number> = { persons: 0, statements: 0, exemptions: 0 };
  let unreadable = 0;
  let trailer: { totals: SnapshotTotals; file: string; line: number } | null = null;

  const writer = new BatchWriter<PscRow>({
    dataSource,
    concurrency: server ? 2 : 1,
    key: (row) => `${row.company_number}/${row.psc_key}`,
    settings: server ? BATCH_SETTINGS : undefined,
    write: async (manager, batch, reject) => {
      // The foreign key would refuse the whole batch: leave out (and report) the PSCs of companies not in the database.
      const numbers = [...new Set(batch.rows.map((row) => row.company_number))];
      const found: { company_number: string }[] = await manager.query(
        'SELECT company_number FROM companies WHERE company_number = ANY($1::text[])',
        [numbers],
      );
      const known = new Set(found.map((row) => row.company_number));
      const rows: PscRow[] = [];
      batch.rows.forEach((row, i) => {
        if (known.has(row.company_number)) rows.push(row);
        else reject(i, `company ${row.company_number} is not in the database: import the companies first (companies-csv)`);
      });
      return upsertRows(manager, PSCS, rows);
    },
    written: (count) => summary.wrote(PSCS.name, count),
    bad: (row) => summary.bad(row),
  });

  try {
    await readInBatches(
      files,
      sizes,
      (file, pending) => {
        const splitter = new LineSplitter(
          (text, line) => {
            const mapped = mapPscLine(text);
            if (mapped.type === 'totals') {
              if (trailer) summary.bad({ file, line, reason: `a second totals trailer (the first is ${trailer.file}:${trailer.line})` });
              else trailer = { totals: mapped.totals, file, line };
              return;
            }
            summary.summary.read++;
            if (mapped.type === 'bad') {
              if (mapped.category) counted[mapped.category]++;
              else unreadable++;
              summary.bad({ file, line, reason: mapped.reason });
              return;
            }
            counted[mapped.category]++;
            if (mapped.type === 'psc') pending.add(mapped.row, file, line);
          },
          (line) => {
            summary.summary.read++;
            unreadable++;
            summary.bad({ file, line, reason: 'line too long (over 16 MB): not a PSC record' });
          },
        );
        return { chunks: readTextChunks(file), push: (chunk: TextChunk) => splitter.push(chunk.text), end: () => splitter.end() };
      },
      writer,
      { batchSize: context.batchSize, signal, progress: (done, total) => reporter.progress(summary.summary.read, done, total) },
    );
  } finally {
    await writer.settle();
  }
  const stopped = signal?.aborted ?? false;

  if (counted.exemptions)
    reporter.info(
      `psc-snapshot: ${counted.exemptions.toLocaleString('en-GB')} exemptions record(s) read and not stored (they are no PSCs).`,
    );
  if (!stopped) checkTotals(trailer, counted, unreadable, summary, reporter);
  return summary.finish();
}

/** Compares the trailer's totals with what the files held: a difference is a bad row on the trailer's line. */
function checkTotals(
  trailer: { totals: SnapshotTotals; file: string; line: number } | null,
  counted: Record<Category, number>,
  unreadable: number,
  summary: SummaryBuilder,
  reporter: ImportReporter,
): void {
  const n = (value: number) => value.toLocaleString('en-GB');
  if (!trailer) {
    reporter.info('psc-snapshot: no totals trailer (the last line of the last part): the snapshot was not checked for completeness.');
    return;
  }
  const { totals } = trailer;
  const differs =
    totals.persons !== counted.persons ||
    totals.statements !== counted.statements ||
    (totals.exemptions !== null && totals.exemptions !== counted.exemptions);
  if (!differs) return;
  const expected = `${n(totals.persons)} PSCs, ${n(totals.statements)} statements${totals.exemptions !== null ? ` and ${n(totals.exemptions)} exemptions` : ''}`;
  const found = `${n(counted.persons)} PSCs, ${n(counted.statements)} statements${totals.exemptions !== null ? ` and ${n(counted.exemptions)} exemptions` : ''}`;
  summary.bad({
    file: trailer.file,
    line: trailer.line,
    reason:
      `the totals trailer counts ${expected}, but the files held ${found}` +
      (unreadable ? ` (and ${n(unreadable)} unreadable line${unreadable === 1 ? '' : 's'})` : '') +
      ': the snapshot is incomplete (a part missing or a file cut short?)',
  });
}
