/** Charges and security: what the register shows is secured, for whom, and what is still live. */
import { formatDate } from '@credence/shared';
import type { ChargeItem } from '../../../../tools/register/charges.tool.js';
import type { Analysis, AnalysisContext, Understanding } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { readChargesOrDecline, type ChargesRead } from './charges-read.js';
import { cellOf, countFig, factOf, hasFact, heading, say, statusText, lenderWords } from './write.js';
import { liveSecurityFinding } from './findings.js';

/** Most charges one table lists (newest first). */
export const CHARGE_TABLE_ROWS = 20;

function lenderNote(u: Understanding): string {
  return u.lenders.length ? ` held by ${lenderWords(u.lenders[0])}` : '';
}

export async function chargeTable(ctx: AnalysisContext, read: ChargesRead, charges: readonly ChargeItem[], title: string): Promise<void> {
  const shown = charges.slice(0, CHARGE_TABLE_ROWS);
  const r = read.result;
  const dated = (c: ChargeItem, name: 'created' | 'satisfied', value: string | null) =>
    value && hasFact(r, `charge:${c.chargeId}:${name}`)
      ? cellOf({ fact: factOf(r, `charge:${c.chargeId}:${name}`), text: formatDate(value) })
      : '-';
  const rows = shown.map((c) => [
    c.code ?? (c.number ? String(c.number) : c.chargeId),
    dated(c, 'created', c.createdOn),
    cellOf({ fact: factOf(r, `charge:${c.chargeId}:status`), text: statusText(c.status) }),
    dated(c, 'satisfied', c.satisfiedOn),
    c.lenders.join('; ') || '-',
    c.terms.map((t) => t.label).join('; ') || c.classification || '-',
  ]);
  await ctx.writer.table(title, ['Charge', 'Created', 'Status', 'Satisfied', 'Lenders', 'Security'], rows);
  if (charges.length > shown.length) ctx.writer.write('The table lists the newest charges only.\n\n');
}

function summary(ctx: AnalysisContext, read: ChargesRead): void {
  const r = read.result;
  const p = read.data.lender ? `charges[${read.data.lender.keys.join('|')}]` : 'charges';
  const c = read.data.lender?.counts ?? read.data.counts;
  say(
    ctx.writer,
    `The register shows `,
    countFig(r, `${p}:total`),
    ` ${c.total === 1 ? 'charge' : 'charges'}${markdownSafe(lenderNote(ctx.understanding))} against ${read.companyMd}: `,
    countFig(r, `${p}:active`),
    ` not fully satisfied (`,
    countFig(r, `${p}:outstanding`),
    ` outstanding, `,
    countFig(r, `${p}:partSatisfied`),
    ` part-satisfied) and `,
    countFig(r, `${p}:satisfied`),
    ` fully satisfied.\n\n`,
  );
  say(
    ctx.writer,
    `Terms as registered: `,
    countFig(r, `${p}:fixed`),
    ` ${c.fixed === 1 ? 'contains' : 'contain'} a fixed charge, `,
    countFig(r, `${p}:floating`),
    ` a floating charge, and `,
    countFig(r, `${p}:negativePledge`),
    ` a negative pledge; in `,
    countFig(r, `${p}:floatingCoversAll`),
    ` the floating charge covers all the company's property and undertaking.\n\n`,
  );
}

function newest(ctx: AnalysisContext, read: ChargesRead, charges: readonly ChargeItem[]): void {
  const latest = charges.find((c) => c.createdOn);
  if (!latest) return;
  const created = factOf(read.result, `charge:${latest.chargeId}:created`);
  say(
    ctx.writer,
    `The most recent, ${markdownSafe(latest.title)}, was created on `,
    { fact: created, text: formatDate(latest.createdOn) },
    latest.lenders.length ? ` in favour of ${latest.lenders.map(markdownSafe).join(' and ')}` : '',
    ` and is ${markdownSafe(statusText(latest.status).toLowerCase())}.\n\n`,
  );
}

export const chargesAnalysis: Analysis = {
  id: 'charges',
  offer: 'charges and security',
  title: 'Charges and Security',
  plan(u) {
    return [
      `Read the charge register${u.companyName ? ` of ${u.companyName}` : ''}${lenderNote(u)}`,
      'Classify each charge: fixed, floating, negative pledge, all-assets',
      'Separate live charges from satisfied ones',
    ];
  },
  async run(ctx) {
    const read = await readChargesOrDecline(ctx, 0, 'charges and security');
    if (!read) return;
    heading(ctx.writer, this.title);
    const charges = read.data.lender
      ? read.data.charges.filter((c) => read.data.lender!.chargeIds.includes(c.chargeId))
      : read.data.charges;
    ctx.step(1, 'running');
    summary(ctx, read);
    ctx.step(1, 'done');
    ctx.step(2, 'running');
    newest(ctx, read, charges);
    await ctx.writer.flush();
    await chargeTable(ctx, read, charges, `Charges${lenderNote(ctx.understanding)}: ${read.companyName}`);
    ctx.step(2, 'done');
  },
  findings: (ctx) => liveSecurityFinding(ctx),
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`Who are ${name}'s lenders?`, `Covenant summary for ${name}`, `Which charges of ${name} are still outstanding?`];
  },
};
