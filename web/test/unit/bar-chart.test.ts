import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatMillions } from '@credence/shared';
import { BAR_CHART_LABEL_SPACE, BarChart, barChartDescription, barChartLayout } from '../../src/ui/bar-chart.tsx';

describe('bar chart (Current Financials, Financial Summary tab)', () => {
  it('puts positive bars above the zero line and negative ones below, scaled to the range', () => {
    const layout = barChartLayout(
      [
        { label: 'FY2021', value: 3_000_000 },
        { label: 'FY2022', value: -1_000_000 },
        { label: 'FY2023', value: null },
      ],
      120,
      54,
    );
    // plot from y=2 to y=40 (38 px) for a span of 4M: 9.5 px per million; zero at 2 + 3 * 9.5
    assert.equal(layout.zeroY, 30.5);
    const [up, down, empty] = layout.bars;
    assert.equal(up!.negative, false);
    assert.equal(up!.y + up!.height, layout.zeroY);
    assert.ok(Math.abs(up!.height - 28.5) < 1e-9);
    assert.equal(down!.negative, true);
    assert.equal(down!.y, layout.zeroY);
    assert.ok(Math.abs(down!.height - 9.5) < 1e-9);
    assert.ok(down!.y + down!.height <= 54 - BAR_CHART_LABEL_SPACE + 1e-9);
    assert.equal(empty!.value, null);
    assert.equal(empty!.height, 0);
    // bars sit in equal slots, left to right
    assert.ok(up!.x < down!.x && down!.x < empty!.x);
    assert.ok(empty!.x + empty!.width <= 120);
  });

  it('draws a flat zero line at the bottom when every value is empty or zero', () => {
    const layout = barChartLayout(
      [
        { label: 'FY2023', value: null },
        { label: 'FY2024', value: 0 },
      ],
      100,
      50,
    );
    assert.equal(layout.zeroY, 50 - BAR_CHART_LABEL_SPACE);
    assert.deepEqual(
      layout.bars.map((b) => b.height),
      [0, 0],
    );
    assert.deepEqual(barChartLayout([]).bars, []);
  });

  it('names the chart with every value in millions as the spec formats them', () => {
    const points = [
      { label: 'FY2022', value: 12_345_678 },
      { label: 'FY2023', value: -400_000 },
      { label: 'FY2024', value: null },
    ];
    const text = barChartDescription('Revenue (£m)', points, formatMillions);
    assert.equal(text, 'Revenue (£m): FY2022 12.35, FY2023 -0.40, FY2024 -');
    const html = renderToStaticMarkup(createElement(BarChart, { title: 'Revenue (£m)', points, format: formatMillions }));
    assert.match(html, /^<svg [^>]*role="img"/);
    assert.ok(html.includes(`aria-label="${text}"`));
    assert.ok(html.includes(`<title>${text}</title>`));
    assert.equal(html.match(/<rect /g)?.length, 2, 'no bar for the empty year');
    assert.ok(html.includes('bar-chart__bar--negative'));
    assert.ok(html.includes('class="bar-chart__zero"'));
    const ticked = renderToStaticMarkup(
      createElement(BarChart, { title: 'T', points: [{ label: 'FY2024', tick: 'FY24', value: 1 }], format: String }),
    );
    assert.ok(ticked.includes('>FY24</text>') && ticked.includes('aria-label="T: FY2024 1"'));
  });
});
