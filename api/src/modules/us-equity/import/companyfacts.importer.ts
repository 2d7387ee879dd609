import { createHash } from 'node:crypto';
import { catalogueConcepts, type UsFact } from '@credence/shared';
import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from '../../companies-house/import/importer.js';
import { factSources, replaceFacts } from '../store/us-store.js';
import { mapCompanyFactsBytes } from './companyfacts.mapper.js';
import { listSources } from './json-sources.js';

/** Facts per transaction: a few hundred companies of the bulk. */
const FACTS_PER_BATCH = 50_000;

/**
 * What a stored fingerprint was made with: the catalogue's concepts and the reading rules' version
 * (raise it when the mapper changes what it keeps), so a new concept re-imports every file once.
 */
const READER_VERSION = 1;
const READER = createHash('sha1')
  .update(`${READER_VERSION} ${[...catalogueConcepts()].sort().join(' ')}`)
  .digest('hex')
  .slice(0, 12);

/** The CIK a bulk file's name gives (CIK0000320193.json), to find its stored fingerprint. */
function cikOfName(entry: string): number | null {
  const m = /^CIK(\d{10})\.json$/i.exec(entry);
  return m ? Number(m[1]) : null;
}

/**
 * `credence-admin import sec-companyfacts <file|dir|companyfacts.zip>`: one JSON document per
 * company. Files are read one at a time (from the archive too), so the nightly bulk (about 18,000
 * files) never sits in memory. Each company's facts replace what an earlier run stored (the file
 * is its whole history), so re-runs update. A file that is not a companyfacts document is named
 * as a bad row and skipped. A file unchanged since it was last imported (same zip CRC-32 and size,
 * or same bytes, and the same catalogue) is skipped without being inflated or parsed: most of the
 * nightly bulk did not change since the night before.
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
  const known = await factSources(dataSource);
  let unchanged = 0;
  let pending: { cik: number; entityName: string; facts: UsFact[]; source: string | null }[] = [];
  let pendingFacts = 0;
  let malformed = 0;
  // One batch is written while the next is read and parsed (the database and the parser use a core each).
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (pending.length === 0) return;
    // The same company twice (a file and the archive): the one read last counts.
    const batch = [...new Map(pending.map((c) => [c.cik, c])).values()];
    pending = [];
    pendingFacts = 0;
    await writing;
    writing = dataSource
      .transaction((manager) => replaceFacts(manager, batch))
      .then((written) => {
        summary.wrote('us_companies', batch.length);
        summary.wrote('us_facts', written);
      });
    // A failed write surfaces at the next flush or at the end.
    writing.catch(() => undefined);
  };
  for await (const source of list.sources()) {
    if (signal?.aborted) break;
    summary.summary.read++;
    try {
      const named = cikOfName(source.entry);
      const stored = named === null ? undefined : known.get(named);
      let fingerprint = source.fingerprint ? `${READER} ${source.fingerprint}` : null;
      if (fingerprint && fingerprint === stored) unchanged++;
      else {
        const bytes = await source.read();
        fingerprint ??= `${READER} sha1 ${createHash('sha1').update(bytes).digest('hex')}`;
        if (fingerprint === stored) unchanged++;
        else {
          const mapped = mapCompanyFactsBytes(bytes);
          malformed += mapped.malformed;
          // A fingerprint is kept only under the CIK the file's name gives, where the next run looks for it.
          pending.push({
            cik: mapped.cik,
            entityName: mapped.entityName,
            facts: mapped.facts,
            source: mapped.cik === named ? fingerprint : null,
          });
          pendingFacts += mapped.facts.length;
        }
      }
    } catch (error) {
      summary.bad({ file: source.name, line: 1, reason: reason(error) });
    }
    if (pendingFacts >= FACTS_PER_BATCH || pending.length >= context.batchSize) await flush();
    reporter.progress(summary.summary.read, source.doneBytes, list.totalBytes);
  }
  await flush();
  await writing;
  if (unchanged)
    reporter.info(`sec-companyfacts: ${unchanged.toLocaleString('en-GB')} file(s) unchanged since their last import, kept as stored.`);
  if (malformed) reporter.info(`sec-companyfacts: ${malformed.toLocaleString('en-GB')} malformed fact(s) of the KPI concepts left out.`);
  return summary.finish();
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof SyntaxError ? `not valid JSON (${message})` : message;
}
