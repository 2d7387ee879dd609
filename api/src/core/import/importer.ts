import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config.js';

/** A row that could not be imported: where it is and why, in words a user can act on. */
export interface BadRow {
  file: string;
  /** 1-based line number in the file (for CSV: the physical line the record starts on). */
  line: number;
  reason: string;
}

export interface ImportSummary {
  kind: string;
  files: string[];
  /** Records read from the input (good and bad). */
  read: number;
  /** Rows written to the database (inserted or updated), summed over all tables. */
  written: number;
  /** Per table: rows written. */
  tables: Record<string, number>;
  /** Records skipped as bad. */
  skipped: number;
  /** The first bad rows (at most MAX_REPORTED_BAD_ROWS); `skipped` counts them all. */
  bad: BadRow[];
  seconds: number;
  rowsPerSecond: number;
  /**
   * Search indexes a bulk load set aside and left for a refresh to build (only when the context
   * asked for it with `leaveIndexesAside`).
   */
  indexesSetAside?: string[];
  /** The refresh finishing the import in the background: its process and log file. */
  finishing?: { pid: number; log: string };
}

export const MAX_REPORTED_BAD_ROWS = 1000;

export interface ImportContext {
  dataSource: DataSource;
  config: AppConfig;
  reporter: ImportReporter;
  /** Rows per transaction. */
  batchSize: number;
  /** Set on SIGINT/SIGTERM: stop after the current batch (already written batches stay). */
  signal?: AbortSignal;
  /**
   * A bulk load that ends normally leaves the search indexes it set aside to the caller (see
   * ImportSummary.indexesSetAside) instead of building them before it answers.
   */
  leaveIndexesAside?: boolean;
}

export interface Importer {
  kind: string;
  /** One line for `credence-admin import --help`. */
  description: string;
  /** False for imports that touch no UK company data (no search-word or screener refresh after them). */
  refreshesUkData?: boolean;
  /** Imports every file given (a directory means every matching file in it). */
  run(context: ImportContext, paths: string[]): Promise<ImportSummary>;
}

/** Progress on stderr (rows/s, ETA), bad rows as they are met, and the summary at the end. */
export interface ImportReporter {
  /** Called as work advances; `done`/`total` in bytes (or records) drive the ETA when total is known. */
  progress(read: number, done: number, total: number | null): void;
  bad(row: BadRow): void;
  info(line: string): void;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const number = (n: number) => Math.round(n).toLocaleString('en-GB');

/**
 * Writes progress to a stream (stderr): in a terminal one line redrawn in place at most 10 times
 * a second; otherwise a line every 5 seconds, so logs of cron runs stay short.
 */
export class StreamReporter implements ImportReporter {
  private readonly started = Date.now();
  private lastDraw = 0;
  private drawn = false;
  private badCount = 0;

  constructor(
    private readonly kind: string,
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
    private readonly quiet = false,
  ) {}

  progress(read: number, done: number, total: number | null): void {
    if (this.quiet) return;
    const now = Date.now();
    const tty = Boolean(this.out.isTTY);
    if (now - this.lastDraw < (tty ? 100 : 5000)) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? read / seconds : 0;
    const share = total && total > 0 ? done / total : null;
    const eta = share && share > 0 ? (seconds / share) * (1 - share) : NaN;
    const line =
      `${this.kind}: ${number(read)} rows, ${number(rate)} rows/s` +
      (share !== null ? `, ${(share * 100).toFixed(1)}%, ETA ${duration(eta)}` : '') +
      (this.badCount ? `, ${number(this.badCount)} bad` : '');
    if (tty) {
      this.out.write(`\r\x1b[2K${line}`);
      this.drawn = true;
    } else {
      this.out.write(line + '\n');
    }
  }

  bad(row: BadRow): void {
    this.badCount++;
    if (this.badCount > MAX_REPORTED_BAD_ROWS) return;
    this.clear();
    this.out.write(
      `${row.file}:${row.line}: ${row.reason}${this.badCount === MAX_REPORTED_BAD_ROWS ? ' (further bad rows are counted, not listed)' : ''}\n`,
    );
  }

  info(line: string): void {
    if (this.quiet) return;
    this.clear();
    this.out.write(line + '\n');
  }

  private clear(): void {
    if (this.drawn) this.out.write('\r\x1b[2K');
    this.drawn = false;
  }
}

/** Collects bad rows for the summary while passing everything on to the reporter. */
export class SummaryBuilder {
  private readonly started = Date.now();
  readonly summary: ImportSummary;

  constructor(
    kind: string,
    files: string[],
    private readonly reporter: ImportReporter,
  ) {
    this.summary = { kind, files, read: 0, written: 0, tables: {}, skipped: 0, bad: [], seconds: 0, rowsPerSecond: 0 };
  }

  bad(row: BadRow): void {
    this.summary.skipped++;
    if (this.summary.bad.length < MAX_REPORTED_BAD_ROWS) this.summary.bad.push(row);
    this.reporter.bad(row);
  }

  wrote(table: string, rows: number): void {
    this.summary.tables[table] = (this.summary.tables[table] ?? 0) + rows;
    this.summary.written += rows;
  }

  finish(): ImportSummary {
    this.summary.seconds = (Date.now() - this.started) / 1000;
    this.summary.rowsPerSecond = this.summary.seconds > 0 ? Math.round(this.summary.read / this.summary.seconds) : this.summary.read;
    return this.summary;
  }
}

/** The summary as people read it, for the end of `credence-admin import`. */
export function describeSummary(summary: ImportSummary): string {
  const tables = Object.entries(summary.tables)
    .map(([table, n]) => `${table} ${number(n)}`)
    .join(', ');
  return (
    (summary.kind === 'sync'
      ? `Synced ${summary.files.length} compan${summary.files.length === 1 ? 'y' : 'ies'} from Companies House: `
      : `Imported ${summary.kind} from ${summary.files.length} file${summary.files.length === 1 ? '' : 's'}: `) +
    `${number(summary.read)} rows read, ${number(summary.written)} written${tables ? ` (${tables})` : ''}, ` +
    `${number(summary.skipped)} skipped as bad, in ${summary.seconds.toFixed(1)} s (${number(summary.rowsPerSecond)} rows/s).` +
    (summary.finishing
      ? `\nSearch indexes, search words, statistics and screener views are being built in the background (pid ${summary.finishing.pid}, log ${summary.finishing.log}); ` +
        '`credence-admin refresh` waits for them.'
      : '')
  );
}
