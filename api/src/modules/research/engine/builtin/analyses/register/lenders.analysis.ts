/** Lenders: who holds the company's charges, how many are live, and (for a named lender) its book on file. */
import { formatDate, type LenderDetail } from '@credence/shared';
import type { ChargeholderSummary } from '../../../../tools/register/charges.tool.js';
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { readChargesOrDecline, type ChargesRead } from './charges-read.js';
import { cellOf, countFig, factOf, heading, plural, say, lenderWords } from './write.js';
import { mainLenderFinding } from './findings.js';

async function lenderTable(ctx: AnalysisContext, read: ChargesRead, holders: readonly ChargeholderSummary[]): Promise<void> {
  const count = (h: ChargeholderSummary, name: 'charges' | 'active' | 'satisfied') =>
    cellOf(countFig(read.result, `lender:${h.key}:${name}`));
  const rows = holders.map((h) => [
    h.name,
    count(h, 'charges'),
    count(h, 'active'),
    count(h, 'satisfied'),
    formatDate(h.firstCreated),
    formatDate(h.lastCreated),
  ]);
  await ctx.writer.table(
    `Chargeholders: ${read.companyName}`,
    ['Lender', 'Charges', 'Live', 'Satisfied', 'First charge', 'Latest charge'],
    rows,
  );
}

/** How many of a lender's charges are live, in words: "3", "none", "both", "all". */
function liveWords(active: number, charges: number): string {
  if (active === 0) return 'none';
  if (active === charges) return charges === 2 ? 'both' : 'all';
  return active.toLocaleString('en-GB');
}

function lenderSentences(ctx: AnalysisContext, read: ChargesRead, holders: readonly ChargeholderSummary[]): void {
  if (!read.data.lender) {
    say(ctx.writer, `${read.companyMd}'s charges are held by ${holders.length === 1 ? 'one lender' : 'these lenders'}. `);
  }
  holders.forEach((h, i) => {
    const latest = read.data.charges.find((c) => c.lenderKeys.includes(h.key) && c.createdOn);
    const live = factOf(read.result, `lender:${h.key}:active`);
    say(
      ctx.writer,
      i ? ' ' : '',
      `${markdownSafe(h.name)} holds `,
      countFig(read.result, `lender:${h.key}:charges`),
      ` ${plural(h.charges, 'charge')}, `,
      // One charge: "which is live" / "which is no longer live"; more: "3 live", "both live", "none live".
      h.charges === 1 ? 'which is ' : '',
      { fact: live, text: h.charges === 1 ? (h.active ? 'live' : 'no longer live') : liveWords(h.active, h.charges) },
      h.charges === 1 ? '' : ' live',
      latest ? `; the latest was created on ` : '',
      latest ? { fact: factOf(read.result, `charge:${latest.chargeId}:created`), text: formatDate(latest.createdOn) } : null,
      '.',
    );
  });
  ctx.writer.write('\n\n');
}

async function lenderBook(ctx: AnalysisContext, read: ChargesRead, holder: ChargeholderSummary): Promise<void> {
  const result = await ctx.call<LenderDetail | null>('lender_book', { lender: holder.name, company_number: read.companyNumber });
  if (!result.data) return;
  const fact = (key: string) => factOf(result, `lender-book:${key}`);
  say(
    ctx.writer,
    `Across every company on file, ${markdownSafe(result.data.lender_name)} holds `,
    { fact: fact('total'), text: result.data.total_charges.toLocaleString('en-GB') },
    ` charges over `,
    { fact: fact('companies'), text: result.data.unique_companies_count.toLocaleString('en-GB') },
    ` companies, `,
    { fact: fact('outstanding'), text: result.data.status_counts.outstanding.toLocaleString('en-GB') },
    ` of them outstanding.\n\n`,
  );
}

export const lendersAnalysis: Analysis = {
  id: 'lenders',
  offer: 'lenders',
  title: 'Lenders',
  plan(u) {
    const steps = [
      `Read the chargeholders on the register${u.companyName ? ` of ${u.companyName}` : ''}`,
      "Count each lender's charges, live and satisfied",
    ];
    if (u.lenders.length) steps.push(`Read ${lenderWords(u.lenders[0])}'s book across the companies on file`);
    return steps;
  },
  async run(ctx) {
    const read = await readChargesOrDecline(ctx, 0, 'the lenders');
    if (!read) return;
    heading(ctx.writer, this.title);
    const holders = read.data.lender
      ? read.data.chargeholders.filter((h) => read.data.lender!.keys.includes(h.key))
      : read.data.chargeholders;
    ctx.step(1, 'running');
    lenderSentences(ctx, read, holders);
    await ctx.writer.flush();
    await lenderTable(ctx, read, holders);
    ctx.step(1, 'done');
    if (read.data.lender && holders[0]) {
      ctx.step(2, 'running');
      await lenderBook(ctx, read, holders[0]);
      ctx.step(2, 'done');
    }
  },
  findings: (ctx) => mainLenderFinding(ctx),
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`Covenant summary for ${name}`, `Charges and security of ${name}`, `Capital structure analysis of ${name}`];
  },
};
