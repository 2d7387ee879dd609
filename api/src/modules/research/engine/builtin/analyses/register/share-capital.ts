/** The share capital part of leadership and control: the latest statement of capital and what changed it. */
import { currencySymbol, formatDate } from '@credence/shared';
import type { CapitalData } from '../../../../tools/register/capital.tool.js';
import type { ToolResult } from '../../../../../../platform/ai/engine/types.js';
import type { AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { countFig, factOf, hasFact, say, subheading, type Figure } from './write.js';

/** Share capital is often a few pounds: pence are kept ("£0.30", "£1,000,000"). */
function capitalText(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 4 };
  return `${currencySymbol(currency)}${amount.toLocaleString('en-GB', digits)}`;
}

/** Writes the part; false (nothing written) when no capital filing is on file. */
export async function shareCapitalPart(ctx: AnalysisContext, companyNumber: string): Promise<boolean> {
  const r = await ctx.call<CapitalData | null>('share_capital', { company_number: companyNumber });
  if (!r.data || !r.data.filings) return false;
  const result = r as ToolResult<CapitalData>;
  const data = result.data;
  subheading(ctx.writer, 'Share capital');
  const latest = data.latestStatement;
  if (latest) {
    const totals: Figure[] = Object.entries(latest.totals)
      .filter(([currency]) => hasFact(result, `capital:latest:${currency}`))
      .map(([currency, total]) => ({ fact: factOf(result, `capital:latest:${currency}`), text: capitalText(total, currency) }));
    say(
      ctx.writer,
      `The latest statement of capital (${markdownSafe(latest.type)}, `,
      { fact: factOf(result, 'capital:latest:date'), text: formatDate(latest.date) },
      `) totals `,
    );
    totals.forEach((figure, i) => say(ctx.writer, i ? (i === totals.length - 1 ? ' and ' : ', ') : '', figure));
    ctx.writer.write('. ');
  }
  const classes = data.classes.filter((c) => c.count > 0);
  say(ctx.writer, `The register holds `, countFig(result, 'capital:filings'), ` capital ${data.filings === 1 ? 'filing' : 'filings'}`);
  classes.forEach((c, i) => say(ctx.writer, i ? '; ' : ' (', `${c.label.toLowerCase()}: `, countFig(result, `capital:class:${c.id}`)));
  ctx.writer.write(classes.length ? ').' : '.');
  ctx.writer.write('\n\n');
  return true;
}
