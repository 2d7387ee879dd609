import type { EntityManager } from 'typeorm';
import { supportsCopy } from '../../../core/database/bulk-insert.js';
import { insertCopyLines, upsertCopyLines, upsertRows } from '../store/company-store.js';
import type { CompanyRow } from '../../../platform/register/rows.js';
import { COMPANIES } from '../store/tables.js';
import { DeferredIndexes } from './companies-csv.bulk-load.js';
import { CompanyCopyReader } from './companies-csv.copy-reader.js';
import { companyMapper, COPY_COLUMNS, CopyLine, HeaderError, indexHeader, type ColumnIndex } from './companies-csv.mapper.js';
import { companyNumberOrder, type KeyOrder } from './company-number-order.js';
import { Batch, BatchWriter, readInBatches, type ChunkedReader } from './csv-batch-writer.js';
import { expandPaths, missingParts } from '../../../core/import/input-files.js';
import {
  CsvParser,
  fileSize,
  parseCsv,
  readByteChunks,
  readFirstLine,
  readTextChunks,
  type ByteChunk,
  type TextChunk,
} from './csv-reader.js';
import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from '../../../core/import/importer.js';

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
const CSV_COLUMNS: string[] = [...COPY_COLUMNS];

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
  const { dataSource, reporter } = context;
  const { files, directories } = expandPaths(paths, FILE_NAME, 'BasicCompanyData CSV');
  if (directories.length) {
    const missing = missingParts(files, PART);
    if (missing.length)
      reporter.info(`companies-csv: warning: part ${missing.join(', part ')} of the multi-part set is not in ${directories.join(', ')}.`);
  }
  // Every header is checked before anything is written.
  for (const file of files) await checkHeader(file);

  const summary = new SummaryBuilder('companies-csv', files, reporter);
  const sizes = files.map(fileSize);
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  if (!supportsCopy(dataSource)) {
    // The embedded database: rows as objects, inserted with unnest, one batch at a time.
    const writer = new BatchWriter<CompanyRow>({
      dataSource,
      concurrency: 1,
      write: (manager, batch) => upsertRows(manager, COMPANIES, batch.rows, CSV_COLUMNS),
      written: (count) => summary.wrote(COMPANIES.name, count),
      bad: (row) => summary.bad(row),
    });
    try {
      await load(context, files, sizes, summary, textRecords(companyMapper), writer);
    } finally {
      await writer.settle();
    }
    return summary.finish();
  }
  // Server Postgres: each record becomes its line of COPY text as it is read. A bulk load into an
  // empty table (indexes set aside) copies each batch straight into companies; otherwise, or when
  // a batch holds a key the table already has, it goes through a staging table and an upsert.
  const deferred = await DeferredIndexes.begin(dataSource, { totalBytes, minBytes: bulkMinBytes, reporter });
  const direct = deferred?.fresh ?? false;
  const lines = (batch: Batch<CopyLine>) => batch.rows.map((row) => row.text);
  // Each batch's company numbers in order, found once: for the check against the batches in
  // flight, and for copying the batch in key order.
  const orders = new WeakMap<Batch<CopyLine>, KeyOrder>();
  const orderOf = (batch: Batch<CopyLine>): KeyOrder => {
    let order = orders.get(batch);
    if (!order) orders.set(batch, (order = companyNumberOrder(batch.rows.map((row) => row.key))));
    return order;
  };
  const write = async (manager: EntityManager, batch: Batch<CopyLine>): Promise<number> => {
    if (!direct) return upsertCopyLines(manager, COMPANIES, CSV_COLUMNS, lines(batch));
    return (await insertCopyLines(manager, COMPANIES, CSV_COLUMNS, lines(batch), orderOf(batch).order)).written;
  };
  const writer = new BatchWriter<CopyLine>({
    dataSource,
    concurrency: 2,
    write,
    // Batches sharing a company number are written one after the other: the later row wins.
    sortedKeys: (batch) => orderOf(batch).sorted,
    settings: BATCH_SETTINGS,
    written: (count) => summary.wrote(COMPANIES.name, count),
    bad: (row) => summary.bad(row),
  });
  let loaded = false;
  try {
    await load(context, files, sizes, summary, copyRecords, writer);
    loaded = !context.signal?.aborted;
  } finally {
    // Whatever happened, the batches under way end before the indexes are rebuilt.
    await writer.settle();
    // Only a first load hands its indexes on: one carrying on from an interrupted load said it
    // would rebuild them at its end.
    if (deferred?.fresh && loaded && context.leaveIndexesAside) {
      await deferred.release();
      summary.summary.indexesSetAside = deferred.names;
    } else {
      await deferred?.finish();
    }
  }
  return summary.finish();
}

/** A file's records as rows, read in chunks: it calls back once per record. */
type OpenRecords<T> = (
  file: string,
  row: (row: T, line: number) => void,
  bad: (line: number, reason: string) => void,
) => ChunkedReader<TextChunk> | ChunkedReader<ByteChunk>;

/** The text way: CsvParser, then the mapper made from the file's header (the embedded database). */
function textRecords<T>(mapper: (at: ColumnIndex, width: number) => (fields: string[]) => T | string): OpenRecords<T> {
  return (file, row, bad) => {
    let map: ((fields: string[]) => T | string) | null = null;
    const parser = new CsvParser((fields, line) => {
      if (map === null) {
        map = mapper(indexHeader(fields, file), fields.length);
        return;
      }
      const mapped = map(fields);
      if (typeof mapped === 'string') bad(line, mapped);
      else row(mapped, line);
    }, bad);
    return { chunks: readTextChunks(file), push: (chunk: TextChunk) => parser.push(chunk.text), end: () => parser.end() };
  };
}

/** The bytes way, for COPY (server Postgres): CompanyCopyReader, the same lines for less CPU. */
const copyRecords: OpenRecords<CopyLine> = (file, row, bad) => {
  const reader = new CompanyCopyReader(file, row, bad);
  return { chunks: readByteChunks(file), push: (chunk: ByteChunk) => reader.push(chunk.data), end: () => reader.end() };
};

/** Reads the files in order, maps each record, and hands the good ones to the writer in batches. */
function load<T>(
  context: ImportContext,
  files: string[],
  sizes: number[],
  summary: SummaryBuilder,
  open: OpenRecords<T>,
  writer: BatchWriter<T>,
): Promise<void> {
  return readInBatches(
    files,
    sizes,
    (file, pending) =>
      open(
        file,
        (row, line) => {
          summary.summary.read++;
          pending.add(row, file, line);
        },
        (line, reason) => {
          summary.summary.read++;
          summary.bad({ file, line, reason });
        },
      ),
    writer,
    {
      batchSize: context.batchSize,
      signal: context.signal,
      progress: (done, total) => context.reporter.progress(summary.summary.read, done, total),
    },
  );
}

async function checkHeader(file: string): Promise<void> {
  const first = await readFirstLine(file);
  const { records, problems } = parseCsv(first);
  if (problems.length || records.length === 0) {
    throw new HeaderError(
      `${file}: not a BasicCompanyData CSV (Companies House Free Company Data Product): its first line is ${records.length ? 'not a valid CSV header' : 'empty'}`,
    );
  }
  indexHeader(records[0].fields, file);
}
