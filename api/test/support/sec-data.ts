/**
 * SEC files in their real shapes (companyfacts, submissions, company_tickers*.json), built in the
 * tests: durations and instants, restatements, a revenue-tag switch, a January year end, 8-K facts
 * to ignore, integer and zero-padded string CIKs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yazl from 'yazl';
import { createWriteStream } from 'node:fs';

export interface RawFact {
  taxonomy?: string;
  concept: string;
  unit?: string;
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number;
  fp: 'FY' | 'Q1' | 'Q2' | 'Q3';
  form: string;
  filed: string;
  frame?: string;
}

/** `{cik, entityName, facts: {taxonomy: {Concept: {label, description, units: {unit: [...]}}}}}` */
export function companyFacts(cik: number | string, entityName: string, facts: RawFact[]): unknown {
  const out: Record<string, Record<string, { label: string; description: string; units: Record<string, unknown[]> }>> = {};
  for (const f of facts) {
    const tax = (out[f.taxonomy ?? 'us-gaap'] ??= {});
    const concept = (tax[f.concept] ??= { label: f.concept, description: `${f.concept} as reported`, units: {} });
    const list = (concept.units[f.unit ?? 'USD'] ??= []);
    const { taxonomy: _t, concept: _c, unit: _u, ...rest } = f;
    list.push(rest);
  }
  return { cik, entityName, facts: out };
}

/** A 10-Q's or 10-K's accession: the filer's CIK, the year, a sequence. */
export const accn = (cik: number, filed: string, seq = 1) =>
  `${String(cik).padStart(10, '0')}-${filed.slice(2, 4)}-${String(seq).padStart(6, '0')}`;

/** One fiscal year of a calendar-year filer: three 10-Qs (Q1, 6M, 9M year-to-date) and the 10-K. */
export function calendarYearFacts(
  cik: number,
  concept: string,
  year: number,
  [q1, h1, m9, fy]: number[],
  filedYearEnd = `${year + 1}-02-14`,
): RawFact[] {
  const q = (end: string, filed: string, fp: RawFact['fp'], val: number, seq: number, frame?: string): RawFact => ({
    concept,
    start: `${year}-01-01`,
    end,
    val,
    accn: accn(cik, filed, seq),
    fy: year,
    fp,
    form: '10-Q',
    filed,
    ...(frame ? { frame } : {}),
  });
  return [
    q(`${year}-03-31`, `${year}-05-01`, 'Q1', q1!, 11, `CY${year}Q1`),
    q(`${year}-06-30`, `${year}-08-01`, 'Q2', h1!, 12),
    q(`${year}-09-30`, `${year}-11-01`, 'Q3', m9!, 13),
    {
      concept,
      start: `${year}-01-01`,
      end: `${year}-12-31`,
      val: fy!,
      accn: accn(cik, filedYearEnd, 14),
      fy: year,
      fp: 'FY',
      form: '10-K',
      filed: filedYearEnd,
      frame: `CY${year}`,
    },
  ];
}

export const TAGSWITCH_CIK = 1001;
/**
 * Tagswitch Corp (integer CIK): revenue as SalesRevenueNet in 2022, RevenueFromContract... in
 * 2023, whose 10-K re-tags and restates 2022 (460 → 455); an 8-K recasting 2023 to ignore;
 * net income, total assets (instants) and a dei fact.
 */
export function tagswitchFacts(fy2023Revenue = 540): unknown {
  const c = TAGSWITCH_CIK;
  const asc = 'RevenueFromContractWithCustomerExcludingAssessedTax';
  return companyFacts(c, 'Tagswitch Corp', [
    ...calendarYearFacts(c, 'SalesRevenueNet', 2022, [100, 210, 330, 460], '2023-02-15'),
    ...calendarYearFacts(c, asc, 2023, [120, 250, 390, fy2023Revenue]),
    {
      concept: asc,
      start: '2022-01-01',
      end: '2022-12-31',
      val: 455,
      accn: accn(c, '2024-02-14', 14),
      fy: 2023,
      fp: 'FY',
      form: '10-K',
      filed: '2024-02-14',
      frame: 'CY2022',
    },
    {
      concept: asc,
      start: '2023-01-01',
      end: '2023-12-31',
      val: 999,
      accn: accn(c, '2024-01-30', 2),
      fy: 2023,
      fp: 'FY',
      form: '8-K',
      filed: '2024-01-30',
    },
    ...calendarYearFacts(c, 'NetIncomeLoss', 2023, [12, 25, 39, 54]),
    {
      concept: 'Assets',
      end: '2023-12-31',
      val: 2000,
      accn: accn(c, '2024-02-14', 14),
      fy: 2023,
      fp: 'FY',
      form: '10-K',
      filed: '2024-02-14',
      frame: 'CY2023Q4I',
    },
    {
      concept: 'Assets',
      end: '2023-09-30',
      val: 1900,
      accn: accn(c, '2023-11-01', 13),
      fy: 2023,
      fp: 'Q3',
      form: '10-Q',
      filed: '2023-11-01',
      frame: 'CY2023Q3I',
    },
    {
      taxonomy: 'dei',
      concept: 'EntityCommonStockSharesOutstanding',
      unit: 'shares',
      end: '2024-02-01',
      val: 5e6,
      accn: accn(c, '2024-02-14', 14),
      fy: 2023,
      fp: 'FY',
      form: '10-K',
      filed: '2024-02-14',
    },
  ]);
}

export const JANUARY_CIK = 2002;
/** January Retail (zero-padded string CIK): fiscal years end on 31 January; 10-Qs report the quarter and the year to date. */
export function januaryFacts(): unknown {
  const c = JANUARY_CIK;
  const r = 'Revenues';
  const fact = (start: string, end: string, val: number, form: string, filed: string, fp: RawFact['fp'], seq: number): RawFact => ({
    concept: r,
    start,
    end,
    val,
    accn: accn(c, filed, seq),
    fy: 2024,
    fp,
    form,
    filed,
  });
  return companyFacts(String(c).padStart(10, '0'), 'January Retail Inc', [
    fact('2023-02-01', '2023-04-30', 1000, '10-Q', '2023-06-01', 'Q1', 1),
    fact('2023-05-01', '2023-07-31', 1100, '10-Q', '2023-09-01', 'Q2', 2),
    fact('2023-02-01', '2023-07-31', 2100, '10-Q', '2023-09-01', 'Q2', 2),
    fact('2023-08-01', '2023-10-31', 1200, '10-Q', '2023-12-01', 'Q3', 3),
    fact('2023-02-01', '2023-10-31', 3300, '10-Q', '2023-12-01', 'Q3', 3),
    fact('2023-02-01', '2024-01-31', 4800, '10-K', '2024-03-20', 'FY', 4),
  ]);
}

/** The submissions shape: the company and `filings.recent` as parallel arrays. */
export function submissions(
  cik: number,
  name: string,
  tickers: string[],
  filings: { accession: string; form: string; filed: string; report: string; doc: string; inline?: boolean }[],
  extra: Record<string, unknown> = {},
): unknown {
  return {
    cik: String(cik),
    entityType: 'operating',
    sic: '3571',
    sicDescription: 'Electronic Computers',
    name,
    tickers,
    exchanges: tickers.map(() => 'Nasdaq'),
    fiscalYearEnd: '1231',
    formerNames: [],
    filings: {
      recent: {
        accessionNumber: filings.map((f) => f.accession),
        filingDate: filings.map((f) => f.filed),
        reportDate: filings.map((f) => f.report),
        acceptanceDateTime: filings.map((f) => `${f.filed}T16:30:00.000Z`),
        form: filings.map((f) => f.form),
        size: filings.map(() => 1234),
        isXBRL: filings.map(() => 1),
        isInlineXBRL: filings.map((f) => (f.inline === false ? 0 : 1)),
        primaryDocument: filings.map((f) => f.doc),
        primaryDocDescription: filings.map((f) => f.form),
      },
      files: [],
    },
    ...extra,
  };
}

export function writeJson(dir: string, name: string, doc: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return path;
}

/** A zip archive of named entries, as the SEC's bulk files are. */
export function writeZip(path: string, entries: Record<string, unknown>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, doc] of Object.entries(entries)) zip.addBuffer(Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc)), name);
  zip.end();
  return new Promise((ok, fail) => {
    const out = createWriteStream(path);
    zip.outputStream
      .pipe(out)
      .on('close', () => ok(path))
      .on('error', fail);
  });
}
