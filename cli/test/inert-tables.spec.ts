/**
 * Terminal tables of outside text (issue 24 section 4): a register name or a filing's words with
 * a pipe, a line break, a tab or an escape sequence in a cell stays in its cell. The columns line
 * up, the row stays one line, and no control character reaches the terminal.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { escapeMarkdownText } from '@credence/shared';
import { markdownLines, tableLines } from '../src/commands/research-markdown.js';
import { SEARCH_COLUMNS } from '../src/commands/search.js';
import { renderTable } from '../src/output/table.js';
import { PLAIN, textWidth } from '../src/output/text.js';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const HOSTILE = 'Evil | Bank\u001b]0;pwned\u0007\nPLC\tLtd\u001b[2J';
const SHOWN = 'Evil | Bank^[]0;pwned^G PLC Ltd^[[2J';

/** Where each line's last column ends: the same on every line when the columns line up. */
const ends = (lines: readonly string[]) => new Set(lines.map((line) => textWidth(line)));

describe('terminal tables keep outside text in its cell', () => {
  it('a pipe in a quoted name does not split the markdown table row; controls show visibly; the columns line up', () => {
    const markdown = `| Lender | Live charges |\n| --- | ---: |\n| ${escapeMarkdownText(HOSTILE)} | 3 |\n| Barclays Bank PLC | 12 |`;
    const lines = markdownLines(markdown, 100, PLAIN);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Evil | Bank');
    expect(lines[1]).toMatch(/ 3$/);
    expect(ends(lines).size).toBe(1);
    for (const line of lines) expect(line).not.toMatch(CONTROL);
  });

  it("a streamed table's cell with a line break, a tab and escapes stays one line, shown visibly", () => {
    const lines = tableLines(
      ['Lender', 'Charges'],
      [
        [HOSTILE, '3'],
        ['Barclays Bank PLC', '12'],
      ],
      100,
      PLAIN,
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(SHOWN);
    expect(ends(lines).size).toBe(1);
    for (const line of lines) expect(line).not.toMatch(CONTROL);
  });

  it('a company name with controls in the search table keeps every row on one line and the columns in place', () => {
    const rows = [
      { CompanyName: HOSTILE, CompanyNumber: '00000001', company_status: 'Active', sic: null },
      { CompanyName: 'Acme Ltd', CompanyNumber: '00000002', company_status: 'Active', sic: null },
    ];
    const lines = renderTable(SEARCH_COLUMNS, rows, 200);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(SHOWN);
    const numberAt = (line: string) => textWidth(line.slice(0, line.indexOf('0000000')));
    expect(numberAt(lines[2])).toBe(numberAt(lines[3]));
    for (const line of lines) expect(line).not.toMatch(CONTROL);
  });
});
