/** Filing history: the latest filings on the register and how many of each kind the company has filed. */
import type { FilingsData } from '../../../../tools/filings.tool.js';
import type { Analysis } from '../../analysis.js';
import { markdownSafe } from '../../text.js';

const SHOWN = 15;

export const filingHistory: Analysis = {
  id: 'filing-history',
  title: 'Filing History',
  plan: () => ["Read the company's filing history"],
  async run(ctx) {
    ctx.step(0, 'running');
    const result = await ctx.call<FilingsData>('filings', { company_number: ctx.understanding.companyNumber, limit: SHOWN });
    const { filings, total, counts } = result.data;
    if (!total) {
      ctx.missing('No filings are on record for this company.');
      ctx.step(0, 'done');
      return;
    }
    const countFact = result.facts.find((f) => f.key === 'filings.count')!;
    ctx.writer.write('## Filing History\n\nFilings on record: ');
    ctx.writer.figure(countFact, String(total));
    const kinds = Object.entries(counts).sort((a, b) => b[1] - a[1]);
    ctx.writer.write(` (by kind: ${kinds.map(([k]) => markdownSafe(k)).join(', ')}; see the table).\n\n`);
    await ctx.writer.flush();
    const facts = result.facts.filter((f) => f.key.startsWith('filing:'));
    await ctx.writer.table(
      'Latest filings',
      ['Date', 'Category', 'Description', 'Document'],
      filings.map((f, i) => [
        facts[i] ? { fact: facts[i], text: f.date ?? '' } : f.date,
        f.category,
        f.description,
        f.document_id ? `${f.document_id}.pdf` : f.paper_filed ? 'paper filing' : '–',
      ]),
    );
    ctx.step(0, 'done');
  },
  related: () => ['Is the company up to date with its filings?', 'Create a summary sheet'],
};
