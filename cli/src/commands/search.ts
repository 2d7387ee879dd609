/** `credence search <text>`: UK companies by name, number or registered postcode (spec 2 3.1). */
import { companyStatusLabel, SAMPLE_DATA_NOTICE, type ColumnSpec, type CompanySearchResult } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { renderTable } from '../output/table.js';

/** The API's bounds (search_companies: query at most 160 characters, limit 1-100). */
export const SEARCH_MAX_LENGTH = 160;
export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_DEFAULT_LIMIT = 20;

const text = (id: string, label: string): ColumnSpec => ({
  id,
  label,
  kind: 'text',
  format: 'text',
  sortable: false,
  filterable: false,
  visible: true,
});

export const SEARCH_COLUMNS: readonly ColumnSpec[] = [
  text('CompanyName', 'Name'),
  text('CompanyNumber', 'Number'),
  text('company_status', 'Status'),
  text('Exchange:Ticker', 'Exchange:Ticker'),
  text('sic', 'SIC'),
];

/** A result as a table row: the SIC texts of both codes on one cell. */
export function searchRow(result: CompanySearchResult): Record<string, unknown> {
  const sic = [result.SICCode_SicText_1, result.SICCode_SicText_2].filter((s) => typeof s === 'string' && s.trim() !== '');
  return { ...result, company_status: companyStatusLabel(result.company_status), sic: sic.length > 0 ? sic.join('; ') : null };
}

export function searchLimit(raw: string | undefined): number {
  if (raw === undefined) return SEARCH_DEFAULT_LIMIT;
  const n = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || n < 1 || n > SEARCH_MAX_LIMIT)
    throw new UsageError(`--limit takes a whole number from 1 to ${SEARCH_MAX_LIMIT}, not "${raw}"`);
  return n;
}

export async function search(options: GlobalOptions & { limit?: string }, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const query = args.join(' ').replace(/\s+/g, ' ').trim();
  if (query === '') throw new UsageError('credence search needs a company name, number or postcode, e.g. credence search "britannia eng"');
  if (query.length > SEARCH_MAX_LENGTH) throw new UsageError(`The search text is ${query.length} characters; at most ${SEARCH_MAX_LENGTH}`);
  const limit = searchLimit(options.limit);
  const client = await ctx.authedClient();
  const results = await client.searchCompanies(query, { limit });
  if (ctx.mode.json) {
    ctx.out.result(JSON.stringify(results, null, 2));
    return;
  }
  if (results.length === 0) {
    ctx.out.info(`No companies match "${query}". Try part of the name, the company number or the registered postcode.`);
    return;
  }
  const width = ctx.mode.stdoutIsTTY ? ctx.mode.width : Math.max(ctx.mode.width, 200);
  ctx.out.result(renderTable(SEARCH_COLUMNS, results.map(searchRow), width).join('\n'));
  const shown = `${results.length} ${results.length === 1 ? 'company' : 'companies'}${results.length === limit ? ` (the first ${limit}; --limit shows up to ${SEARCH_MAX_LIMIT})` : ''}`;
  ctx.out.info(`${shown} · open one with: credence company <number>`);
  if (results.some((r) => r.sample)) ctx.out.info(SAMPLE_DATA_NOTICE);
}
