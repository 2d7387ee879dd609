/**
 * Distress and recovery (issue 27 §1): the distress signals the shared rule finds, each cited to
 * its register record or filing page, and a labelled book-value ESTIMATE of what unsecured
 * creditors recover, with the charges' ranking, every input cited and the method stated.
 */
import { formatDate } from '@credence/shared';
import type { DistressData } from '../../../../tools/register/distress.tool.js';
import type { ToolResult } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext, Finding, FindingPart } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe, quoted } from '../../../../../../platform/ai/engine/text.js';
import { wordsFor } from '../financial/common.js';
import { companyLabel, companyOrDecline } from './charges-read.js';
import { factOf, heading, listText } from './write.js';

type Read = ToolResult<DistressData>;

async function readDistress(ctx: AnalysisContext, what: string): Promise<Read | null> {
  const n = companyOrDecline(ctx, what);
  if (!n) return null;
  const r = await ctx.call<DistressData | null>('distress', { company_number: n });
  if (!r.data) {
    for (const m of r.missing ?? []) ctx.missing(m);
    return null;
  }
  return r as Read;
}

/** One signal as parts: its words, then the figure or record that cites it. */
function signalParts(r: Read, s: DistressData['signals'][number]): FindingPart[] {
  const fact = factOf(r, s.factKey);
  const value = (): string => {
    if (typeof fact.value === 'number') return wordsFor({ ...fact, value: Math.abs(fact.value) });
    if (s.kind === 'going-concern') return quoted(String(fact.value));
    if (fact.unit === 'date' && fact.value) return formatDate(String(fact.value));
    return markdownSafe(String(fact.value));
  };
  return [`${markdownSafe(s.label)} `, { fact, text: value() }, s.detail ? ` ${markdownSafe(s.detail)}` : ''];
}

function writeParts(ctx: AnalysisContext, parts: FindingPart[]): void {
  for (const part of parts) {
    if (!part) continue;
    if (typeof part === 'string') ctx.writer.write(part);
    else if (part.derived) ctx.writer.derived(part.fact, part.text);
    else ctx.writer.figure(part.fact, part.text);
  }
}

const CHECKED =
  'status and insolvency filings, overdue accounts and confirmation statements, outstanding charges, the auditor’s report, losses and net assets, officer resignations in the last 12 months and late accounts filings';

export const distressAnalysis: Analysis = {
  id: 'distress',
  offer: 'distress signals',
  title: 'Distress Signals',
  plan: (u) => [`Read the register record, filings and charges${u.companyName ? ` of ${u.companyName}` : ''} for distress signals`],
  async run(ctx) {
    ctx.step(0, 'running');
    const r = await readDistress(ctx, 'a distress analysis');
    if (!r) return ctx.step(0, 'done');
    heading(ctx.writer, this.title);
    const { signals } = r.data;
    if (!signals.length) {
      ctx.writer.write(`None of the signals checked (${CHECKED}) is present for ${markdownSafe(companyLabel(ctx))}.\n\n`);
    } else {
      for (const s of signals) {
        ctx.writer.write(`- **${s.severity === 'high' ? 'Serious' : s.severity === 'medium' ? 'Warning' : 'Note'}**: `);
        writeParts(ctx, signalParts(r, s));
        ctx.writer.write('\n');
      }
      ctx.writer.write(`\nChecked: ${CHECKED}.\n\n`);
    }
    if (r.data.latestFiscalYear === null)
      ctx.writer.write('No accounts with figures are on file, so losses and net assets could not be checked.\n\n');
    if (r.data.outlook.stale)
      ctx.writer.write(`The outlook in the accounts on file is **stale**: ${markdownSafe(r.data.outlook.reason ?? '')}.\n\n`);
    await ctx.writer.flush();
    ctx.step(0, 'done', `${signals.length} signals`);
  },
  findings: (ctx) => distressFindings(ctx),
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`What would unsecured creditors of ${name} recover?`, `Who holds charges over ${name}?`];
  },
};

/** Key Findings: the serious signals first (at most two), so a summary sheet never leaves out a liquidation or overdue filings. */
export async function distressFindings(ctx: AnalysisContext): Promise<Finding[]> {
  const r = await ctx.call<DistressData | null>('distress', { company_number: ctx.understanding.companyNumber }).catch(() => null);
  if (!r?.data) return [];
  const read = r as Read;
  const serious = read.data.signals.filter((s) => s.severity === 'high');
  const overdue = read.data.signals.filter((s) => s.kind === 'confirmation-overdue');
  const picked = [
    ...serious.filter((s) => s.kind !== 'insolvency-event').slice(0, 2),
    ...serious.filter((s) => s.kind === 'insolvency-event').slice(0, 1),
    ...overdue.slice(0, 1),
  ];
  return picked.map((s, i) => ({ key: `distress-${i}`, parts: [...signalParts(read, s), '.'] }));
}

function ranking(ctx: AnalysisContext, r: Read): void {
  const { ranking: ranked } = r.data;
  if (!ranked.length) {
    ctx.writer.write('No charges are outstanding on the register: no creditor holds registered security.\n\n');
    return;
  }
  ctx.writer.write(
    '### Ranking of the outstanding charges\n\nFixed charges rank first on the assets they charge, then floating charges, each by creation date (a priority deed, which the register does not show, can change this):\n\n',
  );
  for (const c of ranked) {
    const fact = factOf(r, c.factKey);
    ctx.writer.write(`${c.rank}. `);
    ctx.writer.figure(fact, markdownSafe(String(fact.value)));
    ctx.writer.write(
      `: ${markdownSafe(c.type)}, created ${c.created ? formatDate(c.created) : 'on an unstated date'}, held by ${markdownSafe(listText(c.holders)) || 'an unnamed chargeholder'}\n`,
    );
  }
  ctx.writer.write('\nUnsecured creditors rank after the secured creditors, preferential creditors and the prescribed part.\n\n');
}

export const recoveryAnalysis: Analysis = {
  id: 'recovery',
  offer: 'a recovery estimate for creditors',
  title: 'Recovery Estimate',
  plan: () => ['Rank the outstanding charges', 'Set the assets in the latest accounts against the secured debt (estimate)'],
  async run(ctx) {
    ctx.step(0, 'running');
    const r = await readDistress(ctx, 'a recovery estimate');
    if (!r) return ctx.step(0, 'done');
    heading(ctx.writer, this.title);
    ranking(ctx, r);
    ctx.step(0, 'done');
    ctx.step(1, 'running');
    const rec = r.data.recovery;
    if (r.data.latestFiscalYear === null) {
      ctx.writer.write(
        '**Estimate not possible**: no accounts with figures are on file for this company, so there are no assets to set against its debts.\n\n',
      );
    } else if (rec.pencePerPound === null || !rec.factKey) {
      ctx.writer.write(
        `**Estimate not possible**: the FY${r.data.latestFiscalYear} accounts we hold do not give ${markdownSafe(listText(rec.missing))}.\n\n`,
      );
    } else {
      const est = factOf(r, rec.factKey);
      const [assets, liabilities, debt] = est.inputs ?? [];
      ctx.writer.write('**Estimate** (book value, not a forecast): unsecured creditors would recover about ');
      ctx.writer.derived(est, `${Number(est.value).toFixed(1)}p in the pound`);
      ctx.writer.write(` at most, from the balance sheet at ${est.period ? formatDate(est.period) : 'the latest year end'}: total assets `);
      if (assets) ctx.writer.figure(assets, wordsFor(assets));
      if (debt) {
        ctx.writer.write(' less bank loans and overdrafts ');
        ctx.writer.figure(debt, wordsFor(debt));
      }
      ctx.writer.write(', against total liabilities ');
      if (liabilities) ctx.writer.figure(liabilities, wordsFor(liabilities));
      ctx.writer.write(debt ? ' less that secured debt.' : ' (no bank loans or overdrafts are stated and no charge is outstanding).');
      ctx.writer.write(rec.securedCovered === false ? ' The book value of the assets does not cover the secured debt.\n\n' : '\n\n');
    }
    ctx.writer.write(`Method: ${markdownSafe(rec.method)}\n\n`);
    await ctx.writer.flush();
    ctx.step(1, 'done');
  },
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`What are the main distress signals at ${name}?`, `Who are the lenders to ${name}?`];
  },
};
