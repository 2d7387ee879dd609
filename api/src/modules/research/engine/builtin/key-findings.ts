/**
 * Registry mode's "## Key Findings": each analysis of the answer gives its one or two most
 * important findings, written before the detailed sections with every figure cited as they cite
 * theirs. It is the writer's preface: shown only once an analysis says something, so a decline
 * shows none of it. With no finding to state, it names whose record and accounts the sections read.
 */
import type { AnswerWriter } from '../../../../platform/ai/engine/answer-writer.js';
import type { Fact } from '../../../../platform/ai/engine/types.js';
import type { Analysis, AnalysisContext, Finding } from '../../../../platform/ai/engine/analysis.js';
import type { ToolCalls } from '../../../../platform/ai/engine/context.js';
import { markdownSafe } from '../../../../platform/ai/engine/text.js';

/** At most this many findings open an answer. */
export const MAX_KEY_FINDINGS = 6;

/** The findings of the analyses, in their order, each said once; an analysis that cannot read its data gives none. */
export async function gatherFindings(analyses: Analysis[], ctx: AnalysisContext): Promise<Finding[]> {
  const all: Finding[] = [];
  // A figure the question names is answered right below: a finding about it would say it twice.
  const named = new Set(ctx.understanding.metrics);
  for (const analysis of analyses) {
    if (!analysis.findings) continue;
    const found = await analysis.findings(ctx).catch(() => []);
    for (const finding of found) if (!named.has(finding.key) && !all.some((f) => f.key === finding.key)) all.push(finding);
  }
  return all.slice(0, MAX_KEY_FINDINGS);
}

function writeFinding(w: AnswerWriter, finding: Finding): void {
  w.write('- ');
  for (const part of finding.parts) {
    if (!part) continue;
    if (typeof part === 'string') w.write(part);
    else if (part.derived) w.derived(part.fact, part.text);
    else w.figure(part.fact, part.text);
  }
  w.write('\n');
}

/** Sets the writer's preface to the Key Findings. */
export async function keyFindings(
  writer: AnswerWriter,
  analyses: Analysis[],
  ctx: AnalysisContext,
  calls: ToolCalls,
  companyNumber: string,
): Promise<void> {
  const findings = await gatherFindings(analyses, ctx);
  if (findings.length) {
    writer.preface((w) => {
      w.write('## Key Findings\n\n');
      for (const finding of findings) writeFinding(w, finding);
      w.write('\n');
    });
    return;
  }
  const profile = calls.has('company_profile') ? await calls.call('company_profile', { company_number: companyNumber }) : null;
  const fact = (key: string): Fact | undefined => profile?.facts.find((f) => f.key === key);
  const name = fact('profile.company_name');
  const status = fact('profile.company_status');
  writer.preface((w) => {
    w.write('## Key Findings\n\n');
    if (!name) return;
    w.write('From the filed accounts and the Companies House record of ');
    w.figure(name, `**${markdownSafe(String(name.value))}**`);
    if (status) {
      w.write(' (status: ');
      w.figure(status, markdownSafe(String(status.value)));
      w.write(')');
    }
    w.write('.\n\n');
  });
}
