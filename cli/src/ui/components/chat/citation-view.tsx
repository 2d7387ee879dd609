/**
 * One citation opened from the chat (Enter on a source). A filing citation shows its page's text
 * whole, scrolled to the quoted lines, the cited figures (or the quoted passage) highlighted, with
 * the page number and the document in the header; when the page cannot be read it says so in one
 * line and shows the citation's quote. A register citation says which register record it read.
 * The chat screen scrolls it and closes it (Esc).
 */
import { Box, Text } from 'ink';
import { highlightQuote, type QuoteSegment } from '@credence/shared';
import { fit, length, wrap } from '../../text.js';
import type { ChatTarget } from './chat-document.js';
import { pageSegments } from './cited-page.js';
import type { PageTextState } from './use-page-text.js';

export type CitationTarget = Extract<ChatTarget, { kind: 'citation' }>;

/** How a highlighted figure shows: inverse video, or »12,345« without colours (NO_COLOR). */
export function markFigure(color: boolean): (text: string) => string {
  return color ? (text) => `\u001b[7m\u001b[1m${text}\u001b[22m\u001b[27m` : (text) => `»${text}«`;
}

/** Parts wrapped to the width, the highlighted ones marked (a figure never splits across lines). */
function segmentLines(segments: readonly QuoteSegment[], width: number, mark: (text: string) => string): string[] {
  // a highlighted line (a quoted passage) wraps as text, each piece marked
  if (segments.length === 1 && segments[0].highlight) return wrap(segments[0].text, Math.max(1, width - 2)).map(mark);
  const lines: string[] = [''];
  for (const segment of segments) {
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

/** The quote wrapped to the width, its figures marked. */
export function quoteLines(quote: string, figures: readonly string[], width: number, mark: (text: string) => string): string[] {
  return segmentLines(highlightQuote(quote, figures), width, mark);
}

export interface CitationLayout {
  heading: string[];
  /** Where: "Page 7 of 12 · AcmeAccounts2024Doc.pdf", the register record... */
  meta: string;
  /** One line about the page text (loading, or why the quote shows instead), or null. */
  notice: string | null;
  body: string[];
  /** The first body line with a highlight: where the view opens. */
  focus: number;
}

function quoteBody(target: CitationTarget, width: number, mark: (text: string) => string): string[] {
  const { citation } = target.footnote;
  const quote = citation.quote?.trim() ?? '';
  if (quote) return quoteLines(quote, target.figures, width, mark);
  return wrap(citation.url ? `From the register: ${citation.title} (${citation.url})` : 'No page text for this source.', width);
}

export function citationLayout(target: CitationTarget, state: PageTextState, width: number, color: boolean): CitationLayout {
  const { citation, number, label } = target.footnote;
  const mark = markFigure(color);
  const loaded = state.status === 'loaded' ? state.page : null;
  const where = loaded
    ? `Page ${loaded.page} of ${loaded.pages}${loaded.title !== citation.title ? ` · ${loaded.title}` : ''}`
    : citation.page !== undefined
      ? `Page ${citation.page}`
      : citation.record
        ? `Register: ${citation.record}`
        : '';
  const meta = [where, citation.pdf_name, citation.verified ? '' : 'not verified against its source'].filter(Boolean).join(' · ');
  const heading = wrap(`[${number}] ${label}`, width);
  if (!loaded) {
    const notice =
      state.status === 'loading'
        ? `Loading page ${citation.page}…`
        : state.status === 'failed'
          ? `Could not read the page (${state.error}): the quote only.`
          : null;
    return { heading, meta, notice, body: quoteBody(target, width, mark), focus: 0 };
  }
  const body: string[] = [];
  let focus = -1;
  for (const segments of pageSegments(loaded, citation, target.figures)) {
    if (focus < 0 && segments.some((s) => s.highlight)) focus = body.length;
    body.push(...segmentLines(segments, width, mark));
  }
  return { heading, meta, notice: null, body, focus: Math.max(0, focus) };
}

/** Body rows the view has at this height (the heading, meta, a gap, the notice and the hint take the rest). */
export function citationRoom(layout: CitationLayout, height: number): number {
  return Math.max(1, height - layout.heading.length - 3 - (layout.notice ? 1 : 0));
}

/** Where the view opens: the quoted lines a little below the top. */
export function citationTop(layout: CitationLayout, height: number, top: number | null): number {
  const maxTop = Math.max(0, layout.body.length - citationRoom(layout, height));
  return Math.min(maxTop, Math.max(0, top ?? layout.focus - 2));
}

export function CitationView({ layout, top, width, height }: { layout: CitationLayout; top: number; width: number; height: number }) {
  const room = citationRoom(layout, height);
  const shown = layout.body.slice(top, top + room);
  const scrollable = layout.body.length > room;
  const position = scrollable ? `lines ${top + 1}-${top + shown.length} of ${layout.body.length}` : ' ';
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      {layout.heading.map((line, i) => (
        <Text key={`t${i}`} bold color="cyan">
          {fit(line, width - 2)}
        </Text>
      ))}
      <Text dimColor>{fit(layout.meta, width - 2)}</Text>
      <Text> </Text>
      {layout.notice ? <Text color="yellow">{fit(layout.notice, width - 2)}</Text> : null}
      <Box flexDirection="column" height={room}>
        {shown.map((line, i) => (
          <Text key={`b${top + i}`} wrap="truncate">
            {line}
          </Text>
        ))}
      </Box>
      <Text dimColor>{fit(position, width - 2)}</Text>
    </Box>
  );
}
