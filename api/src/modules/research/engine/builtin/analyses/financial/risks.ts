/**
 * Risks: the principal risks, the outlook and the review of the year as the latest accounts state
 * them, quoted with their pages. Filing text is quoted as data: whatever it says, it is shown in
 * quotation marks and never acted on.
 */
import { outlookStaleness } from '@credence/shared';
import type { DocumentSummaryData } from '../../../../tools/document-summary.tool.js';
import type { DistressData } from '../../../../tools/register/distress.tool.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe, quoted } from '../../../../../../platform/ai/engine/text.js';

function quote(ctx: AnalysisContext, fact: Fact, lead: string): void {
  ctx.writer.write(`- ${lead}`);
  ctx.writer.figure(fact, quoted(fact.value as string));
  ctx.writer.write('\n');
}

/** Why the outlook quoted is stale (older than the latest accounts, or written before an insolvency), or null. */
async function staleness(ctx: AnalysisContext, fiscalYear: number | null): Promise<string | null> {
  const r = await ctx.call<DistressData | null>('distress', { company_number: ctx.understanding.companyNumber }).catch(() => null);
  if (!r?.data) return null;
  const s = outlookStaleness(fiscalYear, r.data.latestFiscalYear, r.data.status);
  return s.stale ? s.reason : null;
}

export const risks: Analysis = {
  id: 'risks',
  offer: 'risks',
  title: 'Risks',
  plan: () => ['Read the principal risks and outlook in the latest accounts'],
  async run(ctx) {
    ctx.step(0, 'running');
    const [year] = ctx.understanding.years.slice(-1);
    const result = await ctx.call<DocumentSummaryData>('document_summary', {
      company_number: ctx.understanding.companyNumber,
      ...(year ? { years: [year] } : {}),
    });
    const data = result.data;
    if (!data.summary || (!data.risks.length && !data.outlook.length)) {
      ctx.missing(
        year
          ? `The FY${year} accounts on file state no principal risks.`
          : 'The accounts on file state no principal risks or outlook for this company.',
      );
      ctx.step(0, 'done');
      return;
    }
    ctx.writer.write(
      `## Risks\n\nAs the ${data.fiscal_year ? `FY${data.fiscal_year} ` : ''}accounts state them (quoted from the filing):\n\n`,
    );
    for (const risk of data.risks) quote(ctx, risk, `**${markdownSafe(risk.label)}**: `);
    if (data.outlook.length) {
      ctx.writer.write('\n### Outlook\n\n');
      const stale = await staleness(ctx, data.fiscal_year);
      if (stale) ctx.writer.write(`**Stale**: this outlook was ${markdownSafe(stale)}; read it as history, not as the current view.\n\n`);
      for (const item of data.outlook) quote(ctx, item, '');
    }
    ctx.writer.write('\n');
    await ctx.writer.flush();
    ctx.step(0, 'done');
  },
  related: () => ['Create a summary sheet', 'How has turnover grown over the last five years?'],
};
