/**
 * An answer's markdown as terminal lines: headings as rules or bold lines, paragraphs and list
 * items wrapped to the width, pipe tables as aligned tables (textTable), **bold** in bold, links
 * as their words. Used by `credence ask`, `credence chats show` and the chat screen alike.
 */
import { cellLine, heading, NBSP, textTable, textWidth, wrap, type Style, type TextColumn } from '../output/text.js';

/** A backslash-escaped character stands for itself: held as a private-use character while markup is read. */
const HELD = 0xe000;
const hold = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, (_m, c: string) => String.fromCharCode(HELD + c.charCodeAt(0)));
const release = (text: string) => text.replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - HELD));

/**
 * Inline markdown → styled text: bold kept as bold, emphasis, code and links as their words.
 * Escaped characters (`\[` in a quoted passage: the engines escape outside text) show as themselves.
 */
export function inlineText(text: string, style: Style): string {
  return release(inlineMarkup(hold(text), style));
}

function inlineMarkup(text: string, style: Style): string {
  return text
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_m, a: string | undefined, b: string | undefined) => style.bold(a ?? b ?? ''))
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2');
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const NUMERIC = /^[-+(£$€]*\d[\d,.]*\)?\s*(%|[kmx]|bn)?$/i;

/** The cells of one pipe-table row: split at its pipes, never at an escaped one (`\|`, a pipe in a quoted name). */
export function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** A cell may be cut to this share of its natural width before the table reads better as records. */
const MIN_SHARE = 0.7;

/**
 * A table as terminal lines: numbers right-aligned, text columns cut with "…" to fit. A table
 * too wide for that (its text columns would lose more than a third) prints as records instead:
 * each row's first cell in bold, then "Header: value" pairs wrapped under it.
 */
export function tableLines(headers: readonly string[], rows: readonly (readonly string[])[], width: number, style: Style): string[] {
  const natural = headers.map((h, i) => Math.max(textWidth(h), ...rows.map((r) => textWidth(r[i] ?? ''))));
  const needed = 2 + natural.reduce((a, b) => a + b, 0) + 2 * (headers.length - 1);
  if (needed * MIN_SHARE > width && headers.length > 2) return recordLines(headers, rows, width, style);
  const columns: TextColumn[] = headers.map((header, i) => {
    const numeric = rows.length > 0 && rows.every((r) => (r[i] ?? '') === '' || NUMERIC.test(r[i] ?? ''));
    return { header, align: numeric && i > 0 ? 'right' : 'left', flexible: !numeric || i === 0 };
  });
  return textTable(columns, rows, width, style, 2);
}

/** Rows as records: the first cell as a title, the other cells as "Header: value" pairs, wrapped. */
export function recordLines(headers: readonly string[], rows: readonly (readonly string[])[], width: number, style: Style): string[] {
  const lines: string[] = [];
  for (const row of rows) {
    lines.push(`  ${style.bold(cellLine(row[0] || '—'))}`);
    const pairs = headers
      .slice(1)
      .map((header, i) => [header, row[i + 1] ?? ''] as const)
      .filter(([, value]) => value !== '')
      .map(([header, value]) => `${header.replace(/ /g, NBSP)}:${NBSP}${cellLine(value)}`);
    // NBSP keeps each "·" at the end of its line, not the start of the next
    lines.push(...wrap(pairs.join(`${NBSP}· `), width - 4).map((line) => `    ${line}`));
  }
  return lines;
}

function paragraphLines(text: string, width: number, style: Style): string[] {
  return wrap(inlineText(text, style), width);
}

function listItemLines(marker: string, text: string, depth: number, width: number, style: Style): string[] {
  const bullet = /^\d/.test(marker) ? `${marker} ` : '• ';
  const indent = ' '.repeat(depth * 2);
  const hang = indent + ' '.repeat(textWidth(bullet));
  const lines = wrap(inlineText(text, style), Math.max(10, width - textWidth(hang)));
  return lines.map((line, i) => (i === 0 ? indent + bullet : hang) + line);
}

/** The markdown as lines of at most `width` cells (tables may be cut to fit). */
export function markdownLines(markdown: string, width: number, style: Style): string[] {
  const source = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  const blank = () => {
    if (out.length > 0 && out.at(-1) !== '') out.push('');
  };
  const flush = () => {
    if (paragraph.length === 0) return;
    out.push(...paragraphLines(paragraph.join(' '), width, style));
    paragraph = [];
  };
  for (let i = 0; i < source.length; i++) {
    const line = source[i];
    const trimmed = line.trim();
    if (trimmed.startsWith('```')) {
      flush();
      for (i++; i < source.length && !source[i].trim().startsWith('```'); i++) out.push(`  ${source[i]}`);
      continue;
    }
    if (trimmed === '') {
      flush();
      blank();
      continue;
    }
    const head = /^(#{1,6})\s+(.*?)\s*#*$/.exec(trimmed);
    if (head) {
      flush();
      blank();
      const title = inlineText(head[2], { ...style, bold: (t) => t });
      out.push(head[1].length <= 2 ? heading(title, width, style) : style.bold(title));
      continue;
    }
    if (trimmed.startsWith('|') && TABLE_SEPARATOR.test(source[i + 1] ?? '')) {
      flush();
      const headers = tableCells(trimmed).map((c) => inlineText(c, style));
      const rows: string[][] = [];
      for (i += 2; i < source.length && source[i].trim().startsWith('|'); i++)
        rows.push(tableCells(source[i]).map((c) => inlineText(c, style)));
      i--;
      out.push(...tableLines(headers, rows, width, style));
      continue;
    }
    if (/^([-*_])(\s*\1){2,}$/.test(trimmed)) {
      flush();
      out.push(style.dim('─'.repeat(Math.min(width, 40))));
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      out.push(...listItemLines(item[2], item[3], Math.floor(item[1].length / 2), width, style));
      continue;
    }
    if (trimmed.startsWith('>')) {
      flush();
      out.push(...wrap(inlineText(trimmed.replace(/^>\s?/, ''), style), width - 2).map((l) => `${style.dim('│')} ${l}`));
      continue;
    }
    paragraph.push(trimmed);
  }
  flush();
  while (out.at(-1) === '') out.pop();
  return out;
}

/** The markdown tables' header rows (to leave out a streamed table the text already shows). */
export function markdownTableHeaders(markdown: string): string[][] {
  const lines = markdown.split(/\r?\n/);
  return lines.flatMap((line, i) => (line.trim().startsWith('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '') ? [tableCells(line)] : []));
}
