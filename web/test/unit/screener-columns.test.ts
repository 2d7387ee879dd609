/**
 * The web's screener table takes its columns from the column registry (issue 25 section 3): a
 * column added to a fixture registry gets its header with its unit, and the real registry's
 * identity-verification column (issue 29 section 2) is among the companies table's headers.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  COMPANY_COLUMN_REGISTRY,
  COMPANY_SCREENER_COLUMNS,
  columnSpecOf,
  initialTableState,
  type ColumnDefinition,
  type ColumnSpec,
  type TableActions,
} from '@credence/shared';
import { ScreenerTable } from '../../src/features/screener/screener-table.tsx';

const FIXTURE: ColumnDefinition = {
  id: 'secured_debt',
  label: 'Secured Debt',
  kind: 'number',
  format: 'millions',
  sql: 'fs.secured_debt::float8',
  sources: ['fs'],
};

const headers = (columns: readonly ColumnSpec[]) => {
  const html = renderToStaticMarkup(
    createElement(ScreenerTable<Record<string, unknown>>, {
      caption: 'Companies',
      columns,
      state: {
        ...initialTableState<Record<string, unknown>>(25, null),
        status: 'ready',
        rows: [{ company_name: 'ACME LTD', secured_debt: 2_500_000 }],
      },
      actions: new Proxy({}, { get: () => () => undefined }) as TableActions,
      rowKey: (_row, i) => String(i),
      pageSizes: [25],
    }),
  );
  return [...html.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
};

describe('web screener table: columns from the registry', () => {
  it("shows a fixture column's header with its unit", () => {
    const columns = [...COMPANY_COLUMN_REGISTRY, FIXTURE].map(columnSpecOf);
    const found = headers(columns).find((h) => h.includes('Secured Debt'));
    assert.ok(found?.includes('Secured Debt (£m)'), `headers: ${headers(columns).join(' | ')}`);
  });

  it("shows the registry's identity-verification column among the companies table's headers", () => {
    assert.ok(headers(COMPANY_SCREENER_COLUMNS).some((h) => h.includes('Verification Overdue')));
  });
});
