/**
 * The terminal's text layer counts cells, not characters: a CJK character or an emoji takes two,
 * colour codes none. Tables with such names stay inside the width and keep their columns aligned.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { COMPANY_SCREENER_COLUMNS, type ColumnSpec } from '@credence/shared';
import { renderTable } from '../src/output/table.js';
import { cut, fit, padEnd, styleFor, textTable, textWidth, wrap } from '../src/output/text.js';

const col = (id: string) => COMPANY_SCREENER_COLUMNS.find((c) => c.id === id) as ColumnSpec;
const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');

/** The cell (0-based column on screen) where `needle` starts in `line`. */
function cellOf(line: string, needle: string): number {
  const at = plain(line).indexOf(needle);
  expect(at).toBeGreaterThanOrEqual(0);
  return textWidth(plain(line).slice(0, at));
}

const ROWS = [
  { company_name: '東京海上日動火災保険株式会社 UK BRANCH', company_number: 'FC012345', turnover: 12_345_678 },
  { company_name: '🚀 ROCKET ROBOTICS LTD', company_number: '09700001', turnover: 1_000_000 },
  { company_name: 'ACME LTD', company_number: '00000001', turnover: 2_500_000 },
];

describe('terminal text widths (string-width, cli-truncate, wrap-ansi)', () => {
  it('counts a CJK character or an emoji as two cells and colour codes as none', () => {
    expect(textWidth('日本')).toBe(4);
    expect(textWidth('🚀')).toBe(2);
    expect(textWidth(styleFor(true).red('ab'))).toBe(2);
    expect(padEnd('日本', 6)).toBe('日本  ');
  });

  it('cuts to at most the width, leaving out a wide character that would straddle the edge', () => {
    expect(cut('日本語テキスト', 6)).toBe('日本…');
    expect(textWidth(cut('日本語', 4))).toBeLessThanOrEqual(4);
    expect(textWidth(cut('🚀🚀🚀', 4))).toBeLessThanOrEqual(4);
    expect(textWidth(fit('日本語', 4))).toBe(4);
    expect(textWidth(fit('🚀', 5, 'right'))).toBe(5);
  });

  it('wraps by cells', () => {
    const lines = wrap('東京海上日動火災保険株式会社 is a Japanese insurer', 10);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(10);
    expect(lines.join(' ').replace(/\s/g, '')).toBe('東京海上日動火災保険株式会社isaJapaneseinsurer');
  });

  for (const width of [80, 40, 30]) {
    it(`renders a screener table with CJK and emoji names within ${width} cells, columns aligned`, () => {
      const lines = renderTable([col('company_name'), col('company_number'), col('turnover')], ROWS, width);
      for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(width);
      const [, , ...body] = lines;
      // the numbers column starts at the same cell on every row, whatever the name's script
      const numberCells = body.map((line, i) => cellOf(line, ROWS[i].company_number.slice(0, 4)));
      expect(new Set(numberCells).size).toBe(1);
      const ends = body.map((line) => textWidth(line));
      expect(new Set(ends).size).toBe(1); // right-aligned amounts end at the same cell
    });
  }

  it('lines up a coloured text table with CJK and emoji cells', () => {
    const style = styleFor(true);
    const rows = ROWS.map((r) => [style.bold(r.company_name), r.company_number, style.green('active')]);
    const lines = textTable([{ header: 'Name', flexible: true }, { header: 'Number' }, { header: 'Status' }], rows, 40, style);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(40);
    const statusCells = lines.slice(1).map((line) => cellOf(line, 'active'));
    expect(new Set(statusCells).size).toBe(1);
    expect(cellOf(lines[0], 'Status')).toBe(statusCells[0]);
  });
});
