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

const ROWS_KEY: Record<string, string> = {
  companies: 'companies',
  charges: 'charges',
  lenders: 'lender_stats',
  chargeCompanies: 'company_stats',
};

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
      return (
        cell !== null &&
        (typeof cell === 'number'
          ? cell >= Number(value) && cell <= Number(valueTo)
          : String(cell) >= String(value) && String(cell) <= String(valueTo))
      );
    case 'contains':
      return String(cell ?? '')
        .toLowerCase()
        .includes(String(value).toLowerCase());
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

export const LENDERS = ['HSBC UK BANK PLC', 'BARCLAYS BANK PLC', 'LLOYDS BANK PLC', 'NATWEST PLC', 'SANTANDER UK PLC'];

/** 60 lenders (five named, the rest numbered), 120 charges and 40 charge-holding companies. */
export function creditorTables(): Record<string, Row[]> {
  const lenders = Array.from({ length: 60 }, (_, i) => ({
    lender_name: LENDERS[i] ?? `LENDER ${String(i).padStart(2, '0')} LIMITED`,
    total_charges: 600 - i * 10,
    outstanding_charges: 300 - i * 5,
    part_satisfied_charges: i % 3,
    companies_count: 200 - i,
    floating_charges: 100,
    fixed_charges: 90,
    negative_pledge_charges: 10,
  }));
  const statuses = ['outstanding', 'fully-satisfied', 'part-satisfied'];
  const charges = Array.from({ length: 120 }, (_, i) => ({
    charge_id: `c${i}`,
    company_number: String(20_000_000 + (i % 40)),
    company_name: `BORROWER ${String(i % 40).padStart(2, '0')} LTD`,
    status: statuses[i % 3],
    delivered_on: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    lenders: [LENDERS[i % 5]],
    charge_code: `CODE${i}`,
    classification_description: 'A registered charge',
    particulars_description: 'Fixed and floating charge over the undertaking',
    charge_number: i + 1,
    contains_fixed_charge: true,
    contains_floating_charge: i % 2 === 0,
    contains_negative_pledge: false,
    created_on: '2024-01-01',
    satisfied_on: null,
  }));
  const chargeCompanies = Array.from({ length: 40 }, (_, i) => ({
    company_number: String(20_000_000 + i),
    company_name: `BORROWER ${String(i).padStart(2, '0')} LTD`,
    total_charges: 3,
    outstanding_charges: 1 + (i % 2),
    part_satisfied_charges: 0,
    fixed_charges: 3,
    floating_charges: 2,
    negative_pledge_charges: 0,
    latest_charge_date: '2024-06-01',
    unique_lenders_count: 2,
  }));
  return { lenders, charges, chargeCompanies };
}

export function lenderDetail(name: string) {
  return {
    status: 'success' as const,
    data: {
      lender_name: name,
      raw_names: [{ name, charges: 40 }],
      total_charges: 40,
      unique_companies_count: 12,
      status_counts: { outstanding: 20, 'part-satisfied': 5, 'fully-satisfied': 15, unknown: 0 },
      charge_types: { floating_charges: 30, fixed_charges: 35, negative_pledges: 4 },
      charges_by_year: [
        { year: 2023, count: 10 },
        { year: 2024, count: 30 },
      ],
      top_companies: Array.from({ length: 10 }, (_, i) => ({
        company_number: String(20_000_000 + i),
        company_name: `TOP CO ${i}`,
        charge_count: 10 - i,
      })),
      recent_charges: Array.from({ length: 5 }, (_, i) => ({
        charge_id: `r${i}`,
        company_number: String(20_000_000 + (i % 2)),
        company_name: `RECENT CO ${i % 2}`,
        status: 'outstanding',
        delivered_on: `2024-0${i + 1}-15`,
        charge_code: `RC${i}`,
        charge_number: i,
        particulars_description: null,
        contains_floating_charge: true,
        contains_fixed_charge: true,
        contains_negative_pledge: false,
      })),
    },
  };
}
