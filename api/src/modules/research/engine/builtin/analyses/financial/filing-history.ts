/** Filing history: the latest filings on the register and how many of each kind the company has filed. */
import { formatDate } from '@credence/shared';
import type { FilingsData } from '../../../../tools/filings.tool.js';
import type { Analysis } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';

const SHOWN = 15;

/** A filing category as the answer words it ("persons-with-significant-control" → "persons with significant control"). */
const CATEGORY_WORDS: Record<string, string> = {
  mortgage: 'charges',
  'confirmation-statement': 'confirmation statements',
  address: 'address changes',
};
const categoryText = (category: string) => CATEGORY_WORDS[category] ?? category.replace(/-/g, ' ');

export const filingHistory: Analysis = {
  id: 'filing-history',
  offer: 'the filing history',
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
    ctx.writer.write(
      `, most often ${kinds.map(([k]) => markdownSafe(categoryText(k))).join(', ')}; the latest ${Math.min(SHOWN, filings.length)} are below.\n\n`,
    );
    await ctx.writer.flush();
    const facts = result.facts.filter((f) => f.key.startsWith('filing:'));
    await ctx.writer.table(
      'Latest filings',
      ['Date', 'Category', 'Description'],
      filings.map((f, i) => [
        facts[i] ? { fact: facts[i], text: formatDate(f.date) } : formatDate(f.date),
        categoryText(f.category),
        f.description,
      ]),
    );
    ctx.step(0, 'done');
  },
  async findings(ctx) {
    const result = await ctx.call<FilingsData>('filings', { company_number: ctx.understanding.companyNumber, limit: SHOWN });
    const count = result.facts.find((f) => f.key === 'filings.count');
    const latest = result.data.filings[0];
    const dated = result.facts.find((f) => f.key.startsWith('filing:'));
    if (!count || !result.data.total) return [];
    return [
      {
        key: 'filings',
        parts: [
          { fact: count, text: String(result.data.total) },
          ' filings are on record',
          latest && dated ? '; the latest, on ' : '',
          latest && dated ? { fact: dated, text: formatDate(latest.date) } : null,
          latest && dated ? `: ${markdownSafe(latest.description)}` : '',
          '.',
        ],
      },
    ];
  },
  related: () => ['Is the company up to date with its filings?', 'Create a summary sheet'],
};
