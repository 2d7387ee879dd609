/**
 * The register analyses' Key Findings: one sentence each on what the register shows, every
 * figure cited to its record as in the sections below.
 */
import { formatDate } from '@credence/shared';
import type { ChargesData } from '../../../../tools/register/charges.tool.js';
import type { ComplianceData } from '../../../../tools/register/compliance.tool.js';
import type { LeadershipData } from '../../../../tools/register/leadership.tool.js';
import type { ToolResult } from '../../../types.js';
import type { AnalysisContext, Finding } from '../../analysis.js';
import { countFig, factOf, hasFact, listText, plural } from './write.js';

async function read<T>(ctx: AnalysisContext, tool: string): Promise<ToolResult<T> | null> {
  const company = ctx.understanding.companyNumber;
  if (!company) return null;
  const result = await ctx.call<T | null>(tool, { company_number: company }).catch(() => null);
  return result?.data ? (result as ToolResult<T>) : null;
}

/** "4 of the 6 charges on the register are live (3 over all assets, 1 with a negative pledge), held by A and B." */
export async function liveSecurityFinding(ctx: AnalysisContext): Promise<Finding[]> {
  const r = await read<ChargesData>(ctx, 'charges');
  if (!r || !r.data.charges.length) return [];
  const live = Number(factOf(r, 'charges:live:total').value);
  if (!live)
    return [
      {
        key: 'live-security',
        parts: ['All ', countFig(r, 'charges:total'), ' charges on the register are fully satisfied: no security is outstanding.'],
      },
    ];
  const holders = r.data.chargeholders.filter((h) => h.active > 0).map((h) => h.name);
  return [
    {
      key: 'live-security',
      parts: [
        countFig(r, 'charges:live:total'),
        ' of the ',
        countFig(r, 'charges:total'),
        ` ${plural(Number(factOf(r, 'charges:total').value), 'charge')} on the register ${plural(live, 'is', 'are')} not fully satisfied (`,
        countFig(r, 'charges:live:floatingCoversAll'),
        ` with a floating charge over all assets, `,
        countFig(r, 'charges:live:negativePledge'),
        ` with a negative pledge)`,
        holders.length ? `, held by ${listText(holders)}` : '',
        '.',
      ],
    },
  ];
}

/** The chargeholder with the most live security. */
export async function mainLenderFinding(ctx: AnalysisContext): Promise<Finding[]> {
  const r = await read<ChargesData>(ctx, 'charges');
  const top = r?.data.chargeholders.filter((h) => h.active > 0).sort((a, b) => b.active - a.active)[0];
  if (!r || !top) return [];
  const live = Number(factOf(r, 'charges:live:total').value);
  return [
    {
      key: 'main-lender',
      parts: [
        `${top.name} holds `,
        countFig(r, `lender:${top.key}:active`),
        ' of the ',
        countFig(r, 'charges:live:total'),
        ` live ${plural(live, 'charge')}.`,
      ],
    },
  ];
}

/** The board and control, and the director changes of the last 12 months. */
export async function leadershipFinding(ctx: AnalysisContext): Promise<Finding[]> {
  const r = await read<LeadershipData>(ctx, 'leadership');
  if (!r) return [];
  const c = r.data.counts;
  const w = r.data.window;
  return [
    {
      key: 'leadership',
      parts: [
        'The company has ',
        countFig(r, 'officers:current-directors'),
        ` current ${plural(c.currentDirectors, 'director')} and `,
        countFig(r, 'pscs:current'),
        ` ${plural(c.currentPscs, 'person', 'persons')} with significant control; in the last ${w.months} months `,
        countFig(r, 'leadership:director-appointments'),
        ` director ${plural(w.directorAppointments, 'appointment')} and `,
        countFig(r, 'leadership:director-terminations'),
        ` ${plural(w.directorTerminations, 'termination')}.`,
      ],
    },
  ];
}

/** When the next accounts are due, and the confirmation statements filed on time. */
export async function complianceFinding(ctx: AnalysisContext): Promise<Finding[]> {
  const r = await read<ComplianceData>(ctx, 'compliance');
  if (!r) return [];
  const m = r.data.confirmation.metrics;
  const due = r.data.accounts.nextDue;
  const parts: Finding['parts'] = [];
  if (due && hasFact(r, 'profile.accounts_next_due'))
    parts.push('The next accounts are due by ', { fact: factOf(r, 'profile.accounts_next_due'), text: formatDate(due) });
  if (m.statements) {
    parts.push(parts.length ? '; ' : '', countFig(r, 'cs:on-time'), ' of ', countFig(r, 'cs:statements'));
    parts.push(` confirmation ${plural(m.statements, 'statement')} ${plural(m.statements, 'was', 'were')} filed on time`);
  }
  return parts.length ? [{ key: 'compliance', parts: [...parts, '.'] }] : [];
}
