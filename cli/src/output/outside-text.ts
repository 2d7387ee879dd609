/**
 * Log lines and screen contents in the terminal, by the shared rule (styledSegments): their SGR
 * colours redrawn with our own codes when colour is on, every other escape or control character
 * shown visibly (reversed, as less shows it), binary lines said as binary, a pattern's matches in
 * bold yellow. Used by `credence logs`, `credence screens` and the TUI's viewer alike.
 */
import {
  ANSI_COLOURS,
  binaryLineText,
  highlightSegments,
  isBinaryText,
  logLineSegments,
  plainSegmentsText,
  styledSegments,
  type TextSegment,
  type TextStyle,
} from '@credence/shared';

function colourCode(colour: string, background: boolean): string {
  const index = (ANSI_COLOURS as readonly string[]).indexOf(colour);
  if (index >= 0) return String((index < 8 ? 30 : 90) + (index % 8) + (background ? 10 : 0));
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return `${background ? 48 : 38};2;${r};${g};${b}`;
}

function sgrOf(style: TextStyle, control: boolean, match: boolean): string {
  const codes: string[] = [];
  if (style.bold || match) codes.push('1');
  if (style.dim) codes.push('2');
  if (style.italic) codes.push('3');
  if (style.underline) codes.push('4');
  if (style.inverse || control) codes.push('7');
  if (match) codes.push('33');
  else if (style.fg) codes.push(colourCode(style.fg, false));
  if (style.bg) codes.push(colourCode(style.bg, true));
  return codes.length ? `\u001b[${codes.join(';')}m` : '';
}

/** Segments as terminal text: styled with our own SGR codes when `color`, else their plain text. */
export function segmentsText(segments: readonly (TextSegment & { match?: boolean })[], color: boolean): string {
  if (!color) return plainSegmentsText(segments);
  return segments
    .map((s) => {
      const open = sgrOf(s.style, !!s.control, !!s.match);
      return open ? `${open}${s.text}\u001b[0m` : s.text;
    })
    .join('');
}

/** One line of a log or a screen as the terminal shows it; a binary line as "[binary line: …]". */
export function outsideLineText(line: string, color: boolean, pattern?: string): string {
  if (isBinaryText(line)) return color ? `\u001b[2m${binaryLineText(line)}\u001b[0m` : binaryLineText(line);
  const segments = styledSegments(line);
  return segmentsText(pattern ? highlightSegments(segments, pattern) : segments, color);
}

/** Many lines (a screen's content). */
export function outsideText(text: string, color: boolean): string {
  return text
    .split('\n')
    .map((line) => outsideLineText(line, color))
    .join('\n');
}

/** A log line as the viewer shows it (issue 28 §5): outside text with its timestamp dimmed and level coloured (shared logLineSegments). */
export function logLineText(line: string, color: boolean, pattern?: string): string {
  if (isBinaryText(line)) return outsideLineText(line, color);
  return segmentsText(logLineSegments(line, pattern), color);
}
