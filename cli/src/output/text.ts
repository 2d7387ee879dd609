/**
 * Plain-text layout for the readable views (company sections, filings): section headings, label
 * and value blocks, wrapped paragraphs and colours that vanish without a colour terminal. Widths
 * count characters, not bytes, and ignore colour codes.
 */

export interface Style {
  color: boolean;
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
}

export function styleFor(color: boolean): Style {
  const wrap = (open: string, close: string) => (text: string) => (color && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { color, bold: wrap('1', '22'), dim: wrap('2', '22'), green: wrap('32', '39'), red: wrap('31', '39'), yellow: wrap('33', '39') };
}

/** A style without colours (tests, --no-color, pipes). */
export const PLAIN: Style = styleFor(false);

const ANSI = /\u001b\[[0-9;]*m/g;

/** Characters shown on screen: colour codes do not count, a multi-byte character counts once. */
export function visibleLength(text: string): number {
  return Array.from(text.replace(ANSI, '')).length;
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleLength(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - visibleLength(text))) + text;
}

/** Text cut to `width` characters, the last one "…" (colour codes must be taken out first). */
export function cut(text: string, width: number): string {
  const chars = Array.from(text);
  if (chars.length <= width) return text;
  return width <= 1 ? chars.slice(0, width).join('') : `${chars.slice(0, width - 1).join('')}…`;
}

/** Joins words that must stay on one line when wrapped ("p. 4"); shown as a plain space. */
export const NBSP = '\u00a0';

/**
 * Words of `text` in lines of at most `width` characters (a word longer than a line is cut across
 * lines). Line breaks in the text are kept; runs of spaces collapse; NBSP joins words.
 */
export function wrap(text: string, width: number): string[] {
  const size = Math.max(10, width);
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (let word of paragraph.split(/[ \t\f\v]+/).filter(Boolean)) {
      while (visibleLength(word) > size) {
        if (line) lines.push(line);
        const chars = Array.from(word);
        lines.push(chars.slice(0, size).join(''));
        word = chars.slice(size).join('');
        line = '';
      }
      if (!line) line = word;
      else if (visibleLength(line) + 1 + visibleLength(word) <= size) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines.map((line) => line.replaceAll(NBSP, ' '));
}

/** Wrapped lines, each after `indent` spaces. */
export function indented(text: string, width: number, indent = 2): string[] {
  return wrap(text, width - indent).map((line) => (line ? ' '.repeat(indent) + line : line));
}

/** "── Title ─────" across the width (at most 80 characters: a rule, not a banner). */
export function heading(title: string, width: number, style: Style): string {
  const rule = Math.max(3, Math.min(width, 80) - visibleLength(title) - 4);
  return `${style.dim('──')} ${style.bold(title)} ${style.dim('─'.repeat(rule))}`;
}

/** One label and value per line, labels in a column, long values wrapped under their start. */
export function labelled(pairs: ReadonlyArray<readonly [string, string]>, width: number, style: Style, indent = 2): string[] {
  const labelWidth = Math.min(24, Math.max(0, ...pairs.map(([label]) => visibleLength(label))));
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
  const widths = columns.map((c, i) => Math.max(visibleLength(c.header), ...rows.map((r) => visibleLength(r[i] ?? ''))));
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
        let shown = visibleLength(cell) > widths[i] ? cut(cell.replace(ANSI, ''), widths[i]) : cell;
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
    ...rows.map((r) => line(r)),
  ];
}
