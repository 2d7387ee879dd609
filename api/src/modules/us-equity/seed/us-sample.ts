/**
 * Sample US companies (labelled sample, never verified): names, tickers, SIC sectors and eight
 * fiscal years of facts in the companyfacts shape, filed as the SEC files them: 10-Qs with the
 * quarter and the year to date (cash flows year to date only), 10-Ks with the year and its
 * comparatives, balance sheets at each period end. Some companies end their year in January,
 * June or September, and some move revenue from SalesRevenueNet to RevenueFromContract... in
 * their fourth year, so every rule of the KPI tables has something to show. Deterministic.
 */
import { addIsoDays, paddedCik, sicSector, type UsFact } from '@credence/shared';
import { Rng } from '../../../core/random.js';
import type { UsCompanyRow, UsFilingRow } from '../store/us-store.js';

export const US_SAMPLE_FIRST_CIK = 990_000_001;
export const US_SAMPLE_YEARS = 8;

const FIRST = [
  'North',
  'Blue',
  'Summit',
  'Iron',
  'Silver',
  'Harbor',
  'Prairie',
  'Granite',
  'Cedar',
  'Atlas',
  'Beacon',
  'Pioneer',
  'Falcon',
  'Liberty',
  'Redwood',
  'Orion',
  'Meridian',
  'Keystone',
  'Lakeshore',
  'Evergreen',
];
const SECOND = ['Ridge', 'Point', 'Field', 'Stone', 'Bridge', 'Crest', 'Gate', 'Works', 'Labs', 'Peak'];
const INDUSTRIES: [sic: string, industry: string, noun: string, margin: number][] = [
  ['3674', 'Semiconductors & Related Devices', 'Semiconductor', 0.55],
  ['7372', 'Services-Prepackaged Computer Software', 'Software', 0.75],
  ['2834', 'Pharmaceutical Preparations', 'Therapeutics', 0.7],
  ['5331', 'Retail-Variety Stores', 'Stores', 0.3],
  ['3711', 'Motor Vehicles & Passenger Car Bodies', 'Motors', 0.18],
  ['4911', 'Electric Services', 'Power', 0.4],
  ['6022', 'State Commercial Banks', 'Bancorp', 0.6],
  ['2086', 'Bottled & Canned Soft Drinks & Carbonated Waters', 'Beverages', 0.5],
];
const SUFFIX = ['Inc.', 'Corp', 'Holdings Inc.', 'Co'];
/** Fiscal year ends (month, day): mostly December, some retail January, some June and September. */
const YEAR_ENDS: [number, number][] = [
  [12, 31],
  [12, 31],
  [12, 31],
  [1, 31],
  [6, 30],
  [9, 30],
];

export interface SampleCompany {
  company: UsCompanyRow;
  facts: UsFact[];
  filings: UsFilingRow[];
}

const monthEnd = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);

/** The four quarter ends of the fiscal year ending in `y` at month `m`. */
function quarterEnds(y: number, m: number): string[] {
  return [9, 6, 3, 0].map((back) => {
    const d = new Date(Date.UTC(y, m - 1 - back, 1));
    return monthEnd(d.getUTCFullYear(), d.getUTCMonth() + 1);
  });
}

export function sampleCompany(index: number, lastFiscalYear: number): SampleCompany {
  const rng = new Rng(16, 1, index);
  const cik = US_SAMPLE_FIRST_CIK + index;
  const [sic, industry, noun, grossMargin] = INDUSTRIES[index % INDUSTRIES.length]!;
  const title = `${FIRST[index % FIRST.length]}${SECOND[Math.floor(index / FIRST.length) % SECOND.length]!.toLowerCase()} ${noun} ${SUFFIX[index % SUFFIX.length]}`;
  const ticker = `${title.slice(0, 2).toUpperCase()}${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + (Math.floor(index / 26) % 26))}`;
  const [endMonth, endDay] = YEAR_ENDS[index % YEAR_ENDS.length]!;
  const tagSwitch = index % 3 === 0;
  const facts: UsFact[] = [];
  const filings: UsFilingRow[] = [];
  let revenue = rng.logNormal(2e9, 1.2);
  let shares = Math.round(rng.logNormal(3e8, 0.8));
  let equity = revenue * rng.uniform(0.4, 1.2);
  let seq = 1;
  const firstYear = lastFiscalYear - US_SAMPLE_YEARS + 1;
  for (let y = firstYear; y <= lastFiscalYear; y++) {
    revenue *= 1 + rng.uniform(-0.08, 0.22);
    const margin = Math.min(0.9, Math.max(0.05, grossMargin + rng.uniform(-0.05, 0.05)));
    const opShare = rng.uniform(0.35, 0.7);
    const ends = quarterEnds(endMonth === 1 ? y + 1 : y, endMonth).map((e, i) =>
      i === 3 ? e.slice(0, 8) + String(endDay).padStart(2, '0') : e,
    );
    const start = addIsoDays(quarterEnds(endMonth === 1 ? y : y - 1, endMonth)[3]!, 1);
    const weights = [0.23, 0.24, 0.25, 0.28].map((w) => w + rng.uniform(-0.02, 0.02));
    const total = weights.reduce((a, b) => a + b, 0);
    const q = weights.map((w) => Math.round((revenue * w) / total / 1000) * 1000);
    const fy = q.reduce((a, b) => a + b, 0);
    const revenueConcept =
      tagSwitch && y < firstYear + 3 ? 'us-gaap:SalesRevenueNet' : 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
    for (let k = 0; k < 4; k++) {
      const annual = k === 3;
      const end = ends[k]!;
      const filed = addIsoDays(end, annual ? 58 : 38);
      const form = annual ? '10-K' : '10-Q';
      const accn = `${paddedCik(cik)}-${filed.slice(2, 4)}-${String(seq++).padStart(6, '0')}`;
      filings.push({
        accession: accn,
        cik,
        form,
        filing_date: filed,
        report_date: end,
        primary_document: `${ticker.toLowerCase()}-${end.replace(/-/g, '')}.htm`,
        primary_doc_description: form,
        is_xbrl: true,
        is_inline_xbrl: true,
      });
      const fp = annual ? 'FY' : `Q${k + 1}`;
      const put = (concept: string, unit: string, s: string | null, val: number) =>
        facts.push({ concept, unit, start: s, end, val, accn, form, filed, frame: null, fy: y, fp });
      const qStart = k === 0 ? start : addIsoDays(ends[k - 1]!, 1);
      const ytd = q.slice(0, k + 1).reduce((a, b) => a + b, 0);
      const income = (rev: number) => {
        const gross = Math.round(rev * margin);
        const op = Math.round(gross * opShare);
        const net = Math.round(op * 0.79);
        return { gross, cost: rev - gross, op, net };
      };
      // Income statement: the quarter (not in the 10-K) and the year to date.
      const periods: [string, number][] = annual
        ? [[start, fy]]
        : k === 0
          ? [[start, q[0]!]]
          : [
              [qStart, q[k]!],
              [start, ytd],
            ];
      for (const [s, rev] of periods) {
        const i = income(rev);
        put(revenueConcept, 'USD', s, rev);
        put('us-gaap:CostOfRevenue', 'USD', s, i.cost);
        put('us-gaap:GrossProfit', 'USD', s, i.gross);
        put('us-gaap:OperatingIncomeLoss', 'USD', s, i.op);
        put('us-gaap:NetIncomeLoss', 'USD', s, i.net);
        if (s === qStart || annual) {
          put('us-gaap:EarningsPerShareBasic', 'USD/shares', s, Math.round((i.net / shares) * 100) / 100);
          put('us-gaap:EarningsPerShareDiluted', 'USD/shares', s, Math.round((i.net / (shares * 1.02)) * 100) / 100);
          put('us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 'shares', s, shares);
        }
      }
      // Cash flows: year to date only, as 10-Qs report them.
      const cfo = Math.round(income(ytd).net * 1.25);
      const capex = Math.round(ytd * rng.uniform(0.04, 0.07));
      put('us-gaap:NetCashProvidedByUsedInOperatingActivities', 'USD', start, cfo);
      put('us-gaap:PaymentsToAcquirePropertyPlantAndEquipment', 'USD', start, capex);
      put('us-gaap:ShareBasedCompensation', 'USD', start, Math.round(ytd * 0.02));
      // Balance sheet at the period end.
      equity += income(q[k]!).net * 0.6;
      const assets = Math.round(equity * rng.uniform(1.8, 2.2));
      put('us-gaap:CashAndCashEquivalentsAtCarryingValue', 'USD', null, Math.round(assets * 0.12));
      put('us-gaap:AssetsCurrent', 'USD', null, Math.round(assets * 0.4));
      put('us-gaap:Assets', 'USD', null, assets);
      put('us-gaap:LiabilitiesCurrent', 'USD', null, Math.round(assets * 0.25));
      put('us-gaap:Liabilities', 'USD', null, assets - Math.round(equity));
      put('us-gaap:StockholdersEquity', 'USD', null, Math.round(equity));
      put('us-gaap:LiabilitiesAndStockholdersEquity', 'USD', null, assets);
      put('us-gaap:CommonStockSharesOutstanding', 'shares', null, shares);
    }
    shares = Math.round(shares * (1 - rng.uniform(0, 0.03)));
  }
  return {
    company: {
      cik,
      title,
      ticker,
      tickers: [ticker],
      exchange: index % 2 ? 'NYSE' : 'Nasdaq',
      sic,
      industry,
      sector: sicSector(sic),
      fiscal_year_end: `${String(endMonth).padStart(2, '0')}${String(endDay).padStart(2, '0')}`,
    },
    facts,
    filings,
  };
}
