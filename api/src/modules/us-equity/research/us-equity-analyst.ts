/**
 * The built-in equity analyst (no model): answers a question about a US company from its KPI
 * tables (us_kpi_tables, us_kpi_values). Every figure is a fact traced to its filing tag and
 * checked before it streams; a change between periods is a computed figure citing both. What
 * the filed figures cannot answer (prices, forecasts, people...) is declined in words, and a
 * question about years or KPIs not on file states no figure.
 */
import type { ResearchAnswer } from '@credence/shared';
import { AnswerWriter } from '../../../platform/ai/engine/answer-writer.js';
import type { ToolRegistry } from '../../../platform/ai/engine/analysis.js';
import { stepTracker, ToolCalls } from '../../../platform/ai/engine/context.js';
import { markdownSafe, missingList } from '../../../platform/ai/engine/text.js';
import type { EvidenceChecker, Fact, ResearchEmitter, ResearchRequest, ToolContext } from '../../../platform/ai/engine/types.js';
import { readEquityQuestion, type EquityQuestion } from './equity-question.js';
import { wordValue } from './sec-facts.js';
import type { UsKpiTablesData } from './us-kpi-tables.tool.js';
import type { UsKpiValuesData } from './us-kpi-values.tool.js';

export interface EquityOutcome {
  declined?: NonNullable<ResearchAnswer['declined']>;
  question: EquityQuestion;
  /** The KPI tables the answer read (the data-insights page's relevant tables). */
  tables: string[];
}

const OFFERS =
  'revenue, profits and margins, cash flow and free cash flow, the balance sheet (assets, debt, equity), earnings per share, dividends and buybacks, and growth, by fiscal year or quarter';

export function equityPlan(company: string, q: EquityQuestion, tables: string[]): string[] {
  const period = q.category === 'annual' ? 'fiscal years' : 'quarters (Q4 derived as FY − 9M where not reported)';
  return [
    `Find ${company || 'the company'} among the US companies whose SEC filings are held here`,
    `Read the ${tables.length ? tables.join(', ') : 'KPI'} table${tables.length === 1 ? '' : 's'} by ${period}${q.years.length ? ` for ${q.years.map((y) => `FY${y}`).join(', ')}` : q.recent ? ` for the last ${q.recent} fiscal year${q.recent === 1 ? '' : 's'}` : ''}`,
    'Trace every figure to the tag of the 10-K or 10-Q it was filed in',
    'Write the observations, each figure cited to its filing',
  ];
}

export class UsEquityAnalyst {
  constructor(
    private readonly tools: ToolRegistry,
    private readonly evidence: EvidenceChecker,
  ) {}

  /** The company and the question read against its tables (no figures): the plan and the relevant tables. */
  async read(request: ResearchRequest, ctx: ToolContext) {
    const calls = new ToolCalls(this.tools, ctx);
    const question = readEquityQuestion(request.query);
    const held = await calls.call<UsKpiTablesData>('us_kpi_tables', { cik: request.cik ?? '' });
    const present = new Set(held.data.tables.flatMap((t) => t.kpis.map((k) => k.name)));
    const kpis = question.kpis.filter((k) => present.has(k));
    const tables = held.data.tables.filter((t) => t.kpis.some((k) => kpis.includes(k.name))).map((t) => t.table_name);
    return { calls, question, held: held.data, kpis, tables, plan: equityPlan(held.data.company_name, question, tables) };
  }

  async plan(request: ResearchRequest): Promise<string[]> {
    return (await this.read(request, { user: request.user, signal: new AbortController().signal })).plan;
  }

  async answer(request: ResearchRequest, out: ResearchEmitter): Promise<EquityOutcome> {
    const { calls, question, held, kpis, tables, plan } = await this.read(request, { user: request.user, signal: out.signal });
    out.emit({ type: 'plan', data: { steps: plan } });
    const steps = stepTracker(out, plan.length);
    steps.set(0, 'running');
    const writer = new AnswerWriter(out, this.evidence);
    const decline = async (missing: string[]): Promise<EquityOutcome> => {
      writer.write(`${missingList(missing)}\n\nFrom the SEC filings held here I can answer questions about ${OFFERS}.\n`);
      await writer.flush();
      plan.forEach((_, i) => steps.set(i, 'done'));
      out.emit({ type: 'related', data: { questions: related(held.company_name) } });
      return { declined: { missing }, question, tables: [] };
    };
    if (!held.company_name) return decline([`No US company with CIK ${request.cik ?? '(none given)'} is held here.`]);
    steps.set(0, 'done', held.company_name);
    if (!held.tables.length)
      return decline([
        `${held.company_name} has no XBRL company facts imported, so it has no KPI tables: request it from the company page.`,
      ]);
    const unsupported = question.unsupported.map((what) => `The filed figures do not hold ${what}.`);
    if (!kpis.length)
      return decline(unsupported.length ? unsupported : [`${held.company_name}'s filings give none of the figures asked about.`]);

    steps.set(1, 'running');
    const result = await calls.call<UsKpiValuesData>('us_kpi_values', {
      cik: request.cik,
      kpis,
      category: question.category,
      periods: question.years.length
        ? 40
        : question.recent
          ? question.recent * (question.category === 'annual' ? 1 : 4)
          : question.category === 'annual'
            ? 5
            : 8,
    });
    const byKey = new Map(result.facts.map((f) => [f.key, f]));
    // Years asked for, and the one before the first (what it is compared with).
    const years = question.years.length ? [Math.min(...question.years) - 1, ...question.years] : [];
    const series = result.data.series
      .map((s) => ({ ...s, values: years.length ? s.values.filter((v) => years.includes(v.fiscal_year)) : s.values }))
      .filter((s) => s.values.some((v) => !years.length || question.years.includes(v.fiscal_year)));
    if (!series.length) {
      const on = held.periods[question.category === 'annual' ? 'annual' : 'quarterly'];
      return decline([
        `No ${question.category} figures for ${question.years.map((y) => `FY${y}`).join(', ')} are on file for ${held.company_name} (on file: ${on.slice(-8).join(', ') || 'none'}).`,
      ]);
    }
    steps.set(1, 'done');
    steps.set(2, 'running');
    writer.write(
      `## ${markdownSafe(held.company_name)}${held.ticker ? ` (${markdownSafe(held.ticker)})` : ''}${held.sample ? ' (sample data)' : ''}\n\n`,
    );
    // several years asked for ("the last three fiscal years", "2021 to 2023"): every change between them, newest first
    const chain = question.category === 'annual' && (Boolean(question.recent && question.recent > 1) || question.years.length > 1);
    const short: string[] = [];
    for (const s of series) {
      const last = s.values[s.values.length - 1]!;
      const lastFact = byKey.get(last.kpi_value_id)!;
      writer.write(`- **${markdownSafe(s.row_header_name)}**: `);
      writer.figure(lastFact, wordValue(last.value, s.unit));
      writer.write(` in ${periodName(last.kpi_value_id)}`);
      if (last.derived && last.formula) writer.write(` (derived: ${markdownSafe(last.formula)})`);
      const steps = chain ? s.values.length - 1 : Math.min(1, s.values.length - 1);
      for (let i = s.values.length - 1; i > s.values.length - 1 - steps && s.unit !== '%'; i--) {
        const [now, before] = [s.values[i]!, s.values[i - 1]!];
        if (i < s.values.length - 1) writer.write(`; ${periodName(now.kpi_value_id)} `);
        const lead = i < s.values.length - 1 ? '' : ', ';
        change(
          writer,
          byKey.get(now.kpi_value_id)!,
          byKey.get(before.kpi_value_id)!,
          now.value,
          before.value,
          s.unit,
          before.kpi_value_id,
          lead,
        );
      }
      writer.write('.\n');
      if (question.recent && question.category === 'annual' && s.values.length < question.recent)
        short.push(`${s.row_header_name}: ${s.values.length} of the ${question.recent} fiscal years asked for are on file.`);
    }
    await writer.flush();
    steps.set(2, 'done');
    steps.set(3, 'running');
    const periods = [...new Set(series.flatMap((s) => s.values.map((v) => v.kpi_value_id.split('@')[1]!)))].sort();
    const rows = series.map((s) => [
      s.row_header_name,
      ...periods.map((p) => {
        const fact = byKey.get(`${s.name}@${p}`);
        return fact && typeof fact.value === 'number' ? { fact, text: wordValue(fact.value, s.unit) } : '—';
      }),
    ]);
    await writer.table(`${held.company_name}: ${question.category === 'annual' ? 'fiscal years' : 'quarters'}`, ['KPI', ...periods], rows);
    if (unsupported.length) writer.write(`\n## Not in the filed figures\n\n${missingList(unsupported)}\n`);
    const notOnFile = [...(result.missing ?? []), ...short];
    if (notOnFile.length) writer.write(`\n## Not on file\n\n${missingList(notOnFile)}\n`);
    await writer.flush();
    steps.set(3, 'done');
    out.emit({ type: 'related', data: { questions: related(held.company_name, question) } });
    return { question, tables };
  }
}

function periodName(id: string): string {
  const key = id.split('@')[1]!;
  return key.startsWith('FY') ? key : `Q${key.slice(5)} FY${key.slice(0, 4)}`;
}

/** ", up 4.2% from $X in FY2022": the change a computed figure standing on both values. */
function change(writer: AnswerWriter, now: Fact, before: Fact, a: number, b: number, unit: string, priorId: string, lead = ', '): void {
  if (b) {
    const pct = ((a - b) / Math.abs(b)) * 100;
    const computed: Fact = {
      ...now,
      key: `${now.key}~${before.key}`,
      label: 'change',
      value: pct,
      unit: 'percent',
      inputs: [now, before],
      formula: '(now − before) / |before| × 100',
    };
    writer.write(`${lead}${pct >= 0 ? 'up' : 'down'} `);
    writer.derived(computed, `${Math.abs(pct).toFixed(1)}%`);
    writer.write(' from ');
  } else writer.write(`${lead}against `);
  writer.figure(before, wordValue(b, unit));
  writer.write(` in ${periodName(priorId)}`);
}

function related(company: string, q?: EquityQuestion): string[] {
  const name = company || 'this company';
  const all = [
    `How have ${name}'s revenue and margins changed over the last five years?`,
    `What is ${name}'s free cash flow by quarter?`,
    `How much long-term debt does ${name} carry against its equity?`,
    `How has ${name}'s diluted EPS grown?`,
  ];
  return all.filter((x) => x.toLowerCase() !== q?.query.trim().toLowerCase()).slice(0, 4);
}
