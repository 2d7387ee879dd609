/**
 * US KPI values as research facts: each reported value stands on one tag of one SEC filing (its
 * concept, period, value, accession), each derived value (a quarter from year-to-date figures, a
 * margin, growth) on its operands, recursively. The citation leads to the source viewer
 * (/backlinker, which reads api/get_highlighted_source with the same cik, doc_cg and kv_id); the
 * evidence checker confirms a fact by reading the stored tag again.
 */
import type { DataSource } from 'typeorm';
import { formatKpiValue, kpiValue, parseCik, type CompanyKpis, type UsFactSource, type UsKpiValue } from '@credence/shared';
import { storedCompanyKpis } from '../kpis-cache.js';
import { UsCompaniesRepository, type StoredUsCompany } from '../store/us-companies.repository.js';
import type { EvidenceCheck, Fact, FactSource, FactUnit } from '../../../platform/ai/engine/types.js';
import { ToolArgumentError } from '../../../platform/ai/engine/tool-args.js';

type SecSource = Extract<FactSource, { kind: 'sec' }>;

export interface UsCompanyKpis {
  company: StoredUsCompany;
  kpis: CompanyKpis;
}

/** A company and its KPI values (computed by the shared rules from its stored facts); null when not held. */
export async function loadUsCompanyKpis(db: DataSource, cik: number): Promise<UsCompanyKpis | null> {
  const company = await new UsCompaniesRepository(db).byCik(cik);
  if (!company) return null;
  return { company, kpis: await storedCompanyKpis(db, company) };
}

export function cikArg(args: Record<string, unknown>): number {
  const cik = parseCik(args.cik);
  if (cik === null) throw new ToolArgumentError('cik is required (the SEC CIK of a US company, e.g. 320193).');
  return cik;
}

export const CIK_SCHEMA = { type: 'string', description: "The US company's SEC CIK, e.g. 320193." } as const;

function factUnit(unit: string): FactUnit {
  if (unit === '%') return 'percent';
  if (unit === 'shares') return 'count';
  if (unit === 'pure') return 'ratio';
  return unit.startsWith('USD') ? 'USD' : 'text';
}

/** How the answer words a value: "$383,285.0m", "$6.13", "45.6%", "15,744.2m shares" (under a million: "$540"). */
export function wordValue(value: number, unit: string): string {
  const small = Math.abs(value) < 1e6 && (unit === 'USD' || unit === 'shares');
  const shown = small
    ? value < 0
      ? `(${Math.abs(value).toLocaleString('en-US')})`
      : value.toLocaleString('en-US')
    : formatKpiValue(value, unit);
  if (unit === '%') return shown;
  if (unit === 'shares') return `${shown} shares`;
  const currency = unit.split('/')[0] === 'USD' ? '$' : `${unit.split('/')[0]} `;
  const negative = shown.startsWith('(');
  const bare = negative ? shown.slice(1, -1) : shown;
  return `${negative ? '-' : ''}${currency}${bare}${unit.includes('/') || small ? '' : 'm'}`;
}

function secSource(cik: number, v: UsKpiValue, s: UsFactSource): SecSource {
  return {
    kind: 'sec',
    cik,
    kpi_value_id: v.kpi_value_id,
    doc_cg: v.ending_type === 'FY' ? 'annual' : 'quarterly',
    concept: s.concept,
    start: s.start,
    end: s.end,
    value: s.value,
    accession: s.accn,
    form: s.form,
    filed: s.filed,
    title: `${s.form} filed ${s.filed} · ${s.concept}`,
  };
}

/** A KPI value as a fact: a reported value with its tag; a derived one with its operands as inputs. */
export function kpiFact(cik: number, kpis: CompanyKpis, v: UsKpiValue, depth = 0): Fact {
  const label = `${v.row_header_name} ${v.kpi_value_id.split('@')[1]}`;
  const base = { key: v.kpi_value_id, label, value: v.value, unit: factUnit(v.unit), period: v.fiscal_date };
  if (!v.derived && v.sources[0]) return { ...base, source: secSource(cik, v, v.sources[0]) };
  const inputs: Fact[] = [];
  for (const [i, o] of v.operands.entries()) {
    const own = o.kpi_value_id && depth < 4 ? kpiValue(kpis, o.kpi_value_id) : null;
    if (own) inputs.push(kpiFact(cik, kpis, own, depth + 1));
    else if (o.source) {
      inputs.push({
        key: `${v.kpi_value_id}#${i}`,
        label: o.label,
        value: o.value,
        unit: factUnit(o.unit),
        period: o.end,
        source: secSource(cik, v, o.source),
      });
    }
  }
  const anchor = inputs[0]?.source ?? secSource(cik, v, v.sources[0] ?? emptySource(v));
  return { ...base, source: anchor, inputs, formula: v.formula };
}

function emptySource(v: UsKpiValue): UsFactSource {
  return { concept: v.name, unit: v.unit, start: null, end: v.fiscal_date, value: v.value, accn: '', form: '', filed: '', frame: null };
}

export { backlinkerUrl, secCitation } from '../../../platform/ai/engine/sec-citation.js';

/** Confirms a SEC fact: the tag is stored for the company, with that accession, period and value. */
export async function checkSecFact(db: DataSource, source: SecSource): Promise<EvidenceCheck> {
  const rows: { val: string }[] = await db.query(
    `SELECT val::text AS val FROM us_facts
     WHERE cik = $1 AND concept = $2 AND accn = $3 AND period_end = $4::date AND period_start IS NOT DISTINCT FROM $5::date`,
    [source.cik, source.concept, source.accession, source.end, source.start],
  );
  if (!rows.some((r) => Number(r.val) === source.value))
    return { verified: false, reason: `${source.concept} for ${source.end} is not stored with that value in ${source.accession}.` };
  const period = source.start ? `${source.start} to ${source.end}` : `at ${source.end}`;
  return {
    verified: true,
    quote: `${source.concept} = ${source.value.toLocaleString('en-US')} (${period}), ${source.form} filed ${source.filed}, accession ${source.accession}`,
  };
}
