/**
 * Peers: companies with the same SIC code and a similar size, side by side on their latest
 * accounts: the sector's comparable columns (shared PEER_COLUMNS), each figure cited, and how the
 * peers were chosen (shared peerSelectionText), so the web and the terminal show one table.
 */
import { PEER_COLUMNS, peerCellText, peerFormulaNote, peerSelectionText } from '@credence/shared';
import { formatMoney } from '../../../../../../platform/register/documents/accounts-format.js';
import type { PeerRow, PeersData } from '../../../../tools/register/peers.tool.js';
import type { TableCell } from '../../../../../../platform/ai/engine/answer-writer.js';
import type { ToolResult } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { companyLabel, companyMd, companyOrDecline } from './charges-read.js';
import { heading, say } from './write.js';

const BASIS_WORDS = { turnover: 'turnover', total_assets: 'total assets' } as const;

/** A peer's figure as a cited cell (from its accounts' page, else the screener's record), or a dash when neither gives it. */
function figureCell(r: ToolResult<PeersData>, row: PeerRow, column: (typeof PEER_COLUMNS)[number]): TableCell {
  const fact = r.facts.find((f) => f.key === `peer:${row.companyNumber}:${column.id}`);
  if (!fact || typeof fact.value !== 'number') return '-';
  return { fact, text: peerCellText(column, fact.value, row.currency) };
}

async function table(ctx: AnalysisContext, r: ToolResult<PeersData>, name: string): Promise<void> {
  const all = [r.data.subject, ...r.data.peers];
  const rows = all.map((p, i) => [
    i ? p.companyName : `${p.companyName} (this company)`,
    p.filingYear ? `FY${p.filingYear}` : '-',
    ...PEER_COLUMNS.map((column) => figureCell(r, p, column)),
  ]);
  await ctx.writer.table(
    `Peers of ${name} (SIC ${r.data.subject.sicCode})`,
    ['Company', 'Year', ...PEER_COLUMNS.map((c) => c.header)],
    rows,
  );
  ctx.writer.write(`\n${markdownSafe(peerFormulaNote())}.\n\n`);
  await ctx.writer.flush();
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
  offer: 'peers',
  title: 'Peers',
  plan(u) {
    return [
      `Find companies with the same SIC code${u.companyName ? ` as ${u.companyName}` : ''} and a similar size`,
      'Compare their latest turnover, margins, gearing, net debt, cash and employees',
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
    const { subject, basis, band, peers } = result.data;
    const selection = { sicCode: subject.sicCode ?? '', industryGroup: subject.industryGroup, basis, band, peers: peers.length };
    ctx.writer.write(`${markdownSafe(peerSelectionText(selection))}\n\n`);
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
