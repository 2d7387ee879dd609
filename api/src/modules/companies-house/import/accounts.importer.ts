import { copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { EntityManager } from 'typeorm';
import { upsertRows } from '../store/company-store.js';
import type { DocumentRow, FinancialStatementRow } from '../../../platform/register/rows.js';
import { DOCUMENTS, FINANCIAL_STATEMENTS } from '../store/tables.js';
import { isDate } from '../../../platform/register/ch-api.mapper.js';
import { SummaryBuilder, type BadRow, type ImportContext, type Importer, type ImportSummary } from '../../../core/import/importer.js';
import { extractPeriods, IxbrlError, parseIxbrl, type MetricKey, type PeriodFigures } from './ixbrl.js';

/**
 * `credence-admin import accounts <file|dir>...`: iXBRL accounts from Companies House's accounts
 * bulk product (`Prod<run>_<seq>_<company number>_<made-up date YYYYMMDD>.html`, also .xhtml).
 * Each file gives the financial statements of its reporting period and, when tagged, of the
 * comparative period (a comparative never replaces the figures a company's own filing for that
 * year gave). The file is kept under DATA_DIR/documents/<company>/ and recorded as a document.
 */

const FILE_NAME = /^Prod\d+_\d+_([A-Za-z0-9]{8})_(\d{8})\.(html|xhtml)$/i;
const CANDIDATE = /\.(html|xhtml|htm)$/i;
/** Files per transaction at most, whatever --batch-size says: iXBRL files are large records. */
const MAX_FILES_PER_BATCH = 1000;

export const accountsImporter: Importer = {
  kind: 'accounts',
  description:
    'iXBRL accounts of the accounts bulk product (Prod<nnn>_<nnnn>_<company number>_<YYYYMMDD>.html or .xhtml): turnover, profit, assets, cash, employees',
  run: importAccounts,
};

interface Parsed {
  file: string;
  documentId: string;
  companyNumber: string;
  madeUpDate: string;
  pages: number;
  current: PeriodFigures;
  comparative: PeriodFigures | null;
}

export async function importAccounts(context: ImportContext, paths: string[]): Promise<ImportSummary> {
  const summary = new SummaryBuilder('accounts', [], context.reporter);
  const files: string[] = [];
  for (const path of [...new Set(paths)]) {
    try {
      const info = await stat(path);
      if (info.isDirectory()) {
        const names = (await readdir(path)).filter((name) => CANDIDATE.test(name)).sort();
        files.push(...names.map((name) => join(path, name)));
      } else files.push(path);
    } catch {
      summary.bad({ file: path, line: 1, reason: 'no such file or directory' });
    }
  }
  summary.summary.files = files;
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const batchSize = Math.max(1, Math.min(context.batchSize, MAX_FILES_PER_BATCH));
  let doneBytes = 0;
  let batch: Parsed[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const parsed = batch;
    batch = [];
    const bad: BadRow[] = [];
    const written = await context.dataSource.transaction((manager) => writeBatch(manager, context.config.dataDir, parsed, bad));
    for (const row of bad) summary.bad(row);
    summary.wrote(FINANCIAL_STATEMENTS.name, written.statements);
    summary.wrote(DOCUMENTS.name, written.documents);
  };

  for (const [index, file] of files.entries()) {
    if (context.signal?.aborted) break;
    summary.summary.read++;
    const result = await parseFile(file);
    if ('reason' in result) summary.bad(result);
    else {
      for (const problem of result.problems) summary.bad(problem);
      batch.push(result.parsed);
    }
    doneBytes += sizes[index];
    context.reporter.progress(summary.summary.read, doneBytes, totalBytes);
    if (batch.length >= batchSize) await flush();
  }
  // Stopped or not, what was read is written: a batch is whole either way.
  await flush();
  return summary.finish();
}

async function parseFile(file: string): Promise<BadRow | { parsed: Parsed; problems: BadRow[] }> {
  const name = basename(file);
  const match = FILE_NAME.exec(name);
  if (!match)
    return {
      file,
      line: 1,
      reason: 'the file name is not of the accounts bulk product (Prod<nnn>_<nnnn>_<company number>_<YYYYMMDD>.html)',
    };
  const companyNumber = match[1].toUpperCase();
  const madeUpDate = `${match[2].slice(0, 4)}-${match[2].slice(4, 6)}-${match[2].slice(6, 8)}`;
  if (!isDate(madeUpDate)) return { file, line: 1, reason: `${match[2]} in the file name is not a date (YYYYMMDD)` };
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    return { file, line: 1, reason: `cannot read the file: ${(error as Error).message}` };
  }
  try {
    const doc = parseIxbrl(content);
    const { current, comparative } = extractPeriods(doc);
    const identifiers = [...new Set([...doc.contexts.values()].map((c) => c.identifier?.trim()).filter((id): id is string => Boolean(id)))];
    const stated = identifiers.map((id) => (/^\d{1,7}$/.test(id) ? id.padStart(8, '0') : id.toUpperCase()));
    if (stated.length && !stated.includes(companyNumber)) {
      const context = [...doc.contexts.values()].find((c) => c.identifier);
      return {
        file,
        line: context?.line ?? 1,
        reason: `the accounts are of company ${stated[0]} (xbrli:identifier), not ${companyNumber} as the file name says`,
      };
    }
    return {
      parsed: { file, documentId: name.replace(/\.[^.]+$/, ''), companyNumber, madeUpDate, pages: doc.pages, current, comparative },
      problems: doc.problems.map((p) => ({ file, line: p.line, reason: `${p.reason} (fact skipped)` })),
    };
  } catch (error) {
    if (error instanceof IxbrlError) return { file, line: error.line, reason: error.message };
    return { file, line: 1, reason: `not readable as iXBRL: ${(error as Error).message}` };
  }
}

function statementRow(parsed: Parsed, period: PeriodFigures): FinancialStatementRow {
  const value = (key: MetricKey) => period.figures[key]?.value ?? null;
  const pageNumbers: Record<string, number> = {};
  const terms: Record<string, string> = {};
  for (const [key, figure] of Object.entries(period.figures)) {
    pageNumbers[key] = figure.page;
    terms[key] = figure.term;
  }
  return {
    company_number: parsed.companyNumber,
    period_end: period.periodEnd,
    period_start: period.periodStart,
    fiscal_year: Number(period.periodEnd.slice(0, 4)),
    currency: period.currency,
    document_id: parsed.documentId,
    source: 'ixbrl',
    turnover: value('turnover'),
    operating_profit: value('operatingProfit'),
    net_profit_loss: value('netProfitLoss'),
    ebitda: value('EBITDA'),
    total_assets: value('totalAssets'),
    total_liabilities: value('totalLiabilities'),
    net_assets: value('netAssets'),
    cash: value('cash'),
    employees: value('employeeCount'),
    page_numbers: pageNumbers,
    terms,
    balance_sheet: period.balanceSheet,
    income_statement: period.incomeStatement,
    cash_flow: period.cashFlow,
    key_financials: period.keyFinancials,
  };
}

/** The date at the end of a bulk product document id (…_20240331): the period that filing reports. */
const documentDate = (documentId: string | null) => {
  const match = /_(\d{4})(\d{2})(\d{2})$/.exec(documentId ?? '');
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
};

async function writeBatch(
  manager: EntityManager,
  dataDir: string,
  parsed: Parsed[],
  bad: BadRow[],
): Promise<{ statements: number; documents: number }> {
  const numbers = [...new Set(parsed.map((p) => p.companyNumber))];
  const known = new Set(
    (
      (await manager.query(`SELECT company_number FROM companies WHERE company_number = ANY($1::text[])`, [numbers])) as {
        company_number: string;
      }[]
    ).map((r) => r.company_number),
  );
  const present = parsed.filter((p) => {
    if (known.has(p.companyNumber)) return true;
    bad.push({
      file: p.file,
      line: 1,
      reason: `company ${p.companyNumber} is not in the database: import the register (companies-csv) or its profile (ch-api) first`,
    });
    return false;
  });
  if (present.length === 0) return { statements: 0, documents: 0 };

  // Each filing's own period first; a comparative only where no filing of that period is stored or read.
  const rows = new Map<string, { row: FinancialStatementRow; own: boolean; date: string }>();
  const offer = (row: FinancialStatementRow, own: boolean, date: string) => {
    const key = `${row.company_number}|${row.period_end}`;
    const held = rows.get(key);
    if (!held || (own && !held.own) || (own === held.own && date >= held.date)) rows.set(key, { row, own, date });
  };
  for (const p of present) {
    // A filing's own year is the one its made-up date (in the file name) closes.
    for (const period of [p.current, p.comparative])
      if (period) offer(statementRow(p, period), period.periodEnd === p.madeUpDate, p.madeUpDate);
  }
  const comparatives = [...rows.values()].filter((r) => !r.own).map((r) => r.row);
  if (comparatives.length) {
    const stored: { company_number: string; period_end: string; document_id: string | null; source: string }[] = await manager.query(
      `SELECT f.company_number, f.period_end::text AS period_end, f.document_id, f.source
         FROM financial_statements f
         JOIN unnest($1::text[], $2::date[]) AS k(company_number, period_end) USING (company_number, period_end)`,
      [comparatives.map((r) => r.company_number), comparatives.map((r) => r.period_end)],
    );
    for (const s of stored) {
      const ownFiling = s.source === 'ixbrl' && documentDate(s.document_id) === s.period_end;
      const key = `${s.company_number}|${s.period_end}`;
      if (ownFiling && rows.get(key)?.row.document_id !== s.document_id) rows.delete(key);
    }
  }

  const documents: DocumentRow[] = [];
  for (const p of present) {
    const folder = join(dataDir, 'documents', p.companyNumber);
    await mkdir(folder, { recursive: true });
    await copyFile(p.file, join(folder, basename(p.file)));
    documents.push({
      document_id: p.documentId,
      company_number: p.companyNumber,
      transaction_id: null,
      content_type: 'application/xhtml+xml',
      pages: p.pages,
      storage_path: `documents/${p.companyNumber}/${basename(p.file)}`,
    });
  }
  const statements = await upsertRows(
    manager,
    FINANCIAL_STATEMENTS,
    [...rows.values()].map((r) => r.row),
  );
  const documentCount = await upsertRows(manager, DOCUMENTS, documents);
  return { statements, documents: documentCount };
}
