import type { DataSource, EntityManager } from 'typeorm';
import type { UsFact } from '@credence/shared';
import { bulkInsert, copyText, type BulkColumn } from '../../../core/database/bulk-insert.js';

/** A company as the tickers and submissions files describe it. */
export interface UsCompanyRow {
  cik: number;
  title: string;
  ticker: string | null;
  tickers: string[];
  exchange: string | null;
  sic?: string | null;
  industry?: string | null;
  sector?: string | null;
  fiscal_year_end?: string | null;
}

export interface UsFilingRow {
  accession: string;
  cik: number;
  form: string;
  filing_date: string | null;
  report_date: string | null;
  primary_document: string | null;
  primary_doc_description: string | null;
  is_xbrl: boolean;
  is_inline_xbrl: boolean;
}

const column = <T>(rows: T[], pick: (r: T) => unknown) => rows.map(pick);

/**
 * Tickers and submissions: insert or update. A field the file does not carry (null) keeps what an
 * earlier import stored, so tickers then submissions (or the other way round) fill one row.
 */
export async function upsertCompanies(manager: EntityManager, rows: UsCompanyRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await manager.query(
    `INSERT INTO us_companies (cik, title, ticker, tickers, exchange, sic, industry, sector, fiscal_year_end, verified, sample)
     SELECT u.cik, u.title, u.ticker, COALESCE(u.tickers::text[], '{}'), u.exchange, u.sic, u.industry, u.sector, u.fye, true, false
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
       AS u(cik, title, ticker, tickers, exchange, sic, industry, sector, fye)
     ON CONFLICT (cik) DO UPDATE SET
       title = EXCLUDED.title,
       ticker = COALESCE(EXCLUDED.ticker, us_companies.ticker),
       tickers = CASE WHEN cardinality(EXCLUDED.tickers) > 0 THEN EXCLUDED.tickers ELSE us_companies.tickers END,
       exchange = COALESCE(EXCLUDED.exchange, us_companies.exchange),
       sic = COALESCE(EXCLUDED.sic, us_companies.sic),
       industry = COALESCE(EXCLUDED.industry, us_companies.industry),
       sector = COALESCE(EXCLUDED.sector, us_companies.sector),
       fiscal_year_end = COALESCE(EXCLUDED.fiscal_year_end, us_companies.fiscal_year_end),
       verified = true, sample = false, updated_at = now()`,
    [
      column(rows, (r) => r.cik),
      column(rows, (r) => r.title),
      column(rows, (r) => r.ticker),
      column(rows, (r) => (r.tickers.length ? `{${r.tickers.map((t) => JSON.stringify(t)).join(',')}}` : null)),
      column(rows, (r) => r.exchange),
      column(rows, (r) => r.sic ?? null),
      column(rows, (r) => r.industry ?? null),
      column(rows, (r) => r.sector ?? null),
      column(rows, (r) => r.fiscal_year_end ?? null),
    ],
  );
  return rows.length;
}

/**
 * Companies met first in a companyfacts file: named by its entityName until tickers or submissions
 * name them. `source`: the file's fingerprint (null when unknown: the next bulk import rewrites it).
 */
async function ensureCompanies(
  manager: EntityManager,
  companies: { cik: number; entityName: string; count: number; source: string | null }[],
): Promise<void> {
  await manager.query(
    `INSERT INTO us_companies (cik, title, facts_count, facts_updated_at, facts_source)
     SELECT u.cik, u.title, u.n, now(), u.source FROM unnest($1::int[], $2::text[], $3::int[], $4::text[]) AS u(cik, title, n, source)
     ON CONFLICT (cik) DO UPDATE SET facts_count = EXCLUDED.facts_count, facts_updated_at = now(),
       facts_source = EXCLUDED.facts_source, verified = true, sample = false`,
    [companies.map((c) => c.cik), companies.map((c) => c.entityName), companies.map((c) => c.count), companies.map((c) => c.source)],
  );
}

/** The fingerprint of the companyfacts file each company was last imported from (see replaceFacts). */
export async function factSources(manager: EntityManager | DataSource): Promise<Map<number, string>> {
  const rows: { cik: number; facts_source: string }[] = await manager.query(
    'SELECT cik, facts_source FROM us_companies WHERE facts_source IS NOT NULL',
  );
  return new Map(rows.map((r) => [r.cik, r.facts_source]));
}

const FACT_COLUMNS: BulkColumn[] = [
  { name: 'cik', type: 'integer' },
  { name: 'concept', type: 'text' },
  { name: 'unit', type: 'text' },
  { name: 'period_start', type: 'date' },
  { name: 'period_end', type: 'date' },
  { name: 'val', type: 'numeric' },
  { name: 'accn', type: 'text' },
  { name: 'form', type: 'text' },
  { name: 'filed', type: 'date' },
  { name: 'frame', type: 'text' },
  { name: 'fy', type: 'integer' },
  { name: 'fp', type: 'text' },
];

/**
 * A company's facts replace the ones an earlier import stored (a companyfacts file is its whole
 * history). `source`: the file's fingerprint, kept so that the next bulk import can skip it
 * unchanged; without one the company is imported again next time.
 */
export async function replaceFacts(
  manager: EntityManager,
  companies: { cik: number; entityName: string; facts: UsFact[]; source?: string | null }[],
): Promise<number> {
  if (companies.length === 0) return 0;
  await ensureCompanies(
    manager,
    companies.map((c) => ({ cik: c.cik, entityName: c.entityName, count: c.facts.length, source: c.source ?? null })),
  );
  await manager.query('DELETE FROM us_facts WHERE cik = ANY($1::int[])', [companies.map((c) => c.cik)]);
  const rows = companies.flatMap((c) =>
    c.facts.map((f) => [
      c.cik,
      f.concept,
      f.unit,
      f.start,
      f.end,
      f.val,
      f.accn,
      f.form,
      f.filed,
      f.frame ?? null,
      f.fy ?? null,
      f.fp ?? null,
    ]),
  );
  await bulkInsert(manager, 'us_facts', FACT_COLUMNS, rows);
  return rows.length;
}

/**
 * replaceFacts for companies whose facts are already us_facts COPY lines (the companyfacts
 * reader's output, columns in FACT_COLUMNS' order): one COPY for the whole batch.
 */
export async function replaceFactLines(
  manager: EntityManager,
  companies: { cik: number; entityName: string; count: number; copy: string; source: string | null }[],
): Promise<number> {
  if (companies.length === 0) return 0;
  await ensureCompanies(manager, companies);
  await manager.query('DELETE FROM us_facts WHERE cik = ANY($1::int[])', [companies.map((c) => c.cik)]);
  await copyText(manager, 'us_facts', FACT_COLUMNS, companies.map((c) => c.copy).join(''));
  return companies.reduce((n, c) => n + c.count, 0);
}

/** Filings from submissions: insert or update by accession. */
export async function upsertFilings(manager: EntityManager, rows: UsFilingRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await manager.query(
    `INSERT INTO us_filings (accession, cik, form, filing_date, report_date, primary_document, primary_doc_description, is_xbrl, is_inline_xbrl)
     SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::date[], $5::date[], $6::text[], $7::text[], $8::boolean[], $9::boolean[])
     ON CONFLICT (accession) DO UPDATE SET cik = EXCLUDED.cik, form = EXCLUDED.form, filing_date = EXCLUDED.filing_date,
       report_date = EXCLUDED.report_date, primary_document = EXCLUDED.primary_document,
       primary_doc_description = EXCLUDED.primary_doc_description, is_xbrl = EXCLUDED.is_xbrl, is_inline_xbrl = EXCLUDED.is_inline_xbrl`,
    [
      column(rows, (r) => r.accession),
      column(rows, (r) => r.cik),
      column(rows, (r) => r.form),
      column(rows, (r) => r.filing_date),
      column(rows, (r) => r.report_date),
      column(rows, (r) => r.primary_document),
      column(rows, (r) => r.primary_doc_description),
      column(rows, (r) => r.is_xbrl),
      column(rows, (r) => r.is_inline_xbrl),
    ],
  );
  return rows.length;
}
