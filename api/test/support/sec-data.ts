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

export const NVIDIA_CIK = 1045810;
/**
 * NVIDIA's revenue and net income for FY2015-FY2017 as its companyfacts file carries them: 52/53-week
 * years ending on the last Sunday of January (FY2016 is 53 weeks to 2016-01-31: revenue $5,010m,
 * net income $614m), each year in its own 10-K (fy = that year, frame CY<year before>) and again as
 * a comparative in the next two 10-Ks (fy = the later year, no frame), the FY2016 10-Qs' year to
 * date, and a six-month period inside FY2016, the kind of fact that once displaced the year.
 */
export function nvidiaFacts(): unknown {
  const c = NVIDIA_CIK;
  const years = [
    { fy: 2015, start: '2014-01-27', end: '2015-01-25', revenue: 4_682_000_000, netIncome: 631_000_000 },
    { fy: 2016, start: '2015-01-26', end: '2016-01-31', revenue: 5_010_000_000, netIncome: 614_000_000 },
    { fy: 2017, start: '2016-02-01', end: '2017-01-29', revenue: 6_910_000_000, netIncome: 1_666_000_000 },
  ];
  const filed: Record<number, string> = {
    2015: '2015-03-12',
    2016: '2016-03-17',
    2017: '2017-03-01',
    2018: '2018-02-28',
    2019: '2019-02-21',
  };
  const tenK = (fy: number) => ({ accn: accn(c, filed[fy]!, 200 + fy - 2015), filed: filed[fy]! });
  const facts: RawFact[] = years.flatMap((y) =>
    [y.fy, y.fy + 1, y.fy + 2].flatMap((filer) => {
      const k = tenK(filer);
      const own = filer === y.fy ? { frame: `CY${y.fy - 1}` } : {};
      return [
        { concept: 'Revenues', start: y.start, end: y.end, val: y.revenue, ...k, fy: filer, fp: 'FY' as const, form: '10-K', ...own },
        {
          concept: 'NetIncomeLoss',
          start: y.start,
          end: y.end,
          val: y.netIncome,
          ...k,
          fy: filer,
          fp: 'FY' as const,
          form: '10-K',
          ...own,
        },
      ];
    }),
  );
  const tenQ = (end: string, filed: string, fp: RawFact['fp'], val: number, seq: number): RawFact => ({
    concept: 'Revenues',
    start: '2015-01-26',
    end,
    val,
    accn: accn(c, filed, seq),
    fy: 2016,
    fp,
    form: '10-Q',
    filed,
  });
  facts.push(
    tenQ('2015-04-26', '2015-05-20', 'Q1', 1_151_000_000, 101),
    tenQ('2015-07-26', '2015-08-20', 'Q2', 2_304_000_000, 102),
    tenQ('2015-10-25', '2015-11-19', 'Q3', 3_709_000_000, 103),
    { concept: 'NetIncomeLoss', start: '2015-07-27', end: '2016-01-31', val: 439_000_000, ...tenK(2016), fy: 2016, fp: 'FY', form: '10-K' },
  );
  return companyFacts(String(c).padStart(10, '0'), 'NVIDIA CORP', facts);
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
