import { Worker } from 'node:worker_threads';
import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from '../../../core/import/importer.js';
import { factSources, replaceFactLines } from '../store/us-store.js';
import type { CompanyRows } from './companyfacts.rows.js';
import type { ReaderAck, ReaderInput, ReaderMessage } from './companyfacts.worker.js';
import { listSources } from './json-sources.js';

/** Facts per transaction: a few hundred companies of the bulk. */
const FACTS_PER_BATCH = 50_000;

/** The queue between the reader thread and the writer: files read ahead, and their COPY text. */
const READ_AHEAD_FILES = 64;
const READ_AHEAD_CHARS = 32 * 1024 * 1024;

/**
 * `credence-admin import sec-companyfacts <file|dir|companyfacts.zip>`: one JSON document per
 * company. A reader thread (companyfacts.worker.ts) unzips, scans and maps the files one at a time
 * (from the archive too, so the nightly bulk of about 18,000 files never sits in memory) and hands
 * this thread each company's facts as COPY lines, a bounded number ahead; this thread writes them
 * a batch per transaction, so reading and writing each use a core. Each company's facts replace
 * what an earlier run stored (the file is its whole history), so re-runs update. A file that is not
 * a companyfacts document is named as a bad row and skipped. A file unchanged since it was last
 * imported (same zip CRC-32 and size, or same bytes, and the same catalogue) is skipped without
 * being inflated or parsed: most of the nightly bulk did not change since the night before.
 */
export const secCompanyFactsImporter: Importer = {
  kind: 'sec-companyfacts',
  description: "the SEC's XBRL company facts (CIK##########.json files, a directory of them, or companyfacts.zip)",
  refreshesUkData: false,
  run: importCompanyFacts,
};

async function importCompanyFacts(context: ImportContext, paths: string[]): Promise<ImportSummary> {
  const { dataSource, reporter, signal } = context;
  const list = listSources(paths, 'companyfacts');
  const summary = new SummaryBuilder('sec-companyfacts', list.files, reporter);
  const input: ReaderInput = {
    paths: list.files,
    known: [...(await factSources(dataSource))],
    window: READ_AHEAD_FILES,
    windowChars: READ_AHEAD_CHARS,
  };
  const reader = startReader(input);
  let unchanged = 0;
  let malformed = 0;
  let pending: CompanyRows[] = [];
  let pendingFacts = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    // The same company twice (a file and the archive): the one read last counts.
    const batch = [...new Map(pending.map((c) => [c.cik, c])).values()];
    pending = [];
    pendingFacts = 0;
    const written = await dataSource.transaction((manager) => replaceFactLines(manager, batch));
    summary.wrote('us_companies', batch.length);
    summary.wrote('us_facts', written);
  };
  try {
    for await (const file of reader.files()) {
      if (signal?.aborted) break;
      summary.summary.read++;
      const { outcome } = file;
      let chars = 0;
      if (outcome.kind === 'unchanged') unchanged++;
      else if (outcome.kind === 'bad') summary.bad({ file: file.name, line: 1, reason: outcome.reason });
      else {
        malformed += outcome.company.malformed;
        pending.push(outcome.company);
        pendingFacts += outcome.company.count;
        chars = outcome.company.copy.length;
      }
      if (pendingFacts >= FACTS_PER_BATCH || pending.length >= context.batchSize) await flush();
      reader.ack({ chars });
      reporter.progress(summary.summary.read, file.doneBytes, list.totalBytes);
    }
    // Stopped or not, what was read is written (as the other importers do): a batch is whole either way.
    await flush();
  } finally {
    await reader.stop();
  }
  if (unchanged)
    reporter.info(`sec-companyfacts: ${unchanged.toLocaleString('en-GB')} file(s) unchanged since their last import, kept as stored.`);
  if (malformed) reporter.info(`sec-companyfacts: ${malformed.toLocaleString('en-GB')} malformed fact(s) of the KPI concepts left out.`);
  return summary.finish();
}

type FileMessage = Extract<ReaderMessage, { type: 'file' }>;

/** The reader thread, as an async sequence of files read (in the archive's order). */
function startReader(input: ReaderInput) {
  const worker = new Worker(new URL('./companyfacts.worker.js', import.meta.url), { workerData: input });
  const queue: (ReaderMessage | Error)[] = [];
  let wake: (() => void) | null = null;
  const push = (m: ReaderMessage | Error) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', push);
  worker.on('exit', (code) => push(new Error(`the companyfacts reader thread stopped (exit code ${code})`)));
  return {
    async *files(): AsyncGenerator<FileMessage> {
      for (;;) {
        while (queue.length === 0) await new Promise<void>((ok) => (wake = ok));
        wake = null;
        const m = queue.shift()!;
        if (m instanceof Error) throw m;
        if (m.type === 'done') return;
        if (m.type === 'failed') throw new Error(m.message);
        yield m;
      }
    },
    ack(ack: ReaderAck) {
      worker.postMessage(ack);
    },
    async stop() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}
