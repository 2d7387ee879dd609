/**
 * The charge register as the charge analyses read it: the company asked about, the tool's
 * result, and the declines every one of them makes the same way (no company, no charges, a
 * named lender who holds none of the company's charges).
 */
import type { ChargesData } from '../../../../tools/register/charges.tool.js';
import type { ToolResult } from '../../../../../../platform/ai/engine/types.js';
import type { AnalysisContext } from '../../../../../../platform/ai/engine/analysis.js';
import { markdownSafe } from '../../../../../../platform/ai/engine/text.js';
import { listText } from './write.js';

export interface ChargesRead {
  companyNumber: string;
  /** The company's name as the register gives it (plain text: table titles). */
  companyName: string;
  /** The same name written into markdown (escaped: the register's text is never markup). */
  companyMd: string;
  result: ToolResult<ChargesData>;
  data: ChargesData;
}

/** The company's name as the answer says it (plain text, as the register gives it: table titles). */
export function companyLabel(ctx: AnalysisContext): string {
  const u = ctx.understanding;
  return u.companyName ?? (u.companyNumber ? `company ${u.companyNumber}` : 'the company');
}

/** The company's name written into the answer's markdown: the register's text, escaped. */
export function companyMd(ctx: AnalysisContext): string {
  return markdownSafe(companyLabel(ctx));
}

/** The company the question is about, or null after saying one is needed. */
export function companyOrDecline(ctx: AnalysisContext, what: string): string | null {
  const n = ctx.understanding.companyNumber;
  if (n) return n;
  ctx.missing(`No company was chosen: ${what} needs a UK company (choose one, or name it in the question).`);
  return null;
}

/**
 * Reads the charges (narrowed to the first named lender), or records why there is nothing to
 * show and returns null. `step` is the analysis's own step index for the read.
 */
export async function readChargesOrDecline(ctx: AnalysisContext, step: number, what: string): Promise<ChargesRead | null> {
  const companyNumber = companyOrDecline(ctx, what);
  if (!companyNumber) return null;
  const lender = ctx.understanding.lenders[0];
  ctx.step(step, 'running');
  const result = await ctx.call<ChargesData | null>('charges', { company_number: companyNumber, ...(lender ? { lender } : {}) });
  const data = result.data;
  const name = companyLabel(ctx);
  if (!data) {
    ctx.step(step, 'failed', result.missing?.join(' '));
    for (const m of result.missing ?? []) ctx.missing(m);
    return null;
  }
  ctx.step(step, 'done', `${data.counts.total} charges`);
  // A decline is said once, in the engine's "Not on file" with what it can answer instead: no section, no figure.
  if (!data.charges.length) {
    ctx.missing(
      `No charges are registered against ${name}: the register shows no secured lending, so there are no lenders, security or restrictive terms to report.`,
    );
    return null;
  }
  if (data.lender && !data.lender.keys.length) {
    const holders = data.chargeholders.map((h) => h.name);
    ctx.missing(`${data.lender.named} is not among the chargeholders of ${name}; the register names ${listText(holders)}.`);
    return null;
  }
  return { companyNumber, companyName: name, companyMd: markdownSafe(name), result: result as ToolResult<ChargesData>, data };
}
