import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from '../../../core/import/importer.js';
import { upsertCompanies, upsertFilings, type UsCompanyRow, type UsFilingRow } from '../store/us-store.js';
import { listSources } from './json-sources.js';
import { mapSubmissions } from './submissions.mapper.js';

/**
 * `credence-admin import sec-submissions <file|dir|submissions.zip>`: each company's name, tickers,
 * exchange, SIC industry and sector, fiscal year end, and its periodic filings (the addresses the
 * source viewer links to). Filers with no ticker and no periodic report (people, trusts) are
 * counted and not kept. Re-runs update by CIK and accession.
 */
export const secSubmissionsImporter: Importer = {
  kind: 'sec-submissions',
  description: "the SEC's submissions (CIK##########.json files, a directory of them, or submissions.zip)",
  refreshesUkData: false,
  run: importSubmissions,
};

async function importSubmissions(context: ImportContext, paths: string[]): Promise<ImportSummary> {
  const { dataSource, reporter, signal } = context;
  const list = listSources(paths, 'submissions');
  const summary = new SummaryBuilder('sec-submissions', list.files, reporter);
  let companies: UsCompanyRow[] = [];
  let filings: UsFilingRow[] = [];
  let notListed = 0;
  const flush = async () => {
    if (companies.length === 0 && filings.length === 0) return;
    const [c, f] = [companies, filings];
    companies = [];
    filings = [];
    await dataSource.transaction(async (manager) => {
      summary.wrote('us_companies', await upsertCompanies(manager, [...new Map(c.map((r) => [r.cik, r])).values()]));
      // A page of older filings read before its company's main file: the company is named by its CIK until then.
      const known = new Set(c.map((r) => r.cik));
      const orphans = [...new Set(f.map((r) => r.cik))].filter((cik) => !known.has(cik));
      if (orphans.length)
        await manager.query(
          `INSERT INTO us_companies (cik, title) SELECT u, 'CIK ' || lpad(u::text, 10, '0') FROM unnest($1::int[]) AS u ON CONFLICT (cik) DO NOTHING`,
          [orphans],
        );
      summary.wrote('us_filings', await upsertFilings(manager, [...new Map(f.map((r) => [r.accession, r])).values()]));
    });
  };
  for await (const source of list.sources()) {
    if (signal?.aborted) break;
    summary.summary.read++;
    try {
      const mapped = mapSubmissions(JSON.parse((await source.read()).toString('utf8')), source.entry);
      if (mapped.notListed) notListed++;
      else {
        if (mapped.company) companies.push(mapped.company);
        filings.push(...mapped.filings);
      }
    } catch (error) {
      summary.bad({
        file: source.name,
        line: 1,
        reason: error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message,
      });
    }
    if (companies.length >= 500 || filings.length >= 20_000) await flush();
    reporter.progress(summary.summary.read, source.doneBytes, list.totalBytes);
  }
  await flush();
  if (notListed)
    reporter.info(`sec-submissions: ${notListed.toLocaleString('en-GB')} filer(s) with no ticker and no periodic report not kept.`);
  return summary.finish();
}
