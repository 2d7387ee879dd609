import { US_DOCUMENT_CATEGORIES, US_KPI_TABLES, kpiTable, type CompanyKpis, type UsCompany } from '@credence/shared';
import { escapeFormula } from '../../core/export/index.js';
import { newWorkbook, sheetTitle } from '../../core/export/xlsx.js';

/** Money in millions on screen, the real value in the cell (as the screener exports). */
const FORMATS: Record<string, string> = { money: '#,##0.00,,', percent: '0.0', perShare: '0.00', shares: '#,##0' };

function formatOf(unit: string): string {
  if (unit === '%') return FORMATS.percent!;
  if (unit.endsWith('/shares')) return FORMATS.perShare!;
  if (unit === 'shares') return FORMATS.shares!;
  return FORMATS.money!;
}

/**
 * The KPI tables as one workbook: a sheet per table and category (annual, quarterly), a row per
 * KPI, a column per period; derived values in italics; the company and where the figures come
 * from on the first sheet.
 */
export async function kpiWorkbook(company: UsCompany, kpis: CompanyKpis): Promise<Buffer> {
  const book = await newWorkbook();
  const about = book.addWorksheet('About');
  about.columns = [{ width: 22 }, { width: 70 }];
  const facts: [string, string][] = [
    ['Company', company.title],
    ['CIK', company.cik_str],
    ['Ticker', company.ticker ?? ''],
    [
      'Source',
      company.sample
        ? 'Generated sample data (not real filings)'
        : 'SEC XBRL company facts (10-K, 10-Q and amendments; latest filed figure wins)',
    ],
    ['Money', `${kpis.currency}, real values displayed in millions`],
    ['Derived values', 'In italics: discrete quarters from year-to-date figures (Q4 = FY − 9M), margins, returns and growth'],
  ];
  for (const [k, v] of facts) about.addRow([k, escapeFormula(v)]).getCell(1).font = { bold: true };
  for (const category of US_DOCUMENT_CATEGORIES) {
    for (const table of US_KPI_TABLES) {
      const t = kpiTable(kpis, table, category);
      if (t.table_data.length === 0) continue;
      const sheet = book.addWorksheet(sheetTitle(`${table} ${category}`));
      sheet.columns = [{ width: 40 }, { width: 14 }, ...t.periods.map(() => ({ width: 14 }))];
      const header = sheet.addRow(['KPI', 'Unit', ...t.periods.map((p) => `${p.label} (${p.fiscal_date})`)]);
      header.font = { bold: true };
      sheet.views = [{ state: 'frozen', xSplit: 1, ySplit: 1 }];
      for (const row of t.table_data) {
        const line = sheet.addRow([escapeFormula(row.row_header_name), row.unit, ...row.cells.map((c) => (c ? c.value : null))]);
        row.cells.forEach((c, i) => {
          if (!c) return;
          const cell = line.getCell(i + 3);
          cell.numFmt = formatOf(row.unit);
          if (c.derived) cell.font = { italic: true };
        });
      }
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
