import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { artifactTabs, tabIndexByKey, tableTabType } from '../../src/features/research/artifact-tabs.ts';

const table = (id: string, title: string) => ({
  id,
  title,
  headers: ['Year', 'Value'],
  rows: [['2024', 1]] as (string | number | null)[][],
});

describe('research chat: tab choice (spec 3 /analysis)', () => {
  it('gives an answer about one company Financials and Capital Structure tabs', () => {
    const tabs = artifactTabs({
      tabSet: [],
      tables: [table('t1', 'Turnover and profit by year'), table('t2', 'Capital structure by year'), table('t3', 'Liquidity and solvency')],
    });
    assert.deepEqual(
      tabs.map((t) => [t.title, t.type]),
      [
        ['Turnover and profit by year', 'financials'],
        ['Capital structure by year', 'capital_structure'],
        ['Liquidity and solvency', 'capital_structure'],
      ],
    );
  });

  it('builds registry tabs from the register tables', () => {
    const tabs = artifactTabs({ tabSet: [], tables: [table('t1', 'Live security package: ACME LTD'), table('t2', 'Margins by year')] });
    assert.deepEqual(
      tabs.map((t) => t.type),
      ['companies_house_table', 'financials'],
    );
    assert.equal(tableTabType('Chargeholders: ACME LTD'), 'companies_house_table');
    assert.equal(tableTabType('Current officers: ACME LTD'), 'companies_house_table');
    assert.equal(tableTabType('Latest filings'), 'companies_house_table');
  });

  it('lets an equity or restructuring tab set override the tables', () => {
    const tabs = artifactTabs({
      tables: [table('t1', 'Turnover and profit by year')],
      tabSet: [
        { id: 'eq', title: 'Equity', type: 'equity_table', table: { type: 'equity_table', title: 'Equity', headers: ['A'], rows: [[1]] } },
      ],
    });
    assert.deepEqual(
      tabs.map((t) => t.type),
      ['equity_table'],
    );
  });

  it('moves along the tab bar with the arrow keys, wrapping, Home and End', () => {
    assert.equal(tabIndexByKey(0, 3, 'ArrowRight'), 1);
    assert.equal(tabIndexByKey(2, 3, 'ArrowRight'), 0);
    assert.equal(tabIndexByKey(0, 3, 'ArrowLeft'), 2);
    assert.equal(tabIndexByKey(1, 3, 'Home'), 0);
    assert.equal(tabIndexByKey(1, 3, 'End'), 2);
    assert.equal(tabIndexByKey(1, 3, 'Enter'), null);
    assert.equal(tabIndexByKey(0, 0, 'ArrowRight'), null);
  });
});
