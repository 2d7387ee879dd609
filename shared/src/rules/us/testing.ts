/** Facts in the companyfacts shape for the US rules' tests. */
import type { UsFact } from '../../contracts/us-equity.js';

export interface FactSpec {
  concept: string;
  unit?: string;
  start?: string | null;
  end: string;
  val: number;
  form?: string;
  filed: string;
  accn?: string;
}

export function fact(s: FactSpec): UsFact {
  return {
    concept: s.concept.includes(':') ? s.concept : `us-gaap:${s.concept}`,
    unit: s.unit ?? 'USD',
    start: s.start ?? null,
    end: s.end,
    val: s.val,
    accn: s.accn ?? `0000000000-${s.filed.slice(2, 4)}-${s.filed.slice(5, 7)}${s.filed.slice(8, 10)}00`,
    form: s.form ?? '10-Q',
    filed: s.filed,
    frame: null,
  };
}

/** A calendar-year company's 10-Q year-to-date figures and 10-K year for one concept. */
export function calendarYear(concept: string, year: number, q1: number, h1: number, m9: number, fy: number, unit = 'USD'): UsFact[] {
  return [
    fact({ concept, unit, start: `${year}-01-01`, end: `${year}-03-31`, val: q1, filed: `${year}-05-01` }),
    fact({ concept, unit, start: `${year}-01-01`, end: `${year}-06-30`, val: h1, filed: `${year}-08-01` }),
    fact({ concept, unit, start: `${year}-01-01`, end: `${year}-09-30`, val: m9, filed: `${year}-11-01` }),
    fact({ concept, unit, start: `${year}-01-01`, end: `${year}-12-31`, val: fy, filed: `${year + 1}-02-15`, form: '10-K' }),
  ];
}
