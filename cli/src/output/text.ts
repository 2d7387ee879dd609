/**
 * The terminal's one text layer: widths in cells (string-width), padding, cutting (cli-truncate)
 * and wrapping (wrap-ansi), used by the commands' output and the full-screen UI alike; and the
 * plain-text layout of the readable views (company sections, filings): section headings, label
 * and value blocks, wrapped paragraphs and colours that vanish without a colour terminal.
 */
import { terminalSafe } from '@credence/shared';
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

export interface Style {
  color: boolean;
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  /** White on red, bold: the distress banner. */
  alert(text: string): string;
}

export function styleFor(color: boolean): Style {
  const wrap = (open: string, close: string) => (text: string) => (color && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    color,
    bold: wrap('1', '22'),
    dim: wrap('2', '22'),
    green: wrap('32', '39'),
    red: wrap('31', '39'),
    yellow: wrap('33', '39'),
    alert: wrap('1;97;41', '22;39;49'),
  };
}

/** A style without colours (tests, --no-color, pipes). */
export const PLAIN: Style = styleFor(false);

/**
 * Terminal cells the text covers (string-width): colour codes take none, a CJK character or an
 * emoji takes two, a combining mark none. Every width, pad, cut and wrap of the terminal goes
 * through this module, so a Japanese company name or an emoji lines up like Latin text.
 */
export function textWidth(text: string): number {
  return stringWidth(text);
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - textWidth(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - textWidth(text))) + text;
}

/**
 * Text cut to at most `width` cells, the last one "…" when something was cut (cli-truncate, which
 * keeps colour codes balanced). A wide character that would straddle the edge is left out.
 */
export function cut(text: string, width: number): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  let room = width;
  let out = cliTruncate(text, room);
  while (room > 1 && textWidth(out) > width) out = cliTruncate(text, --room);
  return textWidth(out) > width ? '' : out;
}

/**
 * A table cell as one line of inert text, before it is measured: line breaks and tabs as spaces
 * (a cell never starts a row of its own), and every control character and escape sequence but our
 * own SGR colours shown visibly (shared terminalSafe), so a name from the register or a filing can
 * neither break the columns nor act on the terminal, and widths count what is shown.
 */
export function cellLine(text: string): string {
  return terminalSafe(text.replace(/[\r\n\t]+/g, ' '), true);
}

/** Exactly `width` cells: line breaks and tabs as spaces, cut, then padded on the right (or the left for numbers). */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const shown = cut(text.replace(/[\r\n\t]+/g, ' '), width);
  return align === 'right' ? padStart(shown, width) : padEnd(shown, width);
}

/** Left and right text on one line of `width` cells (the right side wins when both do not fit). */
export function spread(left: string, right: string, width: number): string {
  const r = cut(right, width);
  const room = width - textWidth(r);
  if (room <= 1) return fit(r, width, 'right');
  return fit(left, room - 1) + ' ' + r;
}

/** Joins words that must stay on one line when wrapped ("p. 4"); shown as a plain space. */
export const NBSP = '\u00a0';

/**
 * Words of `text` in lines of at most `width` cells (wrap-ansi; a word longer than a line is cut
 * across lines). Line breaks in the text are kept; runs of spaces collapse; NBSP joins words.
 */
export function wrap(text: string, width: number): string[] {
  const size = Math.max(1, width);
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph
      .split(/[ \t\f\v]+/)
      .filter(Boolean)
      .join(' ');
    lines.push(...wrapAnsi(words, size, { hard: true, trim: true }).split('\n'));
  }
  return lines.map((line) => line.replaceAll(NBSP, ' '));
}

/** Wrapped lines, each after `indent` spaces. */
export function indented(text: string, width: number, indent = 2): string[] {
  return wrap(text, width - indent).map((line) => (line ? ' '.repeat(indent) + line : line));
}

/** "── Title ─────" across the width (at most 80 characters: a rule, not a banner). */
export function heading(title: string, width: number, style: Style): string {
  const rule = Math.max(3, Math.min(width, 80) - textWidth(title) - 4);
  return `${style.dim('──')} ${style.bold(title)} ${style.dim('─'.repeat(rule))}`;
}

/** One label and value per line, labels in a column, long values wrapped under their start. */
export function labelled(pairs: ReadonlyArray<readonly [string, string]>, width: number, style: Style, indent = 2): string[] {
  const labelWidth = Math.min(24, Math.max(0, ...pairs.map(([label]) => textWidth(label))));
  const valueWidth = Math.max(20, width - indent - labelWidth - 2);
  const lines: string[] = [];
  for (const [label, value] of pairs) {
    const parts = wrap(value, valueWidth);
    const lead = ' '.repeat(indent) + padEnd(style.dim(label), labelWidth) + '  ';
    lines.push((lead + parts[0]).trimEnd());
    for (const part of parts.slice(1)) lines.push(' '.repeat(indent + labelWidth + 2) + part);
  }
  return lines;
}

export interface TextColumn {
  header: string;
  align?: 'left' | 'right';
  /** Shrinks first when the table is too wide; a column without it keeps its natural width. */
  flexible?: boolean;
}

/**
 * A table of cells already formatted (and maybe coloured): natural widths, flexible columns cut
 * with "…" to fit the width. Used where cells carry colour, which renderTable cannot measure.
 */
export function textTable(
  columns: readonly TextColumn[],
  rows: readonly (readonly string[])[],
  width: number,
  style: Style = PLAIN,
  indent = 2,
): string[] {
  const safe = rows.map((r) => columns.map((_, i) => cellLine(r[i] ?? '')));
  const widths = columns.map((c, i) => Math.max(textWidth(c.header), ...safe.map((r) => textWidth(r[i]))));
  const total = () => indent + widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
  while (total() > width) {
    let widest = -1;
    columns.forEach((c, i) => {
      if (c.flexible && widths[i] > 8 && (widest < 0 || widths[i] > widths[widest])) widest = i;
    });
    if (widest < 0) break;
    widths[widest]--;
  }
  const line = (cells: readonly string[], header = false) =>
    ' '.repeat(indent) +
    cells
      .map((cell, i) => {
        let shown = cut(cell, widths[i]);
        if (header) shown = style.dim(shown);
        return columns[i].align === 'right' ? padStart(shown, widths[i]) : padEnd(shown, widths[i]);
      })
      .join('  ')
      .trimEnd();
  return [
    line(
      columns.map((c) => c.header),
      true,
    ),
    ...safe.map((r) => line(r)),
  ];
}

/**
 * A long line seen from `left` cells on, cut to `width` (less -S): "…" at either edge where the
 * line goes on. Colour codes stay balanced (cli-truncate).
 */
export function sidewaysSlice(text: string, left: number, width: number): string {
  const total = textWidth(text);
  // the "…" takes the place of the first cell shown, so the last step shows the line's end whole
  const from = left > 0 && total > left ? cliTruncate(text, total - left, { position: 'start' }) : text;
  return cut(from, width);
}

/** A line broken into rows of exactly `width` cells (a log line wraps by cells, as a terminal wraps it, not by words). */
export function wrapCells(text: string, width: number): string[] {
  if (textWidth(text) <= width) return [text];
  return wrapAnsi(text, Math.max(1, width), { hard: true, trim: false, wordWrap: false }).split('\n');
}
