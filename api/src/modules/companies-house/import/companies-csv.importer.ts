import { supportsCopy } from '../../../core/database/bulk-insert.js';
import { upsertRows } from '../store/company-store.js';
import type { CompanyRow } from '../store/rows.js';
import { COMPANIES } from '../store/tables.js';
import { DeferredIndexes } from './companies-csv.bulk-load.js';
import { companyMapper, HeaderError, indexHeader } from './companies-csv.mapper.js';
import { Batch, BatchWriter } from './csv-batch-writer.js';
import { expandPaths, missingParts } from './csv-files.js';
import { CsvParser, fileSize, parseCsv, readFirstLine, readTextChunks } from './csv-reader.js';
import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from './importer.js';

/** In a directory: BasicCompanyData-2026-11-01-part1_7.csv ... or BasicCompanyDataAsOneFile-2026-11-01.csv. */
const FILE_NAME = /^BasicCompanyData.*\.csv$/i;
const PART = /^(.*)-part(\d+)_(\d+)\.csv$/i;

/**
 * Settings of every batch transaction on server Postgres (SET LOCAL: they end with the batch).
 * synchronous_commit off: a crash may lose the last batches committed, which a re-run rewrites
 * (imports are idempotent) and which the database never sees half-written. work_mem: the store's
 * DISTINCT ON sort of a batch stays in memory. gin_pending_list_limit: the GIN indexes (when in
 * place) take a batch's entries in their pending list and merge them in bigger, cheaper steps.
 */
const BATCH_SETTINGS = { synchronous_commit: 'off', work_mem: '128MB', gin_pending_list_limit: '32MB' };

/** What the file knows: everything but the listing (exchange, ticker), which other sources set and a re-import keeps. */
const CSV_COLUMNS = COMPANIES.columns.map((column) => column.name).filter((name) => name !== 'exchange' && name !== 'ticker');

export interface CompaniesCsvOptions {
  /**
   * Input size from which an import into an empty companies table builds the search indexes once
   * at the end instead of row by row (server Postgres). About 2,000 rows per MB.
   */
  bulkMinBytes?: number;
}

export function createCompaniesCsvImporter(options: CompaniesCsvOptions = {}): Importer {
  const bulkMinBytes = options.bulkMinBytes ?? 16 * 1024 * 1024;
  return {
    kind: 'companies-csv',
    description: 'Companies House BasicCompanyData CSV (one file or the multi-part set)',
    run: (context, paths) => importCompaniesCsv(context, paths, bulkMinBytes),
  };
}

export const companiesCsvImporter: Importer = createCompaniesCsvImporter();

async function importCompaniesCsv(context: ImportContext, paths: string[], bulkMinBytes: number): Promise<ImportSummary> {
  const { dataSource, reporter, signal } = context;
  const { files, directories } = expandPaths(paths, FILE_NAME, 'BasicCompanyData CSV');
  if (directories.length) {
    const missing = missingParts(files, PART);
    if (missing.length) reporter.info(`companies-csv: warning: part ${missing.join(', part ')} of the multi-part set is not in ${directories.join(', ')}.`);
  }
  // Every header is checked before anything is written.
  for (const file of files) await checkHeader(file);

  const summary = new SummaryBuilder('companies-csv', files, reporter);
  const sizes = files.map(fileSize);
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const server = supportsCopy(dataSource);
  const writer = new BatchWriter<CompanyRow>({
    dataSource,
    concurrency: server ? 2 : 1,
    write: (manager, batch) => upsertRows(manager, COMPANIES, batch.rows, CSV_COLUMNS),
    key: (row) => row.company_number,
    settings: server ? BATCH_SETTINGS : undefined,
    written: (count) => summary.wrote(COMPANIES.name, count),
    bad: (row) => summary.bad(row),
  });
  const deferred = server ? await DeferredIndexes.begin(dataSource, { totalBytes, minBytes: bulkMinBytes, reporter }) : null;
  try {
    let pending = new Batch<CompanyRow>();
    let bytesBefore = 0;
    reading: for (let f = 0; f < files.length; f++) {
      const file = files[f];
      let map: ((fields: string[]) => CompanyRow | string) | null = null;
      const parser = new CsvParser(
        (fields, line) => {
          if (map === null) {
            map = companyMapper(indexHeader(fields, file), fields.length);
            return;
          }
          summary.summary.read++;
          const mapped = map(fields);
          if (typeof mapped === 'string') summary.bad({ file, line, reason: mapped });
          else pending.add(mapped, file, line);
        },
        (line, reason) => {
          summary.summary.read++;
          summary.bad({ file, line, reason });
        },
      );
      for await (const chunk of readTextChunks(file)) {
        parser.push(chunk.text);
        reporter.progress(summary.summary.read, bytesBefore + chunk.bytesRead, totalBytes);
        while (pending.size >= context.batchSize) {
          await writer.submit(pending.take(context.batchSize));
          if (signal?.aborted) break reading;
        }
        if (signal?.aborted) break reading;
      }
      parser.end();
      bytesBefore += sizes[f];
    }
    if (!signal?.aborted) {
      while (pending.size > 0) await writer.submit(pending.take(context.batchSize));
    }
    pending = new Batch();
    await writer.flush();
    reporter.progress(summary.summary.read, bytesBefore, totalBytes);
  } finally {
    // Whatever happened, the batches under way end before the indexes are rebuilt.
    await writer.settle();
    await deferred?.finish();
  }
  return summary.finish();
}

async function checkHeader(file: string): Promise<void> {
  const first = await readFirstLine(file);
  const { records, problems } = parseCsv(first);
  if (problems.length || records.length === 0) {
    throw new HeaderError(`${file}: not a BasicCompanyData CSV (Companies House Free Company Data Product): its first line is ${records.length ? 'not a valid CSV header' : 'empty'}`);
  }
  indexHeader(records[0].fields, file);
}
