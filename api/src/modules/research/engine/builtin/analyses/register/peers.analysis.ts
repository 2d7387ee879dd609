/** Peers: companies with the same SIC code and a similar size, side by side on their latest accounts. */
import { formatMoney } from '../../../../../companies-house/documents/accounts-format.js';
import type { PeerRow, PeersData } from '../../../../tools/register/peers.tool.js';
import type { TableCell } from '../../../answer-writer.js';
import type { ToolResult } from '../../../types.js';
import type { Analysis, AnalysisContext } from '../../analysis.js';
import { markdownSafe } from '../../text.js';
import { companyLabel, companyMd, companyOrDecline } from './charges-read.js';
import { heading, say } from './write.js';

const BASIS_WORDS = { turnover: 'turnover', total_assets: 'total assets' } as const;

function bandText(data: PeersData): string {
  if (!data.basis || data.band === null) return 'of any size';
  return `with ${BASIS_WORDS[data.basis]} between a ${data.band === 3 ? 'third' : 'tenth'} and ${data.band} times its own`;
}

/** A peer's figure as a cited cell, or a dash when its accounts do not give it. */
function figureCell(r: ToolResult<PeersData>, row: PeerRow, name: string): TableCell {
  const fact = r.facts.find((f) => f.key === `peer:${row.companyNumber}:${name}`);
  if (!fact) return '-';
  return {
    fact,
    text: name === 'employees' ? Number(fact.value).toLocaleString('en-GB') : formatMoney(fact.value as number, row.currency ?? 'GBP'),
  };
}

async function table(ctx: AnalysisContext, r: ToolResult<PeersData>, name: string): Promise<void> {
  const all = [r.data.subject, ...r.data.peers];
  const rows = all.map((p, i) => [
    i ? p.companyName : `${p.companyName} (this company)`,
    p.filingYear ? `FY${p.filingYear}` : '-',
    ...['turnover', 'operating_profit', 'total_assets', 'net_assets', 'employees'].map((key) => figureCell(r, p, key)),
  ]);
  await ctx.writer.table(
    `Peers of ${name} (SIC ${r.data.subject.sicCode})`,
    ['Company', 'Year', 'Turnover', 'Operating profit', 'Total assets', 'Net assets', 'Employees'],
    rows,
  );
}

function sizeSentence(ctx: AnalysisContext, r: ToolResult<PeersData>, name: string): void {
  const { subject, basis } = r.data;
  if (!basis) return;
  const own = r.facts.find((f) => f.key === `peer:${subject.companyNumber}:${basis}`);
  if (!own) return;
  say(
    ctx.writer,
    `${name}'s own ${BASIS_WORDS[basis]} is `,
    { fact: own, text: formatMoney(own.value as number, subject.currency ?? 'GBP') },
    subject.filingYear ? ` (FY${subject.filingYear})` : '',
    `; the table sets it beside its peers'.\n\n`,
  );
}

export const peersAnalysis: Analysis = {
  id: 'peers',
  title: 'Peers',
  plan(u) {
    return [
      `Find companies with the same SIC code${u.companyName ? ` as ${u.companyName}` : ''} and a similar size`,
      'Compare their latest turnover, profit, assets and employees',
    ];
  },
  async run(ctx) {
    const n = companyOrDecline(ctx, 'a peer comparison');
    if (!n) return;
    const name = companyLabel(ctx);
    ctx.step(0, 'running');
    const r = await ctx.call<PeersData | null>('peers', { company_number: n });
    if (!r.data || !r.data.peers.length) {
      ctx.step(0, 'done', 'no peers found');
      ctx.missing(r.missing?.[0] ?? `No peers of ${name} were found.`);
      return;
    }
    heading(ctx.writer, this.title);
    const result = r as ToolResult<PeersData>;
    ctx.step(0, 'done', `${result.data.peers.length} peers`);
    ctx.step(1, 'running');
    ctx.writer.write(
      `Peers are companies on file whose primary SIC code is ${markdownSafe(result.data.subject.sicCode ?? '')}${result.data.subject.industryGroup ? ` (${markdownSafe(result.data.subject.industryGroup)})` : ''}, ${bandText(result.data)}, from their latest accounts.\n\n`,
    );
    sizeSentence(ctx, result, companyMd(ctx));
    await ctx.writer.flush();
    await table(ctx, result, name);
    ctx.step(1, 'done');
  },
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`Profitability and margins of ${name}`, `Create a summary sheet for ${name}`, `Who are ${name}'s lenders?`];
  },
};
