/**
 * A fake screener API for the view tests: rows kept in memory, filtered, sorted and paged the
 * way the real list routes do, every call recorded. No network, so the times measured around it
 * are the UI's own.
 */
import type { ColumnFilter, OperatorFilter, ScreenerQuery } from '@credence/shared';

type Row = Record<string, unknown>;

export interface RecordedList {
  table: string;
  query: ScreenerQuery<ColumnFilter | OperatorFilter>;
}

const ROWS_KEY: Record<string, string> = { companies: 'companies', charges: 'charges', lenders: 'lender_stats', chargeCompanies: 'company_stats' };

function matches(row: Row, f: ColumnFilter | OperatorFilter): boolean {
  const type = 'operator' in f ? f.operator : f.value.type;
  const value = 'operator' in f ? f.value : f.value.value;
  const valueTo = 'operator' in f ? f.valueTo : f.value.valueTo;
  const values = ('operator' in f ? f.values : f.value.values) ?? [];
  const cell = row[f.id];
  switch (type) {
    case 'greaterThan':
    case 'after':
      return cell !== null && String(cell) > '' && (typeof cell === 'number' ? cell > Number(value) : String(cell) > String(value));
    case 'lessThan':
    case 'before':
      return cell !== null && (typeof cell === 'number' ? cell < Number(value) : String(cell) < String(value));
    case 'between':
    case 'range':
      return cell !== null && (typeof cell === 'number' ? cell >= Number(value) && cell <= Number(valueTo) : String(cell) >= String(value) && String(cell) <= String(valueTo));
    case 'contains':
      return String(cell ?? '').toLowerCase().includes(String(value).toLowerCase());
    case 'is_one_of':
      return values.map(String).includes(String(cell));
    case 'is_not_one_of':
      return !values.map(String).includes(String(cell));
    case 'equals':
      return String(cell) === String(value);
    default:
      return true;
  }
}

export function fakeList(tables: Record<string, Row[]>, options: { delayMs?: number } = {}) {
  const calls: RecordedList[] = [];
  const list = async (table: string, query: ScreenerQuery<ColumnFilter | OperatorFilter> = {}) => {
    calls.push({ table, query });
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    let rows = [...(tables[table] ?? [])];
    for (const f of query.filters ?? []) rows = rows.filter((r) => matches(r, f));
    const search = query.global_filter?.toLowerCase();
    if (search) rows = rows.filter((r) => Object.values(r).some((v) => String(v).toLowerCase().includes(search)));
    if (query.sort_by) {
      const key = query.sort_by;
      const dir = query.sort_order === 'desc' ? -1 : 1;
      rows.sort((a, b) => {
        const x = a[key];
        const y = b[key];
        if (x === y) return 0;
        if (x === null || x === undefined) return 1;
        if (y === null || y === undefined) return -1;
        return (x < y ? -1 : 1) * dir;
      });
    }
    const size = query.page_size ?? 100;
    const pageCount = Math.ceil(rows.length / size);
    const page = Math.max(1, Math.min(query.page ?? 1, Math.max(1, pageCount)));
    return {
      status: 'success' as const,
      data: {
        [ROWS_KEY[table]]: rows.slice((page - 1) * size, page * size),
        total_count: rows.length,
        page_count: pageCount,
        page,
        page_size: size,
        total_is_estimate: false,
        next_cursor: null,
        prev_cursor: null,
      },
    };
  };
  return { list, calls, last: () => calls.at(-1)! };
}

const SECTORS = ['Manufacturing', 'Construction', 'Information and communication', 'Real estate activities'];

/** 250 companies: names CO 000..CO 249, turnover i * £1m (CO 000 has none), sectors in turn. */
export function companies(n = 250): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    company_name: `CO ${String(i).padStart(3, '0')} LIMITED`,
    company_number: String(10_000_000 + i),
    ticker: null,
    industry_group: 'Group',
    industry_sector: SECTORS[i % SECTORS.length],
    sic_code: '62012',
    currency: 'GBP',
    filing_year: 2020 + (i % 6),
    turnover: i === 0 ? null : i * 1_000_000,
    operating_profit: i * 100_000,
    net_profit_loss: null,
    EBITDA: null,
    total_assets: i * 2_000_000,
    total_liabilities: null,
    net_asset: null,
    cash: null,
    employee_count: i * 3,
    earnings_per_share: null,
    debt_to_equity_ratio: null,
    total_charges: i % 5,
    outstanding: i % 3,
    fixed: 0,
    floating: 0,
    negative_pledge: 0,
    part_satisfied: 0,
    document_id: null,
    details: { page_numbers: {} },
  }));
}
