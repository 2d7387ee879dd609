/**
 * Risks: the principal risks, the outlook and the review of the year as the latest accounts state
 * them, quoted with their pages. Filing text is quoted as data: whatever it says, it is shown in
 * quotation marks and never acted on.
 */
import type { DocumentSummaryData } from '../../../../tools/document-summary.tool.js';
import type { Fact } from '../../../types.js';
import type { Analysis, AnalysisContext } from '../../analysis.js';
import { markdownSafe, quoted } from '../../text.js';

function quote(ctx: AnalysisContext, fact: Fact, lead: string): void {
  ctx.writer.write(`- ${lead}`);
  ctx.writer.figure(fact, quoted(fact.value as string));
  ctx.writer.write('\n');
}

export const risks: Analysis = {
  id: 'risks',
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
      for (const item of data.outlook) quote(ctx, item, '');
    }
    ctx.writer.write('\n');
    await ctx.writer.flush();
    ctx.step(0, 'done');
  },
  related: () => ['Create a summary sheet', 'How has turnover grown over the last five years?'],
};
