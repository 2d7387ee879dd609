import { isPeriodicForm, parseCik, sicSector } from '@credence/shared';
import type { UsCompanyRow, UsFilingRow } from '../store/us-store.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export interface MappedSubmissions {
  cik: number;
  /** Null for a page of older filings (`CIK##########-submissions-001.json`). */
  company: UsCompanyRow | null;
  filings: UsFilingRow[];
  /** Filings in the file (every form). */
  read: number;
  /** A company with no ticker and no periodic filing (a person, a fund vehicle): not kept. */
  notListed: boolean;
}

const PAGE = /^CIK(\d{10})-submissions-\d+\.json$/i;

/**
 * The submissions shape: the company (`cik`, `name`, `tickers`, `exchanges`, `sic`,
 * `sicDescription`, `fiscalYearEnd`) and `filings.recent` as parallel arrays; a page file holds
 * the parallel arrays at its top level and is named after the company. Only periodic reports
 * (10-K, 10-Q, 20-F, 40-F and amendments) are kept: they are what the KPI facts come from.
 */
export function mapSubmissions(doc: unknown, entryName: string): MappedSubmissions {
  if (!isObject(doc)) throw new Error('not a submissions document (expected a JSON object)');
  const page = PAGE.exec(entryName);
  if (page) {
    const cik = Number(page[1]);
    const { filings, read } = filingsOf(doc, cik);
    return { cik, company: null, filings, read, notListed: false };
  }
  const cik = parseCik(doc.cik);
  if (cik === null) throw new Error(`cik is missing or not a CIK (got ${JSON.stringify(doc.cik)})`);
  const title = text(doc.name);
  if (!title) throw new Error('name is missing');
  const recent = isObject(doc.filings) && isObject(doc.filings.recent) ? doc.filings.recent : {};
  const { filings, read } = filingsOf(recent, cik);
  const tickers = Array.isArray(doc.tickers) ? doc.tickers.map(text).filter((t): t is string => Boolean(t)) : [];
  const exchanges = Array.isArray(doc.exchanges) ? doc.exchanges.map(text) : [];
  const sic = text(doc.sic);
  const fye = text(doc.fiscalYearEnd);
  return {
    cik,
    company: {
      cik,
      title,
      ticker: tickers[0] ?? null,
      tickers,
      exchange: exchanges[0] ?? null,
      sic,
      industry: text(doc.sicDescription),
      sector: sicSector(sic),
      fiscal_year_end: fye && /^\d{4}$/.test(fye) ? fye : null,
    },
    filings,
    read,
    notListed: tickers.length === 0 && filings.length === 0,
  };
}

function filingsOf(arrays: Json, cik: number): { filings: UsFilingRow[]; read: number } {
  const col = (name: string): unknown[] => (Array.isArray(arrays[name]) ? (arrays[name] as unknown[]) : []);
  const accession = col('accessionNumber');
  const form = col('form');
  const filingDate = col('filingDate');
  const reportDate = col('reportDate');
  const primary = col('primaryDocument');
  const description = col('primaryDocDescription');
  const xbrl = col('isXBRL');
  const inline = col('isInlineXBRL');
  const filings: UsFilingRow[] = [];
  accession.forEach((a, i) => {
    const f = text(form[i]);
    if (typeof a !== 'string' || !/^\d{10}-\d{2}-\d{6}$/.test(a) || !f || !isPeriodicForm(f)) return;
    const date = (v: unknown) => (typeof v === 'string' && ISO.test(v) ? v : null);
    filings.push({
      accession: a,
      cik,
      form: f,
      filing_date: date(filingDate[i]),
      report_date: date(reportDate[i]),
      primary_document: text(primary[i]),
      primary_doc_description: text(description[i]),
      is_xbrl: xbrl[i] === 1 || xbrl[i] === true,
      is_inline_xbrl: inline[i] === 1 || inline[i] === true,
    });
  });
  return { filings, read: accession.length };
}
