/**
 * An MCP tool's answer: structuredContent for programs, and a text rendering for the model, with
 * every figure's citation and whether the evidence checker confirmed it at its source. Quoted
 * text from filings, the register and uploads goes inside an untrusted-data block.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ResearchCitation } from '@credence/shared';
import type { Fact } from '../../platform/ai/engine/types.js';
import { untrustedBlock } from './untrusted.js';

/** The most text one answer carries (the structured content is bounded by the tools' own limits). */
const MAX_TEXT = 60_000;

/** A fact as an agent gets it: the figure, where it is printed or recorded, and whether the checker found it there. */
export type CitedFact = Pick<Fact, 'key' | 'label' | 'value' | 'unit' | 'period' | 'printed' | 'formula'> & {
  citation: ResearchCitation;
  /** Why it could not be confirmed, when it could not. */
  unverified_reason?: string;
};

export function citedFact(fact: Fact, citation: ResearchCitation, reason?: string): CitedFact {
  const { key, label, value, unit, period, printed, formula } = fact;
  return {
    key,
    label,
    value,
    unit,
    ...(period ? { period } : {}),
    ...(printed ? { printed } : {}),
    ...(formula ? { formula } : {}),
    citation,
    ...(reason && !citation.verified ? { unverified_reason: reason } : {}),
  };
}

function where(c: ResearchCitation): string {
  if (c.kind === 'register') return `${c.title} (register: ${c.record ?? 'record'} of company ${c.company_number ?? ''})`;
  if (c.page) return `${c.title}, ${c.pdf_name ?? c.document_id} page ${c.page}`;
  return c.url ? `${c.title} (${c.url})` : c.title;
}

export function factLine(f: CitedFact): string {
  const value = f.printed ?? (typeof f.value === 'number' ? f.value.toLocaleString('en-GB') : String(f.value ?? '—'));
  const unit = ['GBP', 'EUR', 'USD', 'percent', 'days', 'years'].includes(f.unit) ? ` ${f.unit}` : '';
  const check = f.citation.verified ? 'verified' : `unverified${f.unverified_reason ? `: ${f.unverified_reason}` : ''}`;
  return `- ${f.label}${f.period ? ` (${f.period})` : ''}: ${value}${unit} — ${where(f.citation)} [${check}]`;
}

function bounded(text: string): string {
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}\n… (cut at ${MAX_TEXT} characters: the structured content has all of it)`
    : text;
}

/** A successful answer: `heading` is Credence's own words; `body` (quoted data) goes in one untrusted-data block. */
export function toolAnswer(heading: string, source: string, structured: Record<string, unknown>, body: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `${heading}\n${untrustedBlock(source, bounded(body))}` }],
    structuredContent: structured,
  };
}

/** A refusal or failure the agent should read (a 402, a 404, a bad argument): isError, the message as the API words it. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
