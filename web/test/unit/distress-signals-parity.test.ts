/**
 * The overview's distress signals (issue 27 §1) read the same in the web and the terminal: the web
 * component rendered on the server and the terminal's lines, both from shared's rows, read back.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { distressSignalRows, distressSignals, type DistressSignal } from '@credence/shared';
import { IN_LIQUIDATION, insights, overview } from '@credence/shared/testing';
import { DistressSignals } from '../../src/pages/uk/distress-signals.tsx';
import { cliModule, type Style, type View } from '../support/cli-modules.ts';

const { distressSignalLines } = await cliModule<{ distressSignalLines(signals: readonly DistressSignal[], view: View): string[] }>(
  'commands/company-distress.js',
);
const { PLAIN } = await cliModule<{ PLAIN: Style }>('output/text.js');

const NOW = new Date('2026-06-15T12:00:00Z');
const SIGNALS = distressSignals(IN_LIQUIDATION, NOW);

const webText = (signals: DistressSignal[]) => {
  const html = renderToStaticMarkup(
    createElement(DistressSignals, { overview: overview({ insights: insights({ distress_signals: signals }) }) }),
  );
  return [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ')
      .trim(),
  );
};
const terminalText = (signals: DistressSignal[]) =>
  distressSignalLines(signals, { width: 200, tableWidth: 200, style: PLAIN, now: NOW })
    .slice(1)
    .map((line) => line.replace(/^\s*•\s*/, '').trim());

describe("the overview's distress signals, web and terminal alike (issue 27 §1)", () => {
  it('a company in liquidation: the same signals in the same order, each with its source, in both', () => {
    const web = webText(SIGNALS);
    assert.equal(web.length, distressSignalRows(SIGNALS).length);
    assert.ok(web.length >= 3, web.join('\n'));
    assert.ok(web[0].startsWith(SIGNALS[0].text), web[0]);
    assert.ok(
      web.some((row) => row.includes('Filing of 2025-03-01')),
      web.join('\n'),
    );
    assert.ok(
      web.some((row) => row.includes('Accounts FY2024')),
      web.join('\n'),
    );
    assert.deepEqual(terminalText(SIGNALS), web);
  });

  it('a company without signals shows no block in either', () => {
    assert.equal(
      renderToStaticMarkup(createElement(DistressSignals, { overview: overview({ insights: insights({ distress_signals: [] }) }) })),
      '',
    );
    assert.deepEqual(distressSignalLines([], { width: 80, tableWidth: 80, style: PLAIN, now: NOW }), []);
  });
});
