import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { paddedCik, parseCik } from '@credence/shared';
import { SummaryBuilder, type ImportContext, type ImportSummary } from '../../../core/import/importer.js';
import { mapCompanyFacts } from '../import/companyfacts.mapper.js';
import { secCompanyFactsImporter } from '../import/companyfacts.importer.js';
import { mapSubmissions } from '../import/submissions.mapper.js';
import { secTickersImporter, tickerRecords } from '../import/tickers.importer.js';
import { replaceFacts, upsertCompanies, upsertFilings } from '../store/us-store.js';
import { SecClient, SecHttpError, type SecClientOptions } from './sec-client.js';

/** Where the SEC's files are (tests point them at a local server). */
export const SEC_DATA_URL = 'https://data.sec.gov';
export const SEC_WWW_URL = 'https://www.sec.gov';
const TICKERS = '/files/company_tickers.json';
const TICKERS_EXCHANGE = '/files/company_tickers_exchange.json';
const COMPANYFACTS_ZIP = '/Archives/edgar/daily-index/xbrl/companyfacts.zip';

/** Bad rows of sync-sec point at the argument's position. */
const ARGUMENTS = 'arguments';

export type SecSyncOptions = Omit<SecClientOptions, 'signal' | 'onWait'>;

function clientFor(context: ImportContext, options: SecSyncOptions): SecClient {
  return new SecClient({ ...options, signal: context.signal, onWait: (m) => context.reporter.info(`sync-sec: ${m}`) });
}

/**
 * `credence-admin sync-sec <ticker|cik>...`: each company's submissions (name, tickers, SIC,
 * fiscal year end, periodic filings) and companyfacts, live from the SEC, stored as the imports
 * store them (one transaction per company; its facts replace the stored ones, so re-runs update).
 * A ticker is looked up among imported companies, else in the SEC's company_tickers.json.
 */
export async function syncSecCompanies(context: ImportContext, args: string[], options: SecSyncOptions): Promise<ImportSummary> {
  const client = clientFor(context, options);
  const summary = new SummaryBuilder('sync-sec', [], context.reporter);
  const tickers = secTickerFile(client);
  const wanted = await resolveArguments(context, tickers, args, summary);
  summary.summary.files = wanted.map((w) => paddedCik(w.cik));
  let done = 0;
  for (const { cik, position } of wanted) {
    if (context.signal?.aborted) break;
    const where = { file: ARGUMENTS, line: position };
    summary.summary.read++;
    try {
      const stored = await syncOne(context, client, cik, tickers);
      if (typeof stored === 'string') summary.bad({ ...where, reason: stored });
      else for (const [table, n] of Object.entries(stored)) summary.wrote(table, n);
    } catch (error) {
      if (!(error instanceof SecHttpError) || context.signal?.aborted) throw error;
      summary.bad({ ...where, reason: `CIK ${cik} not synced: ${error.message}` });
    }
    context.reporter.progress(summary.summary.read, ++done, wanted.length);
  }
  return summary.finish();
}

/**
 * One company fetched and stored; a reason when the SEC has nothing usable. Without a submissions
 * file the company is named by its companyfacts entityName, and its ticker, unless an import already
 * gave it one, comes from the SEC's ticker file (issue 27: SNOW, else `us kpis SNOW` finds nothing).
 */
async function syncOne(
  context: ImportContext,
  client: SecClient,
  cik: number,
  tickers: SecTickerFile,
): Promise<Record<string, number> | string> {
  const padded = paddedCik(cik);
  const submissionsDoc = await client.json('data', `/submissions/CIK${padded}.json`);
  const factsDoc = await client.json('data', `/api/xbrl/companyfacts/CIK${padded}.json`);
  if (submissionsDoc === null && factsDoc === null) return `CIK ${cik}: the SEC has no such company (404)`;
  let submissions: ReturnType<typeof mapSubmissions> | null = null;
  let facts: ReturnType<typeof mapCompanyFacts> | null = null;
  try {
    if (submissionsDoc !== null) submissions = mapSubmissions(submissionsDoc, `CIK${padded}.json`);
    if (factsDoc !== null) facts = mapCompanyFacts(factsDoc);
  } catch (error) {
    return `CIK ${cik}: the SEC's ${submissions ? 'companyfacts' : 'submissions'} file is not usable (${(error as Error).message})`;
  }
  const tables: Record<string, number> = {};
  const listed = !submissions?.company && facts ? await tickersToAdd(context, tickers, cik).catch(noTickers(context, cik)) : [];
  await context.dataSource.transaction(async (manager) => {
    if (facts) {
      await replaceFacts(manager, [facts]);
      tables.us_facts = facts.facts.length;
    }
    if (submissions?.company) tables.us_companies = await upsertCompanies(manager, [submissions.company]);
    else if (facts && listed.length)
      tables.us_companies = await upsertCompanies(manager, [
        { cik, title: facts.entityName, ticker: listed[0]!, tickers: listed, exchange: null },
      ]);
    else tables.us_companies = facts ? 1 : 0;
    if (submissions?.filings.length) tables.us_filings = await upsertFilings(manager, submissions.filings);
  });
  if (!facts) context.reporter.info(`sync-sec: CIK ${cik} files no XBRL company facts (no KPI tables for it)`);
  return tables;
}

/** CIKs as given, tickers looked up (imported companies first, then the SEC's ticker file, fetched once). */
async function resolveArguments(
  context: ImportContext,
  tickers: SecTickerFile,
  args: string[],
  summary: SummaryBuilder,
): Promise<{ cik: number; position: number }[]> {
  const wanted: { cik: number; position: number }[] = [];
  for (const [i, raw] of args.entries()) {
    const arg = raw.trim();
    let cik = /^(CIK)?\d{1,10}$/i.test(arg) ? parseCik(arg) : null;
    if (cik === null && /^[A-Za-z][A-Za-z0-9.-]{0,9}$/.test(arg)) {
      const rows: { cik: number }[] = await context.dataSource.query(
        `SELECT cik FROM us_companies WHERE NOT sample AND (upper(ticker) = upper($1) OR upper($1) = ANY(tickers)) ORDER BY facts_count DESC LIMIT 1`,
        [arg],
      );
      cik = rows[0]?.cik ?? null;
      if (cik === null) cik = (await tickers()).get(arg.toUpperCase()) ?? null;
    }
    if (cik === null)
      summary.bad({ file: ARGUMENTS, line: i + 1, reason: `"${raw}" is neither a CIK nor a ticker the SEC lists (e.g. 320193 or AAPL)` });
    else if (!wanted.some((w) => w.cik === cik)) wanted.push({ cik, position: i + 1 });
  }
  return wanted;
}

/** The SEC's company_tickers.json as ticker → CIK (in the file's order: a company's first ticker is its main one), fetched once a run. */
type SecTickerFile = () => Promise<Map<string, number>>;

function secTickerFile(client: SecClient): SecTickerFile {
  let fetched: Promise<Map<string, number>> | null = null;
  return () => (fetched ??= fetchTickers(client));
}

async function fetchTickers(client: SecClient): Promise<Map<string, number>> {
  const doc = await client.json('www', TICKERS);
  const map = new Map<string, number>();
  if (doc === null) return map;
  for (const r of tickerRecords(doc)) {
    const cik = parseCik(r.cik);
    const ticker = typeof r.ticker === 'string' ? r.ticker.trim().toUpperCase() : '';
    if (cik !== null && ticker && !map.has(ticker)) map.set(ticker, cik);
  }
  return map;
}

/** The ticker file did not come: the company is stored without a ticker, and the log says why. */
function noTickers(context: ImportContext, cik: number) {
  return (error: unknown): string[] => {
    if (!(error instanceof SecHttpError)) throw error;
    context.reporter.info(`sync-sec: CIK ${cik} has no submissions file and the SEC's ticker file did not come (${error.message})`);
    return [];
  };
}

/** A company's tickers from the SEC's file, when it has none stored (imported tickers or submissions win). */
async function tickersToAdd(context: ImportContext, tickers: SecTickerFile, cik: number): Promise<string[]> {
  const [stored]: { ticker: string | null }[] = await context.dataSource.query('SELECT ticker FROM us_companies WHERE cik = $1', [cik]);
  if (stored?.ticker) return [];
  return [...(await tickers())].filter(([, of]) => of === cik).map(([ticker]) => ticker);
}

/**
 * `credence-admin sync-sec --bulk`: the tickers (company_tickers_exchange.json) and the nightly
 * companyfacts.zip (about 18,000 files, about 1 GB), each streamed to DATA_DIR/sec and imported
 * from there by the import commands' readers (entry by entry: the archive is never in memory).
 */
export async function syncSecBulk(context: ImportContext, options: SecSyncOptions): Promise<ImportSummary> {
  const client = clientFor(context, options);
  const dir = join(context.config.dataDir, 'sec');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tickersFile = join(dir, 'company_tickers_exchange.json');
  const zipFile = join(dir, 'companyfacts.zip');
  const say = (what: string) => {
    let last = 0;
    return (done: number, total: number | null) => {
      const now = Date.now();
      if (now - last < 1000 && done !== total) return;
      last = now;
      const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
      context.reporter.info(`sync-sec: ${what} ${mb(done)}${total ? ` of ${mb(total)} (${Math.floor((done / total) * 100)}%)` : ''}`);
    };
  };
  await client.download('www', TICKERS_EXCHANGE, tickersFile, say('company_tickers_exchange.json'));
  const tickers = await secTickersImporter.run(context, [tickersFile]);
  await client.download('www', COMPANYFACTS_ZIP, zipFile, say('companyfacts.zip'));
  if (context.signal?.aborted) return tickers;
  const facts = await secCompanyFactsImporter.run(context, [zipFile]);
  return mergeSummaries('sync-sec', tickers, facts);
}

function mergeSummaries(kind: string, ...parts: ImportSummary[]): ImportSummary {
  const tables: Record<string, number> = {};
  for (const p of parts) for (const [t, n] of Object.entries(p.tables)) tables[t] = (tables[t] ?? 0) + n;
  const seconds = parts.reduce((s, p) => s + p.seconds, 0);
  const read = parts.reduce((s, p) => s + p.read, 0);
  return {
    kind,
    files: parts.flatMap((p) => p.files),
    read,
    written: parts.reduce((s, p) => s + p.written, 0),
    tables,
    skipped: parts.reduce((s, p) => s + p.skipped, 0),
    bad: parts.flatMap((p) => p.bad),
    seconds,
    rowsPerSecond: seconds > 0 ? read / seconds : 0,
  };
}
