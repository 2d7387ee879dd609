/**
 * The overview's credit ratios (issue 27 §2) in the web and in the terminal: the same value, the
 * formula it was computed by, the fallback named when one stood in, the figure the accounts state
 * "as stated" beside the computed one, and the pages cited: both from shared citedRatioRow.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { citedRatioRow, statementRatios, type CitedRatio } from '@credence/shared';
import { insights, overview } from '@credence/shared/testing';
import { CreditRatios } from '../../src/pages/uk/credit-ratios.tsx';
import { REPO } from '../support/api-server.ts';

interface View {
  width: number;
  tableWidth: number;
  style: { color: boolean };
  now: Date;
}
const CLI_DIST = join(REPO, 'cli', 'dist', 'src');
if (!existsSync(join(CLI_DIST, 'commands', 'company-view.js')))
  throw new Error(`The cli is not built at ${CLI_DIST}: run \`npm run build -w @credence/cli\` first`);
const { creditRatioLines } = (await import(pathToFileURL(join(CLI_DIST, 'commands', 'company-view.js')).href)) as {
  creditRatioLines(ratios: readonly CitedRatio[] | null | undefined, view: View): string[];
};
const { PLAIN } = (await import(pathToFileURL(join(CLI_DIST, 'output', 'text.js')).href)) as { PLAIN: { color: boolean } };

const line = (key: string, value: number, pageNumber = 12) => ({ key, label: key, value, pageNumber });
const RATIOS = statementRatios({
  period_end: '2024-12-31',
  fiscal_year: 2024,
  currency: 'GBP',
  document_id: 'DOC-1',
  turnover: 10_000_000,
  operating_profit: 1_200_000,
  net_profit_loss: 800_000,
  total_liabilities: 5_000_000,
  net_assets: 4_000_000,
  cash: 500_000,
  page_numbers: { turnover: 10, operatingProfit: 10, netProfitLoss: 10, totalLiabilities: 12, netAssets: 12, cash: 12 },
  income_statement: [line('interestPayable', -150_000, 10)],
  balance_sheet: [line('currentAssets', 3_000_000), line('creditorsWithinOneYear', -2_000_000)],
  key_financials: [line('currentRatio', 1.49, 14)],
});

describe('credit ratios: the web and the terminal show one value, its formula and its source', () => {
  it('shows each ratio with its formula, the fallback it used, "as stated" and its pages', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(CreditRatios, { overview: { ...overview(), insights: { ...insights(), ratios: RATIOS } } }),
      ),
    ).replace(/<!-- -->/g, '');
    const text = creditRatioLines(RATIOS, { width: 200, tableWidth: 200, style: PLAIN, now: new Date() }).join('\n');
    for (const ratio of RATIOS) {
      const row = citedRatioRow(ratio, ratio.currency);
      assert.ok(html.includes(`data-ratio="${ratio.key}"`), ratio.key);
      for (const part of [row.value, row.formula, row.source]) {
        assert.ok(html.includes(part.replace(/&/g, '&amp;')), `web: ${ratio.key} ${part}`);
        assert.ok(text.includes(part), `terminal: ${ratio.key} ${part}`);
      }
    }
    // No bank loans named: net debt and gearing say total liabilities stood in.
    const gearing = RATIOS.find((r) => r.key === 'gearing')!;
    assert.equal(gearing.value, 112.5);
    assert.match(text, /Gearing: 112\.5% \(\(total liabilities - cash\) \/ net assets × 100; fallback: /);
    assert.ok(html.includes('fallback: net debt&#x27;s fallback'));
    // The accounts' own current ratio beside the computed one.
    assert.match(
      text,
      /Current ratio: 1\.50x \(current assets \/ creditors due within one year; 1\.49x as stated\) · FY2024 accounts p\. 12/,
    );
    assert.ok(html.includes('1.49x as stated'));
  });
});
