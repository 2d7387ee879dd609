/**
 * What an equity question asks of the KPI tables: which KPIs (by the catalogue's names and the
 * words analysts use for them), annual or quarterly, which fiscal years, and what it asks that
 * filed figures cannot answer (prices, valuation, forecasts, people, news).
 */
import { US_KPI_CATALOGUE, type UsDocumentCategory } from '@credence/shared';
import { recentYearsIn, yearRangeIn } from '../../../platform/ai/engine/question-years.js';

export interface EquityQuestion {
  query: string;
  kpis: string[];
  category: UsDocumentCategory;
  years: number[];
  /** "over the last three fiscal years": the latest N fiscal years, each compared with the one before. */
  recent?: number;
  /** Parts of the question the KPI tables cannot answer, in words. */
  unsupported: string[];
  /** True when no KPI was named and the overview set is used. */
  overview: boolean;
}

/** Words for KPIs beyond their row names (checked in this order; every match counts). */
const WORDS: [RegExp, string[]][] = [
  [/\b(revenue|revenues|sales|top[- ]line|turnover)\b/, ['revenue']],
  [/\bgross (profit|margin)s?\b/, ['gross_profit', 'gross_margin']],
  [/\b(operating (income|profit|margin)|ebit)\b/, ['operating_income', 'operating_margin']],
  [/\b(net (income|profit|earnings|loss)|profits?|earnings(?! per))\b/, ['net_income', 'net_margin']],
  [/\b(eps|earnings per share)\b/, ['eps_diluted', 'eps_basic']],
  [/\bmargins?\b/, ['gross_margin', 'operating_margin', 'net_margin']],
  [/\b(free cash ?flow|fcf)\b/, ['free_cash_flow', 'free_cash_flow_margin']],
  [/\b(cash ?flows?|operating cash)\b/, ['operating_cash_flow', 'capital_expenditure', 'free_cash_flow']],
  [/\b(capex|capital expenditures?)\b/, ['capital_expenditure']],
  [/\b(r&d|research and development)\b/, ['research_and_development']],
  [/\b(sg&a|selling, general)\b/, ['selling_general_administrative']],
  [/\b(debt|leverage|borrowings?)\b/, ['long_term_debt', 'total_liabilities', 'stockholders_equity']],
  [/\b(cash position|cash and cash equivalents|liquidity)\b/, ['cash', 'current_assets', 'current_liabilities']],
  [/\b(balance sheet|assets|liabilities)\b/, ['total_assets', 'total_liabilities', 'stockholders_equity']],
  [/\b(equity|book value)\b/, ['stockholders_equity', 'return_on_equity']],
  [/\b(roe|return on equity)\b/, ['return_on_equity']],
  [/\b(roa|return on assets)\b/, ['return_on_assets']],
  [/\b(tax rate|income tax)\b/, ['income_tax', 'effective_tax_rate']],
  [/\b(dividends?)\b/, ['dividends_paid', 'dividends_per_share']],
  [/\b(buybacks?|repurchases?)\b/, ['share_repurchases']],
  [/\b(shares outstanding|share count|dilution)\b/, ['shares_outstanding', 'weighted_shares_diluted']],
  [/\b(inventor(y|ies))\b/, ['inventory']],
  [/\b(goodwill)\b/, ['goodwill']],
  [/\b(growth|grow|grew|growing)\b/, ['revenue_growth', 'net_income_growth', 'eps_diluted_growth']],
];

/** What filed XBRL figures do not hold. */
const UNSUPPORTED: [RegExp, string][] = [
  [
    /\b(share|stock) price|\bprice target|\bmarket (cap|capitali[sz]ation)|\bvaluation|\bp\/?e\b|\bmultiples?\b/,
    'share prices, market value and valuation multiples',
  ],
  [/\b(forecast|guidance|outlook|predict|next (year|quarter)|will (it|they))\b/, 'forecasts and guidance'],
  [/\b(ceo|cfo|management team|executives?|board|founder)\b/, 'management and people'],
  [/\b(news|lawsuit|litigation|rumou?r|analyst ratings?)\b/, 'news, litigation and analyst ratings'],
  [/\b(competitors?|peers?|market share|versus|vs\.?)\b/, 'comparisons with other companies'],
  [/\b(segments?|by region|by product|geograph)/, 'segment and regional breakdowns (the XBRL APIs hold whole-company facts only)'],
];

/** The overview when no KPI is named: the figures an analyst looks at first. */
export const OVERVIEW_KPIS = [
  'revenue',
  'revenue_growth',
  'gross_margin',
  'operating_income',
  'operating_margin',
  'net_income',
  'eps_diluted',
  'free_cash_flow',
];

export function readEquityQuestion(query: string): EquityQuestion {
  const q = ` ${query.toLowerCase()} `;
  const kpis = new Set<string>();
  for (const kpi of US_KPI_CATALOGUE) {
    const row = kpi.row_header_name.toLowerCase();
    if (row.length > 4 && q.includes(row)) kpis.add(kpi.name);
  }
  for (const [pattern, names] of WORDS) if (pattern.test(q)) names.forEach((n) => kpis.add(n));
  const unsupported = UNSUPPORTED.filter(([p]) => p.test(q)).map(([, what]) => what);
  const named = [...new Set([...q.matchAll(/\b(?:fy\s?)?((?:19|20)\d{2})\b/g)].map((m) => Number(m[1])))].sort();
  // "from 2021 to 2023" is every year between, not the two named
  const years = yearRangeIn(q, new Date()) ?? named;
  const recent = years.length ? undefined : recentYearsIn(q);
  const category: UsDocumentCategory = /\b(quarter|quarterly|q[1-4])\b/.test(q) ? 'quarterly' : 'annual';
  const overview = kpis.size === 0 && unsupported.length === 0;
  return { query, kpis: overview ? [...OVERVIEW_KPIS] : [...kpis], category, years, ...(recent ? { recent } : {}), unsupported, overview };
}
