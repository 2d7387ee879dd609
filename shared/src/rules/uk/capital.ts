/**
 * Share capital panel of spec 2 (sections 2.8, 4, 5 and 9): the filing classes counted, the
 * latest statement of capital and the timeline. Figures may contain thousands commas; a
 * figure without a currency is in GBP.
 */
import { type DatedFiling, effectiveFilingDate, toIsoDate } from './dates.js';
import { DEFAULT_CURRENCY, parseCapitalFigure } from './format.js';

export type CapitalFilingClass = 'SH01' | 'SH03/SH06' | 'SH02/SH08/SH10/SH19' | 'Other';

export const CAPITAL_FILING_CLASSES: readonly CapitalFilingClass[] = ['SH01', 'SH03/SH06', 'SH02/SH08/SH10/SH19', 'Other'];

export const CAPITAL_CLASS_LABELS: Readonly<Record<CapitalFilingClass, string>> = {
  SH01: 'Allotment of shares',
  'SH03/SH06': 'Share buy-backs and cancellations',
  'SH02/SH08/SH10/SH19': 'Share capital restructuring',
  Other: 'Other capital filings',
};

const CLASS_OF_TYPE: Readonly<Record<string, CapitalFilingClass>> = {
  SH01: 'SH01',
  SH03: 'SH03/SH06',
  SH06: 'SH03/SH06',
  SH02: 'SH02/SH08/SH10/SH19',
  SH08: 'SH02/SH08/SH10/SH19',
  SH10: 'SH02/SH08/SH10/SH19',
  SH19: 'SH02/SH08/SH10/SH19',
};

export function capitalFilingClass(type: string | null | undefined): CapitalFilingClass {
  return CLASS_OF_TYPE[(type ?? '').trim().toUpperCase()] ?? 'Other';
}

/** A filing of the capital category. */
export interface CapitalFiling extends DatedFiling {
  type?: string | null;
  description?: string | null;
  transaction_id?: string | null;
  description_values?:
    | (NonNullable<DatedFiling['description_values']> & {
        capital?: ReadonlyArray<{ figure?: string | number | null; currency?: string | null }> | null;
      })
    | null;
}

/** One line of a statement of capital. */
export interface CapitalFigure {
  /** ISO currency code, GBP when the filing gives none. */
  currency: string;
  /** Amount in that currency (commas removed). */
  figure: number;
}

/** Statement-of-capital lines of a filing; unparsable figures are dropped. */
export function capitalFigures(filing: CapitalFiling): CapitalFigure[] {
  const figures: CapitalFigure[] = [];
  const lines = filing.description_values?.capital;
  for (const line of Array.isArray(lines) ? lines : []) {
    const figure = parseCapitalFigure(line?.figure);
    if (figure === null) continue;
    const currency = typeof line.currency === 'string' ? line.currency.trim().toUpperCase() : '';
    figures.push({ currency: currency || DEFAULT_CURRENCY, figure });
  }
  return figures;
}

export interface CapitalEvent {
  /** Effective date (YYYY-MM-DD) and the same as epoch ms. */
  date: string;
  dateMs: number;
  type: string;
  filingClass: CapitalFilingClass;
  label: string;
  description: string;
  transactionId: string | null;
  capital: CapitalFigure[];
}

export interface CapitalStatement {
  date: string;
  type: string;
  transactionId: string | null;
  figures: CapitalFigure[];
  /** Sum of the figures per currency. */
  totals: Record<string, number>;
}

export interface CapitalSummary {
  /** Filings with a usable date. */
  total: number;
  counts: Record<CapitalFilingClass, number>;
  /** Newest filing carrying statement-of-capital figures, and the one before it. */
  latestStatement: CapitalStatement | null;
  previousStatement: CapitalStatement | null;
  /** Newest first. */
  timeline: CapitalEvent[];
}

function statement(event: CapitalEvent): CapitalStatement {
  const totals: Record<string, number> = {};
  for (const { currency, figure } of event.capital) totals[currency] = (totals[currency] ?? 0) + figure;
  return { date: event.date, type: event.type, transactionId: event.transactionId, figures: event.capital, totals };
}

/** Summary of the capital filings; filings without a usable date are left out. */
export function capitalSummary(filings: readonly CapitalFiling[], now: Date = new Date()): CapitalSummary {
  const counts = Object.fromEntries(CAPITAL_FILING_CLASSES.map((name) => [name, 0])) as Record<CapitalFilingClass, number>;
  const timeline: CapitalEvent[] = [];
  for (const filing of filings) {
    const date = effectiveFilingDate(filing, now);
    if (!date) continue;
    const filingClass = capitalFilingClass(filing.type);
    counts[filingClass]++;
    timeline.push({
      date: toIsoDate(date),
      dateMs: date.getTime(),
      type: (filing.type ?? '').trim().toUpperCase(),
      filingClass,
      label: CAPITAL_CLASS_LABELS[filingClass],
      description: filing.description ?? '',
      transactionId: filing.transaction_id ?? null,
      capital: capitalFigures(filing),
    });
  }
  timeline.sort((a, b) => b.dateMs - a.dateMs);
  const statements = timeline.filter((event) => event.capital.length > 0);
  return {
    total: timeline.length,
    counts,
    latestStatement: statements[0] ? statement(statements[0]) : null,
    previousStatement: statements[1] ? statement(statements[1]) : null,
    timeline,
  };
}
