/**
 * The register analyses' Key Findings: one sentence each on what the register shows, every
 * figure cited to its record as in the sections below.
 */
import { formatDate } from '@credence/shared';
import type { ChargesData } from '../../../../tools/register/charges.tool.js';
import type { ComplianceData } from '../../../../tools/register/compliance.tool.js';
import type { LeadershipData } from '../../../../tools/register/leadership.tool.js';
import type { ToolResult } from '../../../../../../platform/ai/engine/types.js';
import type { AnalysisContext, Finding } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { countFig, factOf, hasFact, listText, plural } from './write.js';

async function read<T>(ctx: AnalysisContext, tool: string, args: Record<string, unknown> = {}): Promise<ToolResult<T> | null> {
  const company = ctx.understanding.companyNumber;
  if (!company) return null;
  const result = await ctx.call<T | null>(tool, { company_number: company, ...args }).catch(() => null);
  return result?.data ? (result as ToolResult<T>) : null;
}

/** The charge register as the charge analyses read it: narrowed to the lender the question names (as their sections are). */
async function readCharges(ctx: AnalysisContext): Promise<{ r: ToolResult<ChargesData>; prefix: string; lender?: string } | null> {
  const lender = ctx.understanding.lenders[0];
  const r = await read<ChargesData>(ctx, 'charges', lender ? { lender } : {});
  if (!r || !r.data.charges.length) return null;
  const named = r.data.lender;
  if (named && !named.keys.length) return null;
  if (!named) return { r, prefix: 'charges' };
  // The lender as the register names it ("Barclays Bank PLC"), not as the question typed it.
  const names = r.data.chargeholders.filter((h) => named.keys.includes(h.key)).map((h) => markdownSafe(h.name));
  return { r, prefix: `charges[${named.keys.join('|')}]`, lender: names.length ? listText(names) : markdownSafe(named.named) };
}

/** "4 of the 6 charges on the register are not fully satisfied (3 over all assets, 2 with a negative pledge), held by A and B." */
export async function liveSecurityFinding(ctx: AnalysisContext): Promise<Finding[]> {
  const read = await readCharges(ctx);
  if (!read) return [];
  const { r, prefix: p } = read;
  const where = read.lender ? ` held by ${read.lender}` : ' on the register';
  const total = Number(factOf(r, `${p}:total`).value);
  const live = Number(factOf(r, `${p}:live:total`).value);
  if (!live)
    return [
      {
        key: 'live-security',
        parts:
          total === 1
            ? [`The only charge${where} is fully satisfied: no security is outstanding.`]
            : ['All ', countFig(r, `${p}:total`), ` charges${where} are fully satisfied: no security is outstanding.`],
      },
    ];
  const holders = read.lender ? [] : r.data.chargeholders.filter((h) => h.active > 0).map((h) => markdownSafe(h.name));
  return [
    {
      key: 'live-security',
      parts: [
        countFig(r, `${p}:live:total`),
        ' of the ',
        countFig(r, `${p}:total`),
        ` ${plural(total, 'charge')}${where} ${plural(live, 'is', 'are')} not fully satisfied (`,
        countFig(r, `${p}:live:floatingCoversAll`),
        ` with a floating charge over all assets, `,
        countFig(r, `${p}:live:negativePledge`),
        ` with a negative pledge)`,
        holders.length ? `, held by ${listText(holders)}` : '',
        '.',
      ],
    },
  ];
}

/** The chargeholder with the most live security. */
export async function mainLenderFinding(ctx: AnalysisContext): Promise<Finding[]> {
  const read = await readCharges(ctx);
  const r = read?.r;
  const keys = r?.data.lender?.keys;
  // The lender the question names, else the one with most live security.
  const top = r?.data.chargeholders.filter((h) => h.active > 0 && (!keys || keys.includes(h.key))).sort((a, b) => b.active - a.active)[0];
  if (!r || !top) return [];
  const live = Number(factOf(r, 'charges:live:total').value);
  return [
    {
      key: 'main-lender',
      parts: [
        `${markdownSafe(top.name)} holds `,
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
