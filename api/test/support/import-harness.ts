/**
 * What the import and sync suites share: a reporter that keeps what an import tells, and a test
 * context with a scratch folder, an ImportContext factory and a query helper.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { BadRow, ImportContext, ImportReporter } from '../../src/core/import/importer.js';
import { startTestContext, type TestContext } from './test-context.js';

/** Keeps the bad rows, the info lines and the progress calls of an import. */
export class Collector implements ImportReporter {
  bads: BadRow[] = [];
  infos: string[] = [];
  progresses: [number, number, number | null][] = [];
  constructor(private readonly onProgress?: () => void) {}
  get progressCalls(): number {
    return this.progresses.length;
  }
  progress(read: number, done: number, total: number | null): void {
    this.progresses.push([read, done, total]);
    this.onProgress?.();
  }
  bad(row: BadRow): void {
    this.bads.push(row);
  }
  info(line: string): void {
    this.infos.push(line);
  }
}

export interface ImportHarness {
  /** The suite's context (set in `before`). */
  readonly t: TestContext;
  /** A fresh folder for the suite's files, removed after it. */
  readonly scratch: string;
  context(reporter: ImportReporter, extra?: Partial<ImportContext>): ImportContext;
  query(sql: string, params?: unknown[]): Promise<any>;
}

/**
 * Registers the suite's `before`/`after`: a test context on its own database and a scratch folder.
 * `overrides` (environment for the context) may be a function, run in `before`, for values known
 * only once something else has started, such as a stand-in server's address.
 */
export function importHarness(
  prefix: string,
  overrides: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): ImportHarness {
  let t: TestContext | undefined;
  let scratch = '';
  before(async () => {
    t = await startTestContext(typeof overrides === 'function' ? await overrides() : overrides);
    scratch = mkdtempSync(join(tmpdir(), `${prefix}-`));
  });
  after(async () => {
    await t?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  const started = () => {
    if (!t) throw new Error('the test context starts in before()');
    return t;
  };
  return {
    get t() {
      return started();
    },
    get scratch() {
      return scratch;
    },
    context: (reporter, extra = {}) => ({
      dataSource: started().dataSource,
      config: started().config,
      reporter,
      batchSize: 50_000,
      ...extra,
    }),
    query: (sql, params = []) => started().dataSource.query(sql, params),
  };
}
