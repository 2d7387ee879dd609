/**
 * Covenant summary for a UK registry company: the security package and restrictive terms the
 * register shows (negative pledges, fixed and floating charges, all-assets floating charges,
 * lenders, dates, live against satisfied), leverage and cover from the accounts when they are
 * filed, and plainly what the register cannot show: the covenant levels themselves.
 */
import { formatDate } from '@credence/shared';
import type { FinancialRatiosData } from '../../../../tools/financial-ratios.tool.js';
import type { RatioKey } from '../../../../tools/ratios.js';
import type { ChargeItem } from '../../../../tools/register/charges.tool.js';
import type { Fact } from '../../../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { sayNetDebt, sayWithWorking } from '../financial/common.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { readChargesOrDecline, type ChargesRead } from './charges-read.js';
import { cellOf, countFig, factOf, hasFact, heading, plural, say, subheading, lenderWords } from './write.js';
import { liveSecurityFinding } from './findings.js';

export const COVENANT_LIMITS_TEXT =
  'Covenant levels are not on the register: the financial covenants (leverage or interest cover tests, their levels and headroom) sit in the facility agreements, which are not filed at Companies House, and the register states none.';
const CONTEXT_NOT_TESTS = 'The ratios above are context for them, not the tests themselves.';

const CONTEXT_RATIOS: readonly RatioKey[] = ['netDebt', 'gearing', 'debtToEbitda', 'interestCover', 'liabilitiesToAssets'];

function livePackage(ctx: AnalysisContext, read: ChargesRead): void {
  const r = read.result;
  const p = read.data.lender ? `charges[${read.data.lender.keys.join('|')}]:live` : 'charges:live';
  const n = (name: string) => Number(factOf(r, `${p}:${name}`).value);
  const live = n('total');
  subheading(ctx.writer, 'Live security');
  if (!live) {
    say(
      ctx.writer,
      `None: every one of the `,
      countFig(r, read.data.lender ? `charges[${read.data.lender.keys.join('|')}]:total` : 'charges:total'),
      ` charges on the register is fully satisfied, so the register shows no security outstanding.\n\n`,
    );
    return;
  }
  say(
    ctx.writer,
    countFig(r, `${p}:total`),
    ` ${plural(live, 'charge is', 'charges are')} not fully satisfied. `,
    countFig(r, `${p}:floatingCoversAll`),
    ` ${plural(n('floatingCoversAll'), 'carries', 'carry')} a floating charge over all the property and undertaking (an all-assets security), `,
    countFig(r, `${p}:fixed`),
    ` a fixed charge and `,
    countFig(r, `${p}:floating`),
    ` a floating charge. `,
    countFig(r, `${p}:negativePledge`),
    ` ${plural(n('negativePledge'), 'contains', 'contain')} a negative pledge: the company has agreed not to grant other security over the charged assets without the chargeholder's consent, the one restrictive term the register records.\n\n`,
  );
}

function lenders(ctx: AnalysisContext, read: ChargesRead, live: readonly ChargeItem[]): void {
  const holders = read.data.chargeholders.filter((h) => h.active > 0 && (!read.data.lender || read.data.lender.keys.includes(h.key)));
  if (!holders.length) return;
  subheading(ctx.writer, 'Lenders with live security');
  holders.forEach((holder, i) => {
    const latest = live.find((c) => c.lenderKeys.includes(holder.key) && c.createdOn);
    say(
      ctx.writer,
      i ? '; ' : '',
      `${markdownSafe(holder.name)}: `,
      countFig(read.result, `lender:${holder.key}:active`),
      ` live ${plural(holder.active, 'charge')}`,
      latest ? ', the latest created on ' : '',
      latest ? { fact: factOf(read.result, `charge:${latest.chargeId}:created`), text: formatDate(latest.createdOn) } : null,
    );
  });
  ctx.writer.write('.\n\n');
}

function released(ctx: AnalysisContext, read: ChargesRead, charges: readonly ChargeItem[]): void {
  const satisfied = charges.filter((c) => !c.active);
  if (!satisfied.length) return;
  const last = satisfied.filter((c) => c.satisfiedOn).sort((a, b) => b.satisfiedOn!.localeCompare(a.satisfiedOn!))[0];
  const p = read.data.lender ? `charges[${read.data.lender.keys.join('|')}]` : 'charges';
  subheading(ctx.writer, 'Released security');
  // With nothing live, "Live security" has just said every charge is satisfied: only the latest release is new.
  if (satisfied.length === charges.length) {
    if (last)
      say(
        ctx.writer,
        `The most recent release was ${markdownSafe(last.title)}, satisfied on `,
        {
          fact: factOf(read.result, `charge:${last.chargeId}:satisfied`),
          text: formatDate(last.satisfiedOn),
        },
        '.\n\n',
      );
    return;
  }
  say(
    ctx.writer,
    countFig(read.result, `${p}:satisfied`),
    ` ${plural(satisfied.length, 'charge has', 'charges have')} been fully satisfied`,
    last ? `, most recently ${markdownSafe(last.title)} on ` : '',
    last ? { fact: factOf(read.result, `charge:${last.chargeId}:satisfied`), text: formatDate(last.satisfiedOn) } : null,
    '.\n\n',
  );
}

async function securityTable(ctx: AnalysisContext, read: ChargesRead, live: readonly ChargeItem[]): Promise<void> {
  if (!live.length) return;
  const yes = (flag: boolean) => (flag ? 'Yes' : 'No');
  const has = (c: ChargeItem, id: string) => c.terms.some((t) => t.id === id);
  const rows = live.map((c) => [
    c.lenders.join('; ') || '-',
    c.code ?? (c.number ? String(c.number) : c.chargeId),
    hasFact(read.result, `charge:${c.chargeId}:created`)
      ? cellOf({ fact: factOf(read.result, `charge:${c.chargeId}:created`), text: formatDate(c.createdOn) })
      : '-',
    yes(has(c, 'fixed-charge')),
    yes(has(c, 'floating-charge')),
    yes(has(c, 'floating-covers-all')),
    yes(has(c, 'negative-pledge')),
    c.terms
      .filter((t) => !['fixed-charge', 'floating-charge', 'floating-covers-all', 'negative-pledge'].includes(t.id))
      .map((t) => t.label)
      .join('; ') || '-',
  ]);
  const facts = live.map((c) => factOf(read.result, `charge:${c.chargeId}:status`));
  await ctx.writer.table(
    `Live security package: ${read.companyName}`,
    ['Lender', 'Charge', 'Created', 'Fixed', 'Floating', 'All assets', 'Negative pledge', 'Assets named'],
    rows,
    facts,
  );
}

/** Writes leverage and cover from the latest accounts; false when the accounts do not give them. */
async function leverageContext(ctx: AnalysisContext, companyNumber: string): Promise<boolean> {
  // The accounts are context only: a failed read leaves the register's summary standing.
  const ratios = await ctx
    .call<FinancialRatiosData>('financial_ratios', { company_number: companyNumber })
    .then((result) => result.data)
    .catch(() => null);
  const latest = ratios?.years.at(-1);
  const facts = latest ? CONTEXT_RATIOS.map((key) => latest.ratios[key]).filter((f): f is Fact => Boolean(f)) : [];
  if (!latest || !facts.length) {
    subheading(ctx.writer, 'Leverage and cover');
    ctx.writer.write(`The accounts on file do not give the figures for leverage or interest cover.\n\n`);
    return false;
  }
  subheading(ctx.writer, `Leverage and cover, FY${latest.fiscal_year} accounts`);
  // Each ratio is computed (printed on no page): written with its working, each filed figure marked with its page.
  for (const fact of facts) {
    ctx.writer.write('- ');
    if (fact.key.startsWith('netDebt@')) sayNetDebt(ctx, fact);
    else {
      // The working follows, so the label's own '(a / b)' would say it twice.
      ctx.writer.write(`${fact.label.replace(/\s*\(.*\)$/, '')}: `);
      sayWithWorking(ctx, fact);
    }
    ctx.writer.write('\n');
  }
  ctx.writer.write('\n');
  return true;
}

export const covenantsAnalysis: Analysis = {
  id: 'covenants',
  offer: 'a covenant summary',
  title: 'Covenant Summary',
  plan(u) {
    return [
      `Read the charge register${u.companyName ? ` of ${u.companyName}` : ''}${u.lenders.length ? ` for ${lenderWords(u.lenders[0])}` : ''}`,
      'Identify the live security package: all-assets floating charges, fixed charges, negative pledges',
      'List the lenders holding live security, and the security released',
      'Read leverage and interest cover from the latest accounts',
    ];
  },
  async run(ctx) {
    const read = await readChargesOrDecline(ctx, 0, 'a covenant summary');
    if (!read) return;
    heading(ctx.writer, this.title);
    const charges = read.data.lender
      ? read.data.charges.filter((c) => read.data.lender!.chargeIds.includes(c.chargeId))
      : read.data.charges;
    const live = charges.filter((c) => c.active);
    ctx.writer.write(
      `What the register shows of ${read.companyMd}'s lending terms: the security granted and the restrictive terms filed with it.\n\n`,
    );
    ctx.step(1, 'running');
    livePackage(ctx, read);
    ctx.step(1, 'done');
    ctx.step(2, 'running');
    lenders(ctx, read, live);
    released(ctx, read, charges);
    await ctx.writer.flush();
    await securityTable(ctx, read, live);
    ctx.step(2, 'done');
    ctx.step(3, 'running');
    const context = await leverageContext(ctx, read.companyNumber);
    ctx.step(3, 'done');
    subheading(ctx.writer, 'Not on the register');
    ctx.writer.write(context ? `${COVENANT_LIMITS_TEXT} ${CONTEXT_NOT_TESTS}\n\n` : `${COVENANT_LIMITS_TEXT}\n\n`);
  },
  async findings(ctx) {
    const security = await liveSecurityFinding(ctx);
    if (!security.length) return [];
    return [
      ...security,
      {
        key: 'covenant-levels',
        parts: [
          'Covenant levels and headroom are not on the register: they sit in the facility agreements, which are not filed at Companies House.',
        ],
      },
    ];
  },
  related(u) {
    const name = u.companyName ?? 'this company';
    return [`Who are ${name}'s lenders?`, `Capital structure analysis of ${name}`, `Charges and security of ${name}`];
  },
};
