/** `credence creditors lenders|charges|companies` and `credence creditors lender <name>`. */
import type { LenderDetail, ScreenerTable } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import { count } from '../runtime/output.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { TABLES } from '../tables.js';
import { formatCell } from '../output/table.js';
import { padEnd } from '../output/text.js';
import type { ListFlags } from './list-options.js';
import { runList } from './list.js';

export function creditorsList(table: ScreenerTable) {
  return async (options: GlobalOptions & ListFlags): Promise<void> => {
    await runList(createContext(options), TABLES[table], options);
  };
}

const DATE = { id: 'd', label: '', kind: 'date', format: 'date', sortable: false, filterable: false, visible: true } as const;

function detailLines(d: LenderDetail): string[] {
  const out = [
    d.lender_name,
    `  Charges ${count(d.total_charges)} · companies ${count(d.unique_companies_count)}`,
    `  Status: outstanding ${count(d.status_counts.outstanding)}, part-satisfied ${count(d.status_counts['part-satisfied'])}, fully satisfied ${count(d.status_counts['fully-satisfied'] ?? 0)}, unknown ${count(d.status_counts.unknown)}`,
    `  Types: floating ${count(d.charge_types.floating_charges)}, fixed ${count(d.charge_types.fixed_charges)}, negative pledge ${count(d.charge_types.negative_pledges)}`,
  ];
  if (d.raw_names?.length > 1) out.push(`  Filed as: ${d.raw_names.map((r) => `${r.name} (${count(r.charges)})`).join('; ')}`);
  if (d.charges_by_year.length > 0) out.push(`  By year: ${d.charges_by_year.map((y) => `${y.year} ${count(y.count)}`).join(', ')}`);
  if (d.top_companies.length > 0) {
    out.push('', 'Top companies');
    for (const c of d.top_companies) out.push(`  ${padEnd(c.company_number, 10)} ${c.company_name} (${count(c.charge_count)})`);
  }
  if (d.recent_charges.length > 0) {
    out.push('', 'Recent charges');
    for (const c of d.recent_charges)
      out.push(
        `  ${padEnd(formatCell(DATE, c.delivered_on), 10)} ${c.company_name} · ${c.status}${c.charge_code ? ` · ${c.charge_code}` : ''}`,
      );
  }
  return out;
}

export async function lenderDetail(options: GlobalOptions, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const name = (args[0] ?? '').trim();
  if (name === '') throw new UsageError('credence creditors lender needs a lender name, e.g. credence creditors lender "HSBC UK BANK PLC"');
  const client = await ctx.authedClient();
  const answer = await client.lenderDetail(name);
  ctx.out.result(ctx.mode.json ? JSON.stringify(answer.data, null, 2) : detailLines(answer.data).join('\n'));
}
