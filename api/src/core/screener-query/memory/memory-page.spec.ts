import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { NormalisedFilter } from '@credence/shared';
import { memoryPage, type MemoryPageRequest } from './memory-page.js';
import { numericColumn, PackedKeys, textColumn, type MemoryColumn, type MemoryTable } from './memory-table.js';

/**
 * The in-memory pages against a plain model: filter every row, sort by (value NULLS LAST in both
 * directions, key in the sort's direction), cut pages. Random data with many ties and NULLs.
 */

interface ModelRow {
  key: string;
  amount: number | null;
  count: number | null;
  day: string | null;
  name: string | null;
  status: string | null;
  flag: boolean | null;
}

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Acme Holdings', 'acme widgets', 'Beta Ltd', 'HOLDINGS PLC', '', 'Zeta', "O'Brien \\ Partners", '100% Pure_Juice'];
const STATUSES = ['outstanding', 'satisfied', 'part-satisfied'];

function makeRows(n: number, seed: number): ModelRow[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const maybe = <T>(value: T) => (next() < 0.2 ? null : value);
  const rows: ModelRow[] = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      key: `K${String(i).padStart(5, '0')}`,
      amount: maybe(Math.round((next() - 0.3) * 1000) / 10),
      count: maybe(Math.floor(next() * 12)),
      day: maybe(`20${10 + Math.floor(next() * 15)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`),
      name: maybe(pick(NAMES)),
      status: maybe(pick(STATUSES)),
      flag: maybe(next() < 0.5),
    });
  }
  return rows;
}

/** Builds the memory table the way the loader does: rows in key order, text ranks from a sorted distinct list. */
function tableOf(rows: ModelRow[]): MemoryTable {
  const numbers = (read: (row: ModelRow) => number | null) => Float64Array.from(rows, (row) => read(row) ?? Number.NaN);
  const text = (id: string, kind: 'text' | 'select', read: (row: ModelRow) => string | null): MemoryColumn => {
    // The database's collation order stands in as plain code-unit order here.
    const values = [...new Set(rows.map(read).filter((v): v is string => v !== null))].sort();
    const rankOf = new Map(values.map((v, i) => [v, i]));
    return textColumn(
      { id, kind, sortable: true, integer: false },
      values,
      Uint32Array.from(rows, (row) => (read(row) === null ? values.length : rankOf.get(read(row)!)!)),
    );
  };
  const columns: MemoryColumn[] = [
    numericColumn(
      { id: 'amount', kind: 'number', sortable: true, integer: false },
      numbers((r) => r.amount),
    ),
    numericColumn(
      { id: 'count', kind: 'number', sortable: true, integer: true },
      numbers((r) => r.count),
    ),
    numericColumn(
      { id: 'day', kind: 'date', sortable: true, integer: false },
      numbers((r) => (r.day === null ? null : Number(r.day.replace(/-/g, '')))),
    ),
    numericColumn(
      { id: 'flag', kind: 'boolean', sortable: true, integer: false },
      numbers((r) => (r.flag === null ? null : Number(r.flag))),
    ),
    text('name', 'text', (r) => r.name),
    text('status', 'select', (r) => r.status),
  ];
  return {
    generation: '1',
    rowCount: rows.length,
    keys: PackedKeys.from(rows.map((r) => r.key)),
    columns: new Map(columns.map((c) => [c.id, c])),
  };
}

type Value = number | string | boolean | null;

function modelPasses(row: ModelRow, filter: NormalisedFilter): boolean {
  const v = row[filter.id as keyof ModelRow] as Value;
  const lower = typeof v === 'string' ? v.toLowerCase() : '';
  const needle = String(filter.value ?? '').toLowerCase();
  switch (filter.type) {
    case 'empty':
      return v === null || v === '';
    case 'notEmpty':
      return !(v === null || v === '');
    case 'contains':
      return v !== null && lower.includes(needle);
    case 'startsWith':
      return v !== null && lower.startsWith(needle);
    case 'endsWith':
      return v !== null && lower.endsWith(needle);
    case 'equals':
      if (filter.id === 'name') return v !== null && lower === needle;
      if (filter.id === 'flag') return v === (filter.value === true);
      return v !== null && v === filter.value;
    case 'is_one_of':
      return v !== null && (filter.values ?? []).map(String).includes(String(v));
    case 'is_not_one_of':
      return v === null || !(filter.values ?? []).map(String).includes(String(v));
    case 'greaterThan':
    case 'after':
      return v !== null && (v as number | string) > (filter.value as number | string);
    case 'lessThan':
    case 'before':
      return v !== null && (v as number | string) < (filter.value as number | string);
    case 'between':
    case 'range':
      return (
        v !== null &&
        (v as number | string) >= (filter.value as number | string) &&
        (v as number | string) <= (filter.valueTo as number | string)
      );
    default:
      throw new Error(filter.type);
  }
}

function modelList(rows: ModelRow[], filters: readonly NormalisedFilter[], sortBy: keyof ModelRow, order: 'asc' | 'desc'): string[] {
  const dir = order === 'asc' ? 1 : -1;
  const value = (row: ModelRow) => {
    const v = row[sortBy];
    return typeof v === 'boolean' ? Number(v) : v;
  };
  return rows
    .filter((row) => filters.every((f) => modelPasses(row, f)))
    .sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === null && vb !== null) return 1;
      if (vb === null && va !== null) return -1;
      if (va !== null && vb !== null && va !== vb) return (va < vb ? -1 : 1) * dir;
      return (a.key < b.key ? -1 : 1) * dir;
    })
    .map((row) => row.key);
}

const FILTERS: NormalisedFilter[][] = [
  [],
  [{ id: 'amount', type: 'greaterThan', value: 10 }],
  [{ id: 'amount', type: 'between', value: -5, valueTo: 20.5 }],
  [{ id: 'count', type: 'lessThan', value: 4.5 }],
  [{ id: 'count', type: 'is_one_of', values: ['3', '7', '7.0', 'x'] }],
  [{ id: 'count', type: 'equals', value: 5 }],
  [{ id: 'day', type: 'after', value: '2018-05-01' }],
  [{ id: 'day', type: 'range', value: '2012-01-01', valueTo: '2016-12-31' }],
  [{ id: 'name', type: 'contains', value: 'HOLD' }],
  [{ id: 'name', type: 'startsWith', value: 'acme' }],
  [{ id: 'name', type: 'endsWith', value: 'ltd' }],
  [{ id: 'name', type: 'equals', value: 'zeta' }],
  [{ id: 'name', type: 'contains', value: '%' }],
  [{ id: 'name', type: 'empty' }],
  [{ id: 'name', type: 'notEmpty' }],
  [{ id: 'status', type: 'is_not_one_of', values: ['satisfied'] }],
  [{ id: 'status', type: 'is_one_of', values: ['outstanding', 'part-satisfied'] }],
  [{ id: 'flag', type: 'equals', value: true }],
  [{ id: 'amount', type: 'empty' }],
  [
    { id: 'amount', type: 'lessThan', value: 0 },
    { id: 'day', type: 'before', value: '2020-01-01' },
    { id: 'status', type: 'notEmpty' },
  ],
];
const SORTS: (keyof ModelRow)[] = ['amount', 'count', 'day', 'flag', 'name', 'status'];

function page(table: MemoryTable, request: Partial<MemoryPageRequest> & Pick<MemoryPageRequest, 'sortBy'>) {
  const answer = memoryPage(table, { filters: [], sortOrder: 'asc', page: 1, pageSize: 7, cursor: null, ...request });
  if (!answer) throw new Error('not answered in memory');
  return { ...answer, keys: answer.rows.map((row) => table.keys.get(row)) };
}

describe('in-memory screener pages', () => {
  const rows = makeRows(400, 7);
  const table = tableOf(rows);

  it('reads every filter and sort as the model does, page by page, with an exact count and the last page clamped', () => {
    for (const filters of FILTERS) {
      for (const sortBy of SORTS) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const expected = modelList(rows, filters, sortBy, sortOrder);
          const first = page(table, { filters, sortBy, sortOrder, pageSize: 25 });
          expect({ case: [filters, sortBy, sortOrder], total: first.total }).toEqual({
            case: [filters, sortBy, sortOrder],
            total: expected.length,
          });
          const read: string[] = [];
          for (let p = 1; p <= first.pageCount; p++) read.push(...page(table, { filters, sortBy, sortOrder, pageSize: 25, page: p }).keys);
          expect(read).toEqual(expected);
          const last = page(table, { filters, sortBy, sortOrder, pageSize: 25, page: 10_000 });
          expect(last.page).toBe(Math.max(1, first.pageCount));
          expect(last.hasNext).toBe(false);
        }
      }
    }
  });

  it('follows cursors forwards through every row and back again', () => {
    for (const [filters, sortBy, sortOrder] of [
      [FILTERS[0], 'amount', 'desc'],
      [FILTERS[1], 'day', 'asc'],
      [FILTERS[8], 'status', 'desc'],
      [FILTERS[19], 'flag', 'asc'],
    ] as const) {
      const expected = modelList(rows, filters, sortBy, sortOrder);
      let current = page(table, { filters, sortBy, sortOrder });
      const pages = [current];
      while (current.hasNext) {
        const row = current.rows[current.rows.length - 1];
        current = page(table, { filters, sortBy, sortOrder, cursor: { direction: 'after', row, page: current.page + 1 } });
        pages.push(current);
      }
      expect(pages.flatMap((p) => p.keys)).toEqual(expected);
      expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
      for (let i = pages.length - 1; i > 0; i--) {
        const back = page(table, { filters, sortBy, sortOrder, cursor: { direction: 'before', row: pages[i].rows[0], page: i } });
        expect(back.keys).toEqual(pages[i - 1].keys);
        expect(back.page).toBe(i);
        expect(back.hasPrev).toBe(i > 1);
      }
    }
  });

  it('answers a cursor past the last row with the last page', () => {
    const expected = modelList(rows, [], 'count', 'asc');
    const lastRow = rows.findIndex((r) => r.key === expected[expected.length - 1]);
    const answer = page(table, { sortBy: 'count', cursor: { direction: 'after', row: lastRow, page: 99 } });
    expect(answer.page).toBe(Math.ceil(expected.length / 7));
    expect(answer.keys).toEqual(expected.slice((answer.page - 1) * 7));
  });

  it('leaves to the database what it cannot answer: an unknown column, a text test on numbers, a bad date', () => {
    const ask = (filters: NormalisedFilter[], sortBy = 'amount') =>
      memoryPage(table, { filters, sortBy, sortOrder: 'asc', page: 1, pageSize: 10, cursor: null });
    expect(ask([], 'lenders')).toBeNull();
    expect(ask([{ id: 'lenders', type: 'contains', value: 'hsbc' }])).toBeNull();
    expect(ask([{ id: 'amount', type: 'contains', value: '1' }])).toBeNull();
    expect(ask([{ id: 'day', type: 'after', value: 'yesterday' }])).toBeNull();
    expect(ask([{ id: 'amount', type: 'greaterThan', value: 1 }])).not.toBeNull();
  });

  it("answers a joined array (a charge's lenders) for contains and empty only, as its SQL does", () => {
    const joined = ['', 'barclays bank plc', 'hsbc uk bank plc | barclays bank plc', 'hsbc uk bank plc'];
    const rowsJoined = [2, 4, 0, 3, 1, 2]; // 4: NULL (no lenders)
    const lenders = textColumn(
      { id: 'lenders', kind: 'text', sortable: false, integer: false, joinedArray: true },
      [...joined].sort(),
      Uint32Array.from(rowsJoined, (i) => (i === 4 ? 4 : [...joined].sort().indexOf(joined[i]))),
    );
    const small: MemoryTable = {
      ...table,
      rowCount: 6,
      keys: PackedKeys.from(['a', 'b', 'c', 'd', 'e', 'f']),
      columns: new Map([
        ['lenders', lenders],
        ['amount', numericColumn({ id: 'amount', kind: 'number', sortable: true, integer: false }, Float64Array.from([1, 2, 3, 4, 5, 6]))],
      ]),
    };
    const keysFor = (filter: NormalisedFilter) =>
      memoryPage(small, { filters: [filter], sortBy: 'amount', sortOrder: 'asc', page: 1, pageSize: 10, cursor: null })?.rows.map((r) =>
        small.keys.get(r),
      );
    expect(keysFor({ id: 'lenders', type: 'contains', value: 'HSBC' })).toEqual(['a', 'd', 'f']);
    expect(keysFor({ id: 'lenders', type: 'contains', value: 'plc | bar' })).toEqual(['a', 'f']);
    expect(keysFor({ id: 'lenders', type: 'empty' })).toEqual(['b', 'c']);
    expect(keysFor({ id: 'lenders', type: 'notEmpty' })).toEqual(['a', 'd', 'e', 'f']);
    expect(keysFor({ id: 'lenders', type: 'startsWith', value: 'hsbc' })).toBeUndefined();
  });

  it('keeps ranks small: a column of few values takes a byte a row', () => {
    expect(table.columns.get('status')!.ranks).toBeInstanceOf(Uint8Array);
    expect(table.columns.get('flag')!.values).toEqual(Float64Array.from([0, 1]));
    expect(table.keys.get(399)).toBe('K00399');
  });
});
