/**
 * One KPI's fiscal years and discrete fiscal quarters from its chosen facts. 10-Qs report
 * year-to-date figures (always for cash flows) and 10-Ks only the year, so a discrete quarter
 * that was not reported is derived: Q2 = 6M − Q1, Q3 = 9M − 6M, Q4 = FY − 9M (the year-to-date
 * periods sharing the fiscal year's start), else the year-to-date figure less the quarters before
 * it. A derived value is marked and keeps its operands. Balance-sheet instants, share counts and
 * per-share values are never derived by subtraction: only what was reported is shown.
 */
import type { UsEndingType, UsFact, UsFactSource, UsOperand } from '../../contracts/us-equity.js';
import { type FiscalYear, placePeriod } from './fiscal-calendar.js';
import { addIsoDays } from './periods.js';

export interface KpiPoint {
  /** `FY2023` or `2023Q1`. */
  key: string;
  ending_type: UsEndingType;
  fiscal_year: number;
  start: string;
  end: string;
  value: number;
  derived: boolean;
  formula?: string;
  /** The fact of a reported value. */
  fact?: UsFact;
  operands: UsOperand[];
}

export function periodKey(fiscalYear: number, ending: UsEndingType): string {
  return ending === 'FY' ? `FY${fiscalYear}` : `${fiscalYear}${ending}`;
}

export function periodLabel(fiscalYear: number, ending: UsEndingType): string {
  return ending === 'FY' ? `FY${fiscalYear}` : `${ending} FY${fiscalYear}`;
}

const YTD_LABEL = ['', 'Q1', '6M', '9M', 'FY'];

interface YearSlots {
  year: FiscalYear;
  /** Year-to-date facts by quarters covered (1 = Q1, 2 = 6M, 3 = 9M, 4 = FY). */
  ytd: (UsFact | undefined)[];
  /** Reported discrete quarters by fiscal quarter. */
  quarters: (UsFact | undefined)[];
}

function slotYears(calendar: readonly FiscalYear[], facts: Iterable<UsFact>): Map<string, YearSlots> {
  const years = new Map<string, YearSlots>();
  for (const f of facts) {
    if (!f.start) continue;
    const at = placePeriod(calendar, f.start, f.end);
    if (!at) continue;
    let slots = years.get(at.year.start);
    if (!slots) years.set(at.year.start, (slots = { year: at.year, ytd: [], quarters: [] }));
    const covered = at.kind === 'quarter' ? 1 : at.kind === 'half' ? 2 : at.kind === 'nine-months' ? 3 : 4;
    if (at.fromYearStart) slots.ytd[covered] = f;
    if (at.kind === 'quarter') slots.quarters[at.quarter] = f;
  }
  return years;
}

function reported(year: FiscalYear, ending: UsEndingType, f: UsFact): KpiPoint {
  return {
    key: periodKey(year.fiscal_year, ending),
    ending_type: ending,
    fiscal_year: year.fiscal_year,
    start: f.start ?? f.end,
    end: f.end,
    value: f.val,
    derived: false,
    fact: f,
    operands: [],
  };
}

export function factOperand(label: string, role: UsOperand['role'], f: UsFact): UsOperand {
  return {
    label,
    role,
    value: f.val,
    unit: f.unit,
    derived: false,
    start: f.start,
    end: f.end,
    source: factSource(f),
  };
}

/** Where a filed fact comes from: its tag, period, value and filing (kpi_info, operands, citations). */
export function factSource(f: UsFact): UsFactSource {
  return {
    concept: f.concept,
    unit: f.unit,
    start: f.start,
    end: f.end,
    value: f.val,
    accn: f.accn,
    form: f.form,
    filed: f.filed,
    frame: f.frame ?? null,
  };
}

function pointOperand(p: KpiPoint, unit: string, kpi: string): UsOperand {
  if (p.fact) return { ...factOperand(periodLabel(p.fiscal_year, p.ending_type), '-', p.fact), kpi_value_id: `${kpi}@${p.key}` };
  return {
    label: periodLabel(p.fiscal_year, p.ending_type),
    role: '-',
    value: p.value,
    unit,
    derived: true,
    start: p.start,
    end: p.end,
    kpi_value_id: `${kpi}@${p.key}`,
  };
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Quarter k of one fiscal year: reported, or derived from year-to-date figures. */
function quarterPoint(
  kpi: string,
  slots: YearSlots,
  k: number,
  earlier: (KpiPoint | undefined)[],
  subtract: boolean,
): KpiPoint | undefined {
  const { year, ytd, quarters } = slots;
  const ending = `Q${k}` as UsEndingType;
  const own = quarters[k] ?? (k === 1 ? ytd[1] : undefined);
  if (own) return reported(year, ending, own);
  const total = ytd[k];
  if (!subtract || !total) return undefined;
  const base = {
    key: periodKey(year.fiscal_year, ending),
    ending_type: ending,
    fiscal_year: year.fiscal_year,
    end: total.end,
    derived: true,
  };
  const prior = ytd[k - 1];
  if (prior) {
    return {
      ...base,
      start: addIsoDays(prior.end, 1),
      value: round(total.val - prior.val),
      formula: `${YTD_LABEL[k]} − ${YTD_LABEL[k - 1]}`,
      operands: [
        factOperand(`${YTD_LABEL[k]} FY${year.fiscal_year}`, '+', total),
        factOperand(`${YTD_LABEL[k - 1]} FY${year.fiscal_year}`, '-', prior),
      ],
    };
  }
  const before = earlier.slice(1, k);
  if (before.length !== k - 1 || before.some((p) => !p)) return undefined;
  const parts = before as KpiPoint[];
  return {
    ...base,
    start: addIsoDays(parts[parts.length - 1]!.end, 1),
    value: round(parts.reduce((v, p) => v - p.value, total.val)),
    formula: `${YTD_LABEL[k]} − (${parts.map((p) => p.ending_type).join(' + ')})`,
    operands: [factOperand(`${YTD_LABEL[k]} FY${year.fiscal_year}`, '+', total), ...parts.map((p) => pointOperand(p, total.unit, kpi))],
  };
}

/**
 * The annual and quarterly points of one duration KPI. `subtract` is true only for money: share
 * counts and per-share values keep the quarters that were reported.
 */
export function durationSeries(
  kpi: string,
  calendar: readonly FiscalYear[],
  facts: Iterable<UsFact>,
  subtract: boolean,
): { annual: KpiPoint[]; quarterly: KpiPoint[] } {
  const annual: KpiPoint[] = [];
  const quarterly: KpiPoint[] = [];
  for (const slots of slotYears(calendar, facts).values()) {
    if (slots.ytd[4]) annual.push(reported(slots.year, 'FY', slots.ytd[4]));
    const points: (KpiPoint | undefined)[] = [];
    for (let k = 1; k <= 4; k++) {
      points[k] = quarterPoint(kpi, slots, k, points, subtract);
      if (points[k]) quarterly.push(points[k]!);
    }
  }
  const byEnd = (a: KpiPoint, b: KpiPoint) => a.end.localeCompare(b.end);
  return { annual: annual.sort(byEnd), quarterly: quarterly.sort(byEnd) };
}

/** A period a table shows, to place instants in. */
export interface PeriodSlot {
  key: string;
  ending_type: UsEndingType;
  fiscal_year: number;
  start: string;
  end: string;
}

/** Instants (balance-sheet positions, shares outstanding) at the end of each period: reported only. */
export function instantSeries(slots: Iterable<PeriodSlot>, facts: Iterable<UsFact>): KpiPoint[] {
  const byEnd = new Map<string, UsFact>();
  for (const f of facts) if (!f.start) byEnd.set(f.end, f);
  const out: KpiPoint[] = [];
  for (const s of slots) {
    const f = byEnd.get(s.end);
    if (f) out.push({ ...s, value: f.val, derived: false, fact: f, operands: [] });
  }
  return out;
}
