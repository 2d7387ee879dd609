/**
 * `credence us search|kpis|source`: US companies from SEC filings. Tables go to stdout, hints to
 * stderr; --json prints the API's answers; --output writes the KPI workbook atomically.
 */
import {
  US_EQUITY_TEXTS,
  kpiCellText,
  kpiPeriodTitle,
  kpiTableUnitLabel,
  kpiValueFacts,
  operandRows,
  US_DERIVED_NOTE,
  US_SAMPLE_NOTICE,
  matchKpiTableName,
  parsePeriodKey,
  secFilingUrl,
  type UsCompany,
  type UsKpiTable,
  type UsKpiValue,
} from '@credence/shared';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { CliFailure, UsageError, xlsxOutput } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { heading, labelled, styleFor, textTable, type Style } from '../output/text.js';

function limitOf(raw: string | undefined): number {
  if (raw === undefined) return 20;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < 1 || n > 100) throw new UsageError(`--limit takes a whole number from 1 to 100, not "${raw}"`);
  return n;
}

export function companyLines(companies: readonly UsCompany[], width: number, style: Style): string[] {
  return textTable(
    [
      { header: 'Ticker' },
      { header: 'Name', flexible: true },
      { header: 'CIK', align: 'right' },
      { header: 'Sector', flexible: true },
      { header: 'Data' },
    ],
    companies.map((c) => [c.ticker ?? '', c.title, c.cik_str, c.sector ?? '', c.available ? (c.sample ? 'sample' : 'yes') : 'request']),
    width,
    style,
    0,
  );
}

export async function usSearch(options: GlobalOptions & { limit?: string }, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const text = args.join(' ').replace(/\s+/g, ' ').trim();
  if (!text) throw new UsageError('credence us search needs a name, ticker or CIK, e.g. credence us search apple');
  if (text.length > 160) throw new UsageError(`The search text is ${text.length} characters; at most 160`);
  const limit = limitOf(options.limit);
  const client = await ctx.authedClient();
  const found = await client.usCompanies({ search: text, limit });
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(found, null, 2));
  if (found.length === 0) return ctx.out.info(`No US companies match "${text}". Try part of the name, the ticker or the CIK.`);
  const width = ctx.mode.stdoutIsTTY ? ctx.mode.width : Math.max(ctx.mode.width, 160);
  ctx.out.result(companyLines(found, width, styleFor(ctx.mode.color)).join('\n'));
  ctx.out.info(`${found.length} ${found.length === 1 ? 'company' : 'companies'} · KPIs with: credence us kpis <ticker>`);
  if (found.some((c) => c.sample)) ctx.out.info(US_SAMPLE_NOTICE);
}

/** The table as text: the KPI column, then the newest periods that fit (or `periods` of them). */
export function kpiTableLines(table: UsKpiTable, width: number, style: Style, periods?: number): string[] {
  const labelWidth = Math.min(34, Math.max(...table.table_data.map((r) => r.row_header_name.length), 3));
  const fit = Math.max(1, Math.floor((width - labelWidth - 2) / 13));
  const count = Math.min(table.periods.length, periods ?? fit);
  const first = table.periods.length - count;
  const shown = table.periods.slice(first);
  const rows = table.table_data.map((row) => [
    row.row_header_name,
    // derived values end in the mark; the others leave its room so the figures line up
    ...row.cells.slice(first).map((c) => `${kpiCellText(c, row.unit)}${c?.derived ? '' : ' '}`),
  ]);
  return textTable(
    [{ header: 'KPI', flexible: true }, ...shown.map((p) => ({ header: `${p.label} `, align: 'right' as const }))],
    rows,
    width,
    style,
    0,
  );
}

function periodsOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < 1 || n > 200) throw new UsageError(`--periods takes a whole number from 1 to 200, not "${raw}"`);
  return n;
}

export async function usKpis(
  options: GlobalOptions & { table?: string; quarterly?: boolean; periods?: string; output?: string },
  args: string[],
): Promise<void> {
  const ctx = createContext(options);
  const tableName = matchKpiTableName(options.table ?? 'Income Statement');
  if (!tableName)
    throw new UsageError(
      `Unknown --table "${options.table}": use Income Statement, Balance Sheet, Cash Flow, Per Share, Margins and Returns or Growth`,
    );
  const periods = periodsOf(options.periods);
  if (options.output !== undefined) xlsxOutput(options.output);
  const client = await ctx.authedClient();
  const company = await client.usCompany(args[0] ?? '');
  if (!company.available) throw new CliFailure(US_EQUITY_TEXTS.noFacts(company.title));
  if (options.output) {
    const bytes = await client.usDownloadExcel(company.cik_str, company.ticker);
    await writeFileAtomic(options.output, [new Uint8Array(bytes)]);
    ctx.out.info(`Wrote ${options.output}: every KPI table of ${company.title}, annual and quarterly.`);
    return;
  }
  const table = await client.usKpiTable(company.cik_str, tableName, options.quarterly ? 'quarterly' : 'annual');
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(table, null, 2));
  const style = styleFor(ctx.mode.color);
  const width = ctx.mode.stdoutIsTTY ? ctx.mode.width : Math.max(ctx.mode.width, 160);
  ctx.out.result(
    [
      heading(
        `${company.title} (${company.ticker ?? company.cik_str}) · ${tableName} · ${options.quarterly ? 'quarterly' : 'annual'}`,
        width,
        style,
      ),
      style.dim(kpiTableUnitLabel(table.table_unit)),
      ...kpiTableLines(table, width, style, periods),
    ].join('\n'),
  );
  if (table.table_data.some((r) => r.cells.some((c) => c?.derived)))
    ctx.out.info(`* ${US_DERIVED_NOTE.replace('open the value', 'credence us source <company> <kpi> <period>')}`);
  if (company.sample) ctx.out.info(US_SAMPLE_NOTICE);
}

export function valueLines(
  company: UsCompany,
  v: UsKpiValue,
  width: number,
  style: Style,
  source?: { url: string | null; sentence: string | null; message?: string },
): string[] {
  const lines = [heading(`${company.title} · ${v.row_header_name} · ${kpiPeriodTitle(v)}`, width, style)];
  const pairs = kpiValueFacts(v);
  if (source?.url) pairs.push(['Address', source.url]);
  lines.push(...labelled(pairs, width, style));
  if (v.derived && v.operands.length) {
    lines.push('', style.bold('Operands'));
    lines.push(
      ...textTable(
        [
          { header: '' },
          { header: 'Figure', flexible: true },
          { header: 'Value', align: 'right' },
          { header: 'Tag / filing', flexible: true },
        ],
        operandRows(v).map((o) => [o.role, o.label, o.value, o.source]),
        width,
        style,
      ),
    );
  }
  if (source?.sentence) lines.push('', style.bold('Shown in the filing as'), `  ${source.sentence}`);
  else if (source?.message) lines.push('', style.dim(source.message));
  return lines;
}

export async function usSource(options: GlobalOptions, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const [companyArg, kpi, periodText] = args;
  const key = parsePeriodKey(periodText ?? '');
  if (!key) throw new UsageError(`Give the period as FY2023, Q4 2023 or 2023Q4 (got "${periodText ?? ''}")`);
  if (!/^[a-z0-9_]{1,64}$/.test(kpi ?? '')) throw new UsageError(`Give the KPI by name, e.g. revenue or net_income (got "${kpi ?? ''}")`);
  const client = await ctx.authedClient();
  const company = await client.usCompany(companyArg ?? '');
  const kvId = `${kpi}@${key}`;
  const source = await client.usHighlightedSource(company.cik_str, kvId);
  const value = source.kpi_info;
  if (ctx.mode.json) {
    const { raw_html: _html, ...rest } = source;
    return ctx.out.result(JSON.stringify({ company, ...rest }, null, 2));
  }
  const url = source.sec_source_url ?? (value.sources[0] && !company.sample ? secFilingUrl(company.cik_str, value.sources[0].accn) : null);
  const shown = { url, sentence: source.sentence ?? null, message: source.message };
  ctx.out.result(valueLines(company, value, Math.max(60, ctx.mode.width), styleFor(ctx.mode.color), shown).join('\n'));
  if (company.sample) ctx.out.info(US_SAMPLE_NOTICE);
}
