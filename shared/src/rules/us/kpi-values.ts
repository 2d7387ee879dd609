/**
 * Every KPI of one company from its facts: the catalogue's concept KPIs (latest filed fact, chosen
 * across synonyms per period, quarterised), then the formulas (free cash flow, margins, returns,
 * growth) over them. Each value keeps what it was computed from, so every cell traces to a tag.
 */
import type { UsDocumentCategory, UsFact, UsKpiPeriod, UsOperand } from '../../contracts/us-equity.js';
import { chooseAcrossConcepts, latestFiledFacts, preferredUnit } from './facts.js';
import { fiscalCalendar } from './fiscal-calendar.js';
import { type ConceptKpi, type FormulaKpi, type KpiDefinition, US_KPI_CATALOGUE, unitAccepts } from './kpi-catalogue.js';
import { type KpiPoint, type PeriodSlot, durationSeries, factOperand, instantSeries, periodLabel } from './quarterise.js';

export interface KpiSeries {
  kpi: KpiDefinition;
  unit: string;
  annual: Map<string, KpiPoint>;
  quarterly: Map<string, KpiPoint>;
}

export interface CompanyKpis {
  currency: string;
  series: Map<string, KpiSeries>;
  periods: Record<UsDocumentCategory, UsKpiPeriod[]>;
}

export interface KpiOptions {
  /** The submissions file's fiscalYearEnd (MMDD). */
  fiscalYearEnd?: string | null;
  catalogue?: readonly KpiDefinition[];
}

const toMap = (points: KpiPoint[]) => new Map(points.map((p) => [p.key, p]));

function conceptFacts(kpi: ConceptKpi, facts: readonly UsFact[]): { unit: string; facts: UsFact[] } | null {
  const wanted = new Set(kpi.concepts);
  const mine = facts.filter((f) => wanted.has(f.concept) && (kpi.period === 'instant' ? !f.start : Boolean(f.start)));
  const unit = preferredUnit(
    mine.map((f) => f.unit),
    (u) => unitAccepts(kpi.measure, u),
  );
  if (!unit) return null;
  const chosen = chooseAcrossConcepts(
    mine.filter((f) => f.unit === unit),
    kpi.concepts,
  );
  return { unit, facts: [...chosen.values()] };
}

function slotsOf(points: Iterable<KpiPoint>, into: Map<string, PeriodSlot>): void {
  for (const p of points)
    if (!into.has(p.key))
      into.set(p.key, { key: p.key, ending_type: p.ending_type, fiscal_year: p.fiscal_year, start: p.start, end: p.end });
}

/** All KPI values of one company. */
export function companyKpis(allFacts: Iterable<UsFact>, options: KpiOptions = {}): CompanyKpis {
  const catalogue = options.catalogue ?? US_KPI_CATALOGUE;
  const facts = latestFiledFacts(allFacts);
  const picked = new Map<ConceptKpi, { unit: string; facts: UsFact[] }>();
  for (const kpi of catalogue) {
    if (kpi.kind !== 'concept') continue;
    const got = conceptFacts(kpi, facts);
    if (got) picked.set(kpi, got);
  }
  const durations = [...picked].filter(([k]) => k.period === 'duration').flatMap(([, v]) => v.facts);
  const calendar = fiscalCalendar(durations, options.fiscalYearEnd);
  const series = new Map<string, KpiSeries>();
  const annualSlots = new Map<string, PeriodSlot>();
  const quarterSlots = new Map<string, PeriodSlot>();
  for (const [kpi, got] of picked) {
    if (kpi.period !== 'duration') continue;
    const s = durationSeries(kpi.name, calendar, got.facts, kpi.measure === 'money');
    slotsOf(s.annual, annualSlots);
    slotsOf(s.quarterly, quarterSlots);
    series.set(kpi.name, { kpi, unit: got.unit, annual: toMap(s.annual), quarterly: toMap(s.quarterly) });
  }
  for (const [kpi, got] of picked) {
    if (kpi.period !== 'instant') continue;
    series.set(kpi.name, {
      kpi,
      unit: got.unit,
      annual: toMap(instantSeries(annualSlots.values(), got.facts)),
      quarterly: toMap(instantSeries(quarterSlots.values(), got.facts)),
    });
  }
  const currency = series.get('revenue')?.unit ?? [...series.values()].find((s) => s.kpi.measure === 'money')?.unit ?? 'USD';
  for (const kpi of catalogue) if (kpi.kind !== 'concept') addFormula(kpi, series);
  const periods = { annual: periodList(annualSlots, series, 'annual'), quarterly: periodList(quarterSlots, series, 'quarterly') };
  return { currency, series, periods };
}

function periodList(slots: Map<string, PeriodSlot>, series: Map<string, KpiSeries>, category: UsDocumentCategory): UsKpiPeriod[] {
  const used = new Set<string>();
  for (const s of series.values()) for (const key of s[category].keys()) used.add(key);
  return [...slots.values()]
    .filter((s) => used.has(s.key))
    .sort((a, b) => a.end.localeCompare(b.end))
    .map((s) => ({
      key: s.key,
      label: periodLabel(s.fiscal_year, s.ending_type),
      ending_type: s.ending_type,
      fiscal_year: s.fiscal_year,
      fiscal_date: s.end,
      start: s.start,
    }));
}

function operandOf(s: KpiSeries, p: KpiPoint, role: UsOperand['role']): UsOperand {
  const label = `${s.kpi.row_header_name} ${periodLabel(p.fiscal_year, p.ending_type)}`;
  const kpi_value_id = `${s.kpi.name}@${p.key}`;
  if (p.fact) return { ...factOperand(label, role, p.fact), kpi_value_id };
  return { label, role, value: p.value, unit: s.unit, derived: p.derived, start: p.start, end: p.end, kpi_value_id };
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

function addFormula(kpi: FormulaKpi, series: Map<string, KpiSeries>): void {
  const inputs = kpi.of.map((n) => series.get(n));
  if (inputs.some((s) => !s)) return;
  const [a, b] = inputs as KpiSeries[];
  const out: KpiSeries = { kpi, unit: kpi.measure === 'percent' ? '%' : a!.unit, annual: new Map(), quarterly: new Map() };
  for (const category of ['annual', 'quarterly'] as const) {
    if (kpi.annualOnly && category === 'quarterly') continue;
    for (const [key, p] of a![category]) {
      const point = formulaPoint(kpi, a!, b, p, category);
      if (point) out[category].set(key, point);
    }
  }
  if (out.annual.size || out.quarterly.size) series.set(kpi.name, out);
}

function formulaPoint(kpi: FormulaKpi, a: KpiSeries, b: KpiSeries | undefined, p: KpiPoint, category: UsDocumentCategory): KpiPoint | null {
  const base = { key: p.key, ending_type: p.ending_type, fiscal_year: p.fiscal_year, start: p.start, end: p.end, derived: true };
  if (kpi.kind === 'growth') {
    const prevKey = p.ending_type === 'FY' ? `FY${p.fiscal_year - 1}` : `${p.fiscal_year - 1}${p.ending_type}`;
    const prev = a[category].get(prevKey);
    if (!prev || prev.value === 0) return null;
    const value = round(((p.value - prev.value) / Math.abs(prev.value)) * 100);
    return {
      ...base,
      value,
      formula: `(${a.kpi.row_header_name} − prior year) / |prior year| × 100`,
      operands: [operandOf(a, p, '+'), operandOf(a, prev, 'base')],
    };
  }
  const q = b![category].get(p.key);
  if (!q) return null;
  if (kpi.kind === 'difference') {
    return {
      ...base,
      value: round(p.value - q.value),
      formula: `${a.kpi.row_header_name} − ${b!.kpi.row_header_name}`,
      operands: [operandOf(a, p, '+'), operandOf(b!, q, '-')],
    };
  }
  if (q.value === 0) return null;
  return {
    ...base,
    value: round((p.value / q.value) * 100),
    formula: `${a.kpi.row_header_name} / ${b!.kpi.row_header_name} × 100`,
    operands: [operandOf(a, p, '+'), operandOf(b!, q, '/')],
  };
}
