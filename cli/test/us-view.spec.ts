import { describe, it } from 'node:test';
import { expect } from 'expect';
import { kpiTableView, type UsKpiTable } from '@credence/shared';
import { kpiTableLines } from '../src/commands/us.js';
import { PLAIN } from '../src/output/text.js';

/** A small company: figures under $1m, a loss, a negative and a tiny EPS, a few shares. */
const SMALL: UsKpiTable = {
  table_name: 'Income Statement',
  category: 'annual',
  table_unit: 'USD',
  periods: [
    { key: 'FY2023', label: 'FY2023', ending_type: 'FY', fiscal_year: 2023, fiscal_date: '2023-12-31', start: '2023-01-01' },
    { key: 'FY2024', label: 'FY2024', ending_type: 'FY', fiscal_year: 2024, fiscal_date: '2024-12-31', start: '2024-01-01' },
  ],
  table_data: [
    ['revenue', 'Revenue', 'USD', [850_000, 1_250_000]],
    ['net_income', 'Net income', 'USD', [-40_000, 7]],
    ['eps_basic', 'EPS (basic)', 'USD/shares', [-0.12, 0.004]],
    ['shares_basic', 'Shares (basic)', 'shares', [250_000, 15_552_752_000]],
  ].map(([name, label, unit, values]) => ({
    name: name as string,
    group_name: 'Profit',
    row_header_name: label as string,
    unit: unit as string,
    cells: (values as number[]).map((value, i) => ({ kpi_value_id: `${name as string}@FY${2023 + i}`, value, derived: false })),
  })),
};

describe('credence us kpis: figures as the web shows them', () => {
  it('prints small, negative and per-share figures with the shared formatting, cell for cell as the web table', () => {
    const lines = kpiTableLines(SMALL, 100, PLAIN);
    const web = kpiTableView(SMALL).rows.map((r) => [r.label, ...r.cells.map((c) => c!.text)]);
    expect(web).toEqual([
      ['Revenue', '0.85', '1.3'],
      ['Net income', '(0.040)', '0.000007'],
      ['EPS (basic)', '(0.12)', '0.0040'],
      ['Shares (basic)', '0.25m', '15,552.8m'],
    ]);
    for (const [label, ...cells] of web) {
      const line = lines.find((l) => l.startsWith(label!));
      expect(line?.split(/\s{2,}/).map((t) => t.trim())).toEqual([label, ...cells]);
    }
  });
});
