/** Leadership and control: the board, who controls the company, and the changes of the last 12 months. */
import { formatDate } from '@credence/shared';
import type { LeadershipData } from '../../../../tools/register/leadership.tool.js';
import type { ToolResult } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { companyLabel, companyMd, companyOrDecline } from './charges-read.js';
import { shareCapitalPart } from './share-capital.js';
import { cellOf, countFig, factOf, hasFact, heading, listText, plural, say, subheading } from './write.js';
import { leadershipFinding } from './findings.js';

/** "A large part of the board changed." → "a large part of the board changed". */
const sentenceCase = (text: string) => text.replace(/\.$/, '').replace(/^[A-Z](?=[a-z ])/, (c) => c.toLowerCase());
/** "corporate-director" → "Corporate director". */
const roleText = (role: string) => (role ? role[0].toUpperCase() + role.slice(1).replace(/-/g, ' ') : '-');

const TURNOVER_WORDS: Record<string, string> = { high: 'high', medium: 'moderate', low: 'low', 'n/a': 'not measurable' };

function board(ctx: AnalysisContext, r: ToolResult<LeadershipData>, name: string): void {
  const d = r.data;
  subheading(ctx.writer, 'Board');
  say(
    ctx.writer,
    `${name} has `,
    countFig(r, 'officers:current-directors'),
    ` current ${plural(d.counts.currentDirectors, 'director')} and `,
    countFig(r, 'officers:current-secretaries'),
    ` ${plural(d.counts.currentSecretaries, 'secretary', 'secretaries')}; `,
    countFig(r, 'officers:resigned'),
    ` ${plural(d.counts.resignedOfficers, 'officer has', 'officers have')} resigned over its history.\n\n`,
  );
}

function changes(ctx: AnalysisContext, r: ToolResult<LeadershipData>): void {
  const w = r.data.window;
  subheading(ctx.writer, `Changes in the last ${w.months} months`);
  say(
    ctx.writer,
    `The filings show `,
    countFig(r, 'leadership:director-appointments'),
    ` director ${plural(w.directorAppointments, 'appointment')}, `,
    countFig(r, 'leadership:director-terminations'),
    ` ${plural(w.directorTerminations, 'termination')} and `,
    countFig(r, 'leadership:director-changes'),
    ` changes of details; director turnover is `,
    { fact: factOf(r, 'leadership:turnover-level'), text: TURNOVER_WORDS[w.turnoverLevel] ?? w.turnoverLevel },
    ` (${sentenceCase(w.turnoverReason)}). Control: `,
    countFig(r, 'leadership:pscs-notified'),
    ` PSC ${plural(w.pscsNotified, 'notification')} and `,
    countFig(r, 'leadership:pscs-ceased'),
    ` ${plural(w.pscsCeased, 'cessation')}.\n\n`,
  );
}

function control(ctx: AnalysisContext, r: ToolResult<LeadershipData>, name: string): void {
  const current = r.data.pscs.filter((p) => !p.ceasedOn);
  subheading(ctx.writer, 'Persons with significant control');
  if (!current.length) {
    ctx.writer.write(`No current person with significant control is listed for ${name}.\n\n`);
    return;
  }
  say(ctx.writer, `Persons with significant control: `, countFig(r, 'pscs:current'), ` current. `);
  for (const p of current.slice(0, 6)) {
    const key = `psc:${p.key}:notified`;
    say(
      ctx.writer,
      `${p.name ? markdownSafe(p.name) : 'An unnamed person'}${p.control.length ? ` (${listText(p.control.map((c) => markdownSafe(c.replace(/\.$/, '').toLowerCase())))})` : ''}`,
      hasFact(r, key) ? ', notified on ' : '',
      hasFact(r, key) ? { fact: factOf(r, key), text: formatDate(p.notifiedOn) } : null,
      '. ',
    );
  }
  ctx.writer.write('\n\n');
}

async function directorTable(ctx: AnalysisContext, r: ToolResult<LeadershipData>, name: string): Promise<void> {
  const current = r.data.officers.filter((o) => !o.resignedOn);
  if (!current.length) return;
  const appointed = (key: string, date: string | null) =>
    hasFact(r, `officer:${key}:appointed`) ? cellOf({ fact: factOf(r, `officer:${key}:appointed`), text: formatDate(date) }) : '-';
  const rows = current.map((o) => [o.name, roleText(o.role), appointed(o.key, o.appointedOn), o.occupation ?? '-']);
  await ctx.writer.table(`Current officers: ${name}`, ['Name', 'Role', 'Appointed', 'Occupation'], rows, [factOf(r, 'officers:active')]);
}

export const leadershipAnalysis: Analysis = {
  id: 'leadership',
  offer: 'leadership and control changes',
  title: 'Leadership and Control',
  plan(u) {
    return [
      `Read the officers register${u.companyName ? ` of ${u.companyName}` : ''}`,
      'Read the persons with significant control',
      'Count director and PSC changes in the last 12 months',
      'Read the share capital filings',
    ];
  },
  async run(ctx) {
    const n = companyOrDecline(ctx, 'leadership and control');
    if (!n) return;
    const name = companyLabel(ctx);
    ctx.step(0, 'running');
    const r = await ctx.call<LeadershipData | null>('leadership', { company_number: n });
    if (!r.data) {
      ctx.step(0, 'failed', r.missing?.join(' '));
      for (const m of r.missing ?? []) ctx.missing(m);
      return;
    }
    const result = r as ToolResult<LeadershipData>;
    if (!result.data.officers.length && !result.data.pscs.length) {
      ctx.step(0, 'done', 'no officers or PSCs listed');
      ctx.missing(`No officers or persons with significant control are listed for ${name}.`);
      return;
    }
    heading(ctx.writer, this.title);
    board(ctx, result, companyMd(ctx));
    ctx.step(0, 'done');
    ctx.step(1, 'running');
    control(ctx, result, companyMd(ctx));
    ctx.step(1, 'done');
    ctx.step(2, 'running');
    changes(ctx, result);
    await ctx.writer.flush();
    await directorTable(ctx, result, name);
    ctx.step(2, 'done');
    ctx.step(3, 'running');
    const capital = await shareCapitalPart(ctx, n);
    ctx.step(3, 'done', capital ? undefined : 'no capital filings on file');
  },
  findings: (ctx) => leadershipFinding(ctx),
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`Does ${name} file on time?`, `Who are ${name}'s lenders?`, `Create a summary sheet for ${name}`];
  },
};
