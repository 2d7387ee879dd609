/**
 * One citation opened from the chat (Enter on a source): the document and page it cites and the
 * page's text that holds the figure (the citation's quote), the figure highlighted; a register
 * citation says which register record it read. Esc closes it.
 */
import { Box, Text } from 'ink';
import { highlightQuote } from '@credence/shared';
import { fit, length, wrap } from '../../text.js';
import type { ChatTarget } from './chat-document.js';

type CitationTarget = Extract<ChatTarget, { kind: 'citation' }>;

/** How a highlighted figure shows: inverse video, or »12,345« without colours (NO_COLOR). */
export function markFigure(color: boolean): (text: string) => string {
  return color ? (text) => `\u001b[7m\u001b[1m${text}\u001b[22m\u001b[27m` : (text) => `»${text}«`;
}

/** The quote wrapped to the width, its figures marked (a figure never splits across lines). */
export function quoteLines(quote: string, figures: readonly string[], width: number, mark: (text: string) => string): string[] {
  const lines: string[] = [''];
  for (const segment of highlightQuote(quote, figures)) {
    const words = segment.highlight ? [mark(segment.text)] : segment.text.split(/(\s+)/).filter((w) => w !== '');
    for (const word of words) {
      const last = lines.at(-1)!;
      if (length(last) + length(word) > width && last !== '') {
        if (/^\s+$/.test(word)) {
          lines.push('');
          continue;
        }
        lines.push(word);
      } else lines[lines.length - 1] = last + word;
    }
  }
  return lines.map((line) => line.trimEnd());
}

export function CitationView({ target, width, height, color }: { target: CitationTarget; width: number; height: number; color: boolean }) {
  const { citation, number, label } = target.footnote;
  const inner = Math.max(20, width - 2);
  const where = citation.page !== undefined ? `Page ${citation.page}` : citation.record ? `Register: ${citation.record}` : '';
  const quote = citation.quote?.trim() ?? '';
  const body = quote ? quoteLines(quote, target.figures, inner, markFigure(color)) : [];
  const room = Math.max(1, height - 6);
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      {wrap(`[${number}] ${label}`, inner).map((line, i) => (
        <Text key={`t${i}`} bold color="cyan">
          {fit(line, inner)}
        </Text>
      ))}
      <Text dimColor>
        {fit([where, citation.pdf_name, citation.verified ? '' : 'not verified against its source'].filter(Boolean).join(' · '), inner)}
      </Text>
      <Text> </Text>
      {quote ? (
        body.slice(0, room).map((line, i) => (
          <Text key={`q${i}`} wrap="truncate">
            {line}
          </Text>
        ))
      ) : (
        <Text>{fit(citation.url ? `From the register: ${citation.title} (${citation.url})` : 'No page text for this source.', inner)}</Text>
      )}
      {body.length > room ? <Text dimColor>…</Text> : null}
      <Text> </Text>
      <Text dimColor>Esc back to the answer</Text>
    </Box>
  );
}
