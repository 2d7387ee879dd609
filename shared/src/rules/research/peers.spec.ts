import { describe, it } from 'node:test';
import { expect } from 'expect';
import { PEER_COLUMNS, peerCellText, peerFormulaNote, peerSelectionText } from './peers.js';

describe('peer table (issue 27 §4)', () => {
  const column = (id: string) => PEER_COLUMNS.find((c) => c.id === id)!;

  it("has the sector's comparable columns: turnover, margins, leverage, cash, employees", () => {
    expect(PEER_COLUMNS.map((c) => c.header)).toEqual([
      'Turnover',
      'Operating margin',
      'Net margin',
      'Gearing',
      'Net debt',
      'Cash',
      'Employees',
    ]);
  });

  it('writes amounts in full, ratios as percentages, counts grouped, and a dash for what the accounts do not give', () => {
    expect(peerCellText(column('turnover'), 62_512_345, 'GBP')).toBe('£62,512,345');
    expect(peerCellText(column('netDebt'), -1_250_000, 'EUR')).toBe('-€1,250,000');
    expect(peerCellText(column('gearing'), 52.8, 'GBP')).toBe('52.8%');
    expect(peerCellText(column('employees'), 1234, null)).toBe('1,234');
    expect(peerCellText(column('cash'), null, 'GBP')).toBe('-');
  });

  it('says how peers were chosen, and the formula of each ratio column', () => {
    expect(peerSelectionText({ sicCode: '25620', industryGroup: 'Machining', basis: 'turnover', band: 3, peers: 4 })).toBe(
      "Peers are the 4 companies on file whose primary SIC code is 25620 (Machining), with turnover between a third and 3 times its own, largest turnover first; every figure is from that company's latest accounts and cites its page.",
    );
    expect(peerSelectionText({ sicCode: '01110', industryGroup: null, basis: null, band: null, peers: 1 })).toMatch(
      /^Peers are the 1 company on file whose primary SIC code is 01110, of any size/,
    );
    expect(peerFormulaNote()).toContain('Gearing = net debt / net assets × 100');
  });
});
