/**
 * What the engine says when the data does not hold the answer: what is missing, in plain words,
 * and what it can answer instead. A decline states no figure.
 */
import { RESEARCH_SAMPLE_QUESTIONS } from '@credence/shared';
import { markdownSafe, missingList } from '../../../../platform/ai/engine/text.js';
import type { Understood } from './understand.js';
import { unsupportedLine } from './vocabulary.js';

export type DeclineReason = 'no-company' | 'company-not-found' | 'unsupported' | 'no-analysis' | 'not-on-file';

export interface Decline {
  reason: DeclineReason;
  missing: string[];
  markdown: string;
}

export function declineFor(u: Understood, reason: DeclineReason, offers: string, missing: string[] = []): Decline {
  const subject = u.companyName ? 'this company' : 'a company';
  switch (reason) {
    case 'no-company':
      return {
        reason,
        missing: ['the company the question is about'],
        markdown: `## Which company?\n\nI couldn't tell which UK company this question is about. Choose a company for this chat, or name it by its company number or registered name, and I can answer ${offers} from its filings and register record.\n`,
      };
    case 'company-not-found':
      return {
        reason,
        missing: [`a company matching “${clip(u.companyNotFound ?? '')}”`],
        markdown: `## Company not found\n\nNo company matching “${markdownSafe(clip(u.companyNotFound ?? ''))}” is held here, so there is nothing to answer from. Check the company number or the registered name; for a company that is held, I can answer ${offers}.\n`,
      };
    case 'unsupported':
      return {
        reason,
        missing: u.unsupported,
        markdown: `## Not in the data\n\n${missingList(u.unsupported.map(unsupportedLine))}\n\nThe data held here has no ${u.unsupported.map(markdownSafe).join(', ')} for ${subject}: it holds the Companies House register and the company's filed accounts, and I don't estimate figures they don't contain. I can answer ${offers} instead.\n`,
      };
    case 'no-analysis':
      return {
        reason,
        missing: ['an analysis that answers this question'],
        markdown: `## What I can answer\n\nI can't answer that question from ${subject}'s filings and register record. I can answer ${offers}: for example, “${RESEARCH_SAMPLE_QUESTIONS[0]}”, “${RESEARCH_SAMPLE_QUESTIONS[1]}” or “${RESEARCH_SAMPLE_QUESTIONS[2]}”.\n`,
      };
    case 'not-on-file':
      return {
        reason,
        missing,
        markdown: `## Not on file\n\n${missingList(missing)}\n\nI don't estimate figures that are not filed. I can answer ${offers} from what is on file.\n`,
      };
  }
}

/** A name quoted back is data: cut short, and with no markdown of its own. */
function clip(text: string): string {
  const plain = text
    .replace(/[[\]*_`#>|\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 60 ? `${plain.slice(0, 57)}...` : plain;
}
