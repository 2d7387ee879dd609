/** Compliance and filing behaviour: confirmation statements on time or late, and the accounts' due date. */
import { averageDelayText, dueInText, formatDate, percentText } from '@credence/shared';
import type { ComplianceData } from '../../../../tools/register/compliance.tool.js';
import type { ToolResult } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { companyLabel, companyOrDecline } from './charges-read.js';
import { countFig, dateFig, factOf, heading, plural, say } from './write.js';
import { complianceFinding } from './findings.js';

const HEALTH_WORDS: Record<string, string> = { good: 'good', fair: 'fair', poor: 'poor', 'n/a': 'not yet measurable' };

function statements(ctx: AnalysisContext, r: ToolResult<ComplianceData>, name: string): void {
  const m = r.data.confirmation.metrics;
  if (!m.statements) {
    ctx.missing(`No confirmation statements are on file for ${name}.`);
    return;
  }
  say(
    ctx.writer,
    `${markdownSafe(name)} has filed `,
    countFig(r, 'cs:statements'),
    ` confirmation ${plural(m.statements, 'statement')}: `,
    countFig(r, 'cs:on-time'),
    ` on time (within 14 days of the review period's end) and `,
    countFig(r, 'cs:late'),
    ` late, `,
    m.onTimeRatio !== null ? { fact: factOf(r, 'cs:on-time-ratio'), text: percentText(m.onTimeRatio) } : 'no share',
    ` on time, an average of `,
    m.averageDelayDays !== null
      ? { fact: factOf(r, 'cs:average-delay'), text: averageDelayText(m.averageDelayDays) }
      : 'no measurable delay',
    ` after the review end. Compliance health is `,
    { fact: factOf(r, 'cs:compliance'), text: HEALTH_WORDS[r.data.confirmation.compliance] ?? r.data.confirmation.compliance },
    `; `,
    countFig(r, 'cs:corrections'),
    ` ${plural(m.corrections, 'second filing or correction', 'second filings or corrections')}.\n\n`,
  );
  if (m.lastMadeUpDate && m.nextDueDate) {
    say(
      ctx.writer,
      `The last statement was made up to `,
      dateFig(r, 'cs:last-made-up'),
      `; the next is due by `,
      dateFig(r, 'cs:next-due'),
      m.daysUntilDue !== null ? ` (` : '',
      m.daysUntilDue !== null ? { fact: factOf(r, 'cs:days-until-due'), text: dueInText(m.daysUntilDue) } : null,
      m.daysUntilDue !== null ? `)` : '',
      `: status `,
      { fact: factOf(r, 'cs:status'), text: r.data.confirmation.statusText.toLowerCase() },
      `.\n\n`,
    );
  }
}

function accounts(ctx: AnalysisContext, r: ToolResult<ComplianceData>): void {
  const a = r.data.accounts;
  if (!a.nextDue && !a.lastMadeUp) return;
  say(
    ctx.writer,
    a.lastMadeUp ? `Accounts were last made up to ` : '',
    a.lastMadeUp ? dateFig(r, 'profile.accounts_last_made_up') : null,
    a.lastMadeUp && a.nextDue ? '; ' : '',
    a.nextDue ? `the next accounts are due by ` : '',
    a.nextDue ? dateFig(r, 'profile.accounts_next_due') : null,
    a.daysUntilDue !== null ? ` (` : '',
    a.daysUntilDue !== null ? { fact: factOf(r, 'accounts:days-until-due'), text: dueInText(a.daysUntilDue) } : null,
    a.daysUntilDue !== null ? `)` : '',
    a.overdue ? ': the accounts are overdue' : '',
    '.\n\n',
  );
}

async function statementTable(ctx: AnalysisContext, r: ToolResult<ComplianceData>, name: string): Promise<void> {
  const rows = r.data.statements.map((s) => [
    formatDate(s.filed),
    formatDate(s.madeUp),
    s.updates,
    s.correction ? 'Correction' : s.onTime === null ? '-' : s.onTime ? 'On time' : 'Late',
    s.delayDays ?? null,
  ]);
  if (!rows.length) return;
  await ctx.writer.table(`Confirmation statements: ${name}`, ['Filed', 'Made up to', 'Kind', 'Timeliness', 'Days after review end'], rows, [
    factOf(r, 'cs:statements'),
  ]);
}

export const complianceAnalysis: Analysis = {
  id: 'compliance',
  offer: 'compliance and filing behaviour',
  title: 'Compliance and Filing Behaviour',
  plan(u) {
    return [
      `Read the confirmation statements${u.companyName ? ` of ${u.companyName}` : ''}`,
      'Check each against its 14-day filing window',
      "Check the accounts' due date",
    ];
  },
  async run(ctx) {
    const n = companyOrDecline(ctx, 'compliance and filing behaviour');
    if (!n) return;
    const name = companyLabel(ctx);
    ctx.step(0, 'running');
    const r = await ctx.call<ComplianceData | null>('compliance', { company_number: n });
    if (!r.data) {
      ctx.step(0, 'failed', r.missing?.join(' '));
      for (const m of r.missing ?? []) ctx.missing(m);
      return;
    }
    const result = r as ToolResult<ComplianceData>;
    ctx.step(0, 'done');
    const a = result.data.accounts;
    if (!result.data.confirmation.metrics.statements && !a.nextDue && !a.lastMadeUp) {
      ctx.missing(`No confirmation statements or accounts dates are on file for ${name}.`);
      return;
    }
    heading(ctx.writer, this.title);
    ctx.step(1, 'running');
    statements(ctx, result, name);
    ctx.step(1, 'done');
    ctx.step(2, 'running');
    accounts(ctx, result);
    await ctx.writer.flush();
    await statementTable(ctx, result, name);
    ctx.step(2, 'done');
  },
  findings: (ctx) => complianceFinding(ctx),
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`Leadership and control changes at ${name}`, `Create a summary sheet for ${name}`, `What risks does ${name} face?`];
  },
};
