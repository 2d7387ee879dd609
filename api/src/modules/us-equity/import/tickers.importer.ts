import { parseCik } from '@credence/shared';
import { SummaryBuilder, type ImportContext, type Importer, type ImportSummary } from '../../../core/import/importer.js';
import { upsertCompanies, type UsCompanyRow } from '../store/us-store.js';
import { listSources } from './json-sources.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

interface TickerRecord {
  cik: unknown;
  title: unknown;
  ticker: unknown;
  exchange: unknown;
  line: number;
}

/** Both SEC ticker files: `{"0": {cik_str, ticker, title}}` and `{fields: [...], data: [[...]]}`. */
export function tickerRecords(doc: unknown): TickerRecord[] {
  if (!isObject(doc)) throw new Error('not a tickers file (expected company_tickers.json or company_tickers_exchange.json)');
  if (Array.isArray(doc.fields) && Array.isArray(doc.data)) {
    const at = (name: string) => (doc.fields as unknown[]).indexOf(name);
    const [cik, name, ticker, exchange] = [at('cik'), at('name'), at('ticker'), at('exchange')];
    if (cik < 0 || name < 0 || ticker < 0) throw new Error('fields must name cik, name and ticker (company_tickers_exchange.json)');
    return (doc.data as unknown[]).map((row, i) => {
      const r = Array.isArray(row) ? row : [];
      return { cik: r[cik], title: r[name], ticker: r[ticker], exchange: exchange >= 0 ? r[exchange] : null, line: i + 1 };
    });
  }
  return Object.values(doc).map((v, i) => {
    const r = isObject(v) ? v : {};
    return { cik: r.cik_str, title: r.title, ticker: r.ticker, exchange: null, line: i + 1 };
  });
}

/**
 * `credence-admin import sec-tickers <company_tickers.json|company_tickers_exchange.json>`: the
 * listed companies and their tickers. A company with several share classes (GOOGL, GOOG) appears
 * once per ticker: the first (the SEC lists by size) is its ticker, all are kept.
 */
export const secTickersImporter: Importer = {
  kind: 'sec-tickers',
  description: "the SEC's company tickers (company_tickers.json or company_tickers_exchange.json)",
  refreshesUkData: false,
  run: importTickers,
};

async function importTickers(context: ImportContext, paths: string[]): Promise<ImportSummary> {
  const { dataSource, reporter } = context;
  const list = listSources(paths, 'company_tickers');
  const summary = new SummaryBuilder('sec-tickers', list.files, reporter);
  const companies = new Map<number, UsCompanyRow>();
  for await (const source of list.sources()) {
    let records: TickerRecord[];
    try {
      records = tickerRecords(JSON.parse((await source.read()).toString('utf8')));
    } catch (error) {
      summary.summary.read++;
      summary.bad({
        file: source.name,
        line: 1,
        reason: error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message,
      });
      continue;
    }
    for (const r of records) {
      summary.summary.read++;
      const cik = parseCik(r.cik);
      const title = text(r.title);
      const ticker = text(r.ticker)?.toUpperCase() ?? null;
      if (cik === null || !title || !ticker) {
        summary.bad({
          file: source.name,
          line: r.line,
          reason: `record ${r.line}: ${cik === null ? 'cik is not a CIK' : !title ? 'the name is missing' : 'the ticker is missing'}`,
        });
        continue;
      }
      const held = companies.get(cik);
      if (held) {
        if (!held.tickers.includes(ticker)) held.tickers.push(ticker);
        held.exchange ??= text(r.exchange);
      } else companies.set(cik, { cik, title, ticker, tickers: [ticker], exchange: text(r.exchange) });
    }
    reporter.progress(summary.summary.read, source.doneBytes, list.totalBytes);
  }
  const rows = [...companies.values()];
  for (let i = 0; i < rows.length; i += 5000) {
    const slice = rows.slice(i, i + 5000);
    summary.wrote('us_companies', await dataSource.transaction((m) => upsertCompanies(m, slice)));
  }
  return summary.finish();
}
