/**
 * "Watch all N results" of the companies screener (issue 29 §3) is bounded by what the API takes
 * in one request: within it the button is on; over it (or on an estimated total) it is off and
 * the note beside it says why and what to do, read out with the button.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { WATCHLIST_LIMITS, type TableState } from '@credence/shared';
import { WatchAllButton } from '../../src/features/watchlists/watch-all-button.tsx';

const state = (totalCount: number, totalIsEstimate = false) =>
  ({ status: 'ready', totalCount, totalIsEstimate }) as unknown as TableState<unknown>;
const render = (s: TableState<unknown>) => renderToStaticMarkup(createElement(WatchAllButton, { state: s }));

describe('watch all N results', () => {
  it('is on within the bound', () => {
    const html = render(state(345));
    assert.match(html, /<button[^>]*>Watch all 345 results<\/button>/);
    assert.doesNotMatch(html, /disabled/);
  });

  it('is off over the bound, with the reason tied to the button', () => {
    const html = render(state(WATCHLIST_LIMITS.perRequest + 1));
    assert.match(html, /<button[^>]*disabled=""[^>]*aria-describedby="([^"]+)"[^>]*>Watch all 1,001 results/);
    const id = /aria-describedby="([^"]+)"/.exec(html)![1];
    assert.ok(html.includes(`id="${id}"`));
    assert.match(html, /Watch all takes at most 1,000 companies at a time \(these filters select 1,001\): narrow the filters\./);
    assert.match(render(state(500, true)), /disabled=""/);
  });
});
