import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { BadRequestException } from '@nestjs/common';
import { EXACT_COUNT_LIMIT, type NormalisedFilter } from '@credence/shared';
import {
  countRows,
  decodeCursor,
  encodeCursor,
  filterSql,
  globalFilterSql,
  iterateAll,
  keysetOrderBy,
  branchSelectSql,
  runPage,
  type PageQuery,
  type SortSpec,
  type SqlColumnMap,
} from '../../src/core/screener-query/index.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

interface Row {
  id: string;
  name: string | null;
  amount: number | null;
  n: number | null;
  day: string | null;
  status: string | null;
  flag: boolean;
  lenders: string[] | null;
}

const NAMES = [
  'ACME 50% LTD',
  'ACME_X LIMITED',
  'acme limited',
  'Beta Holdings',
  '',
  null,
  'Gamma Ltd',
  'The Acme Group',
  'Delta\\Slash',
  'zeta',
];
const AMOUNTS = [null, 5, 5, 10, -3, null, 10, 0, 7.5, 5, 1e9];
const STATUSES = ['outstanding', 'satisfied', null, 'part-satisfied', '', 'fully-satisfied', 'outstanding'];
const LENDERS: (string[] | null)[] = [
  ['HSBC UK Bank PLC'],
  ['Lloyds Bank PLC', 'HSBC Bank PLC'],
  [],
  null,
  ['Barclays Bank PLC'],
  ['lloyds bank plc'],
];

/** 60 rows with ties and NULLs in every column a test sorts or filters on. */
const ROWS: Row[] = Array.from({ length: 60 }, (_, i) => ({
  id: `r${String(i + 1).padStart(3, '0')}`,
  name: NAMES[i % NAMES.length],
  amount: AMOUNTS[i % AMOUNTS.length],
  n: i % 9 === 0 ? null : i % 4,
  day: i % 8 === 3 ? null : `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  status: STATUSES[i % STATUSES.length],
  flag: i % 3 === 0,
  lenders: LENDERS[i % LENDERS.length],
}));

const MAP: SqlColumnMap = {
  name: { sql: 's.name', kind: 'text', prefixIndex: true },
  plain_name: { sql: 's.name', kind: 'text' },
  amount: { sql: 's.amount', kind: 'number' },
  n: { sql: 's.n', kind: 'number', integer: true },
  n_select: { sql: 's.n', kind: 'select', integer: true },
  day: { sql: 's.day', kind: 'date' },
  status: { sql: 's.status', kind: 'select' },
  flag: { sql: 's.flag', kind: 'boolean' },
  lenders: { sql: 's.lenders', kind: 'text', array: true },
  lender_set: { sql: 's.lenders', kind: 'select', array: true },
};

const SELECT = 's.id, s.name, s.amount, s.n, s.day::text AS day, s.status, s.flag, s.lenders';
const FROM = 'screener_query_scratch s';

const lower = (v: string | null) => (v ?? '').toLowerCase();
const blank = (v: string | null) => v === null || v === '';

/** Each filter with what it must match, written independently of the SQL. */
const CASES: [NormalisedFilter, (r: Row) => boolean][] = [
  [{ id: 'name', type: 'contains', value: 'ACME' }, (r) => lower(r.name).includes('acme')],
  [{ id: 'name', type: 'contains', value: '50%' }, (r) => lower(r.name).includes('50%')],
  [{ id: 'name', type: 'contains', value: '_x' }, (r) => lower(r.name).includes('_x')],
  [{ id: 'name', type: 'contains', value: '\\' }, (r) => lower(r.name).includes('\\')],
  [{ id: 'name', type: 'startsWith', value: 'acme' }, (r) => lower(r.name).startsWith('acme')],
  [{ id: 'plain_name', type: 'startsWith', value: 'ACME_' }, (r) => lower(r.name).startsWith('acme_')],
  [{ id: 'name', type: 'endsWith', value: 'LTD' }, (r) => lower(r.name).endsWith('ltd')],
  [{ id: 'name', type: 'equals', value: 'ACME LIMITED' }, (r) => lower(r.name) === 'acme limited' && r.name !== null],
  [{ id: 'plain_name', type: 'equals', value: 'zeta' }, (r) => r.name === 'zeta'],
  [{ id: 'name', type: 'empty' }, (r) => blank(r.name)],
  [{ id: 'name', type: 'notEmpty' }, (r) => !blank(r.name)],
  [{ id: 'amount', type: 'greaterThan', value: 5 }, (r) => r.amount !== null && r.amount > 5],
  [{ id: 'amount', type: 'lessThan', value: 5 }, (r) => r.amount !== null && r.amount < 5],
  [{ id: 'amount', type: 'between', value: 0, valueTo: 7.5 }, (r) => r.amount !== null && r.amount >= 0 && r.amount <= 7.5],
  [{ id: 'amount', type: 'equals', value: 10 }, (r) => r.amount === 10],
  [{ id: 'amount', type: 'greaterThan', value: 500_000_000 }, (r) => r.amount !== null && r.amount > 500_000_000],
  [{ id: 'amount', type: 'empty' }, (r) => r.amount === null],
  [{ id: 'amount', type: 'notEmpty' }, (r) => r.amount !== null],
  [{ id: 'n', type: 'greaterThan', value: 1.5 }, (r) => r.n !== null && r.n > 1.5],
  [{ id: 'n', type: 'lessThan', value: 1.5 }, (r) => r.n !== null && r.n < 1.5],
  [{ id: 'n', type: 'between', value: 0.5, valueTo: 2.5 }, (r) => r.n !== null && r.n >= 1 && r.n <= 2],
  [{ id: 'n', type: 'equals', value: 2.5 }, () => false],
  [{ id: 'n_select', type: 'is_one_of', values: ['1', '3'] }, (r) => r.n === 1 || r.n === 3],
  [{ id: 'day', type: 'after', value: '2024-06-06' }, (r) => r.day !== null && r.day > '2024-06-06'],
  [{ id: 'day', type: 'before', value: '2024-06-06' }, (r) => r.day !== null && r.day < '2024-06-06'],
  [{ id: 'day', type: 'equals', value: '2024-06-06' }, (r) => r.day === '2024-06-06'],
  [
    { id: 'day', type: 'range', value: '2024-03-03', valueTo: '2024-06-06' },
    (r) => r.day !== null && r.day >= '2024-03-03' && r.day <= '2024-06-06',
  ],
  [{ id: 'day', type: 'empty' }, (r) => r.day === null],
  [{ id: 'day', type: 'notEmpty' }, (r) => r.day !== null],
  [
    { id: 'status', type: 'is_one_of', values: ['outstanding', 'part-satisfied'] },
    (r) => r.status === 'outstanding' || r.status === 'part-satisfied',
  ],
  [{ id: 'status', type: 'is_not_one_of', values: ['outstanding'] }, (r) => r.status !== 'outstanding'],
  [{ id: 'status', type: 'empty' }, (r) => blank(r.status)],
  [{ id: 'status', type: 'notEmpty' }, (r) => !blank(r.status)],
  [{ id: 'flag', type: 'equals', value: true }, (r) => r.flag],
  [{ id: 'flag', type: 'equals', value: false }, (r) => !r.flag],
  [{ id: 'lenders', type: 'contains', value: 'hsbc' }, (r) => (r.lenders ?? []).some((l) => lower(l).includes('hsbc'))],
  [{ id: 'lenders', type: 'startsWith', value: 'LLOYDS' }, (r) => (r.lenders ?? []).some((l) => lower(l).startsWith('lloyds'))],
  [{ id: 'lenders', type: 'equals', value: 'lloyds bank plc' }, (r) => (r.lenders ?? []).some((l) => lower(l) === 'lloyds bank plc')],
  [{ id: 'lenders', type: 'empty' }, (r) => !r.lenders || r.lenders.length === 0],
  [{ id: 'lenders', type: 'notEmpty' }, (r) => !!r.lenders && r.lenders.length > 0],
  [
    { id: 'lender_set', type: 'is_one_of', values: ['Barclays Bank PLC', 'HSBC Bank PLC'] },
    (r) => (r.lenders ?? []).some((l) => l === 'Barclays Bank PLC' || l === 'HSBC Bank PLC'),
  ],
  [{ id: 'lender_set', type: 'is_not_one_of', values: ['HSBC UK Bank PLC'] }, (r) => !(r.lenders ?? []).includes('HSBC UK Bank PLC')],
];

describe(`screener query core (${process.env.DATABASE_URL ? 'server Postgres' : 'embedded Postgres'})`, () => {
  let t: TestContext;
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const query = (sort: SortSpec, where = 'TRUE', params: unknown[] = []): PageQuery => ({
    select: SELECT,
    from: FROM,
    where,
    params,
    sort,
    tiebreak: 's.id',
  });
  const ordered = async (sort: SortSpec, where = 'TRUE', params: unknown[] = []): Promise<string[]> =>
    ids(await t.dataSource.query(`SELECT s.id FROM ${FROM} WHERE ${where} ORDER BY ${keysetOrderBy(sort, 's.id')}`, params));

  before(async () => {
    t = await startTestContext();
    await t.dataSource.query(`CREATE TABLE screener_query_scratch (
      id text PRIMARY KEY, name text, amount float8, n integer, day date, status text, flag boolean NOT NULL, lenders text[])`);
    await t.dataSource.query(
      `INSERT INTO screener_query_scratch SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS x(id text, name text, amount float8, n integer, day date, status text, flag boolean, lenders text[])`,
      [JSON.stringify(ROWS)],
    );
    await t.dataSource.query(
      `CREATE INDEX screener_query_scratch_name_trgm ON screener_query_scratch USING gin (lower(name) gin_trgm_ops)`,
    );
    await t.dataSource.query(`CREATE INDEX screener_query_scratch_name_prefix ON screener_query_scratch ((lower(name) COLLATE "C"))`);
    await t.dataSource.query(`CREATE INDEX screener_query_scratch_amount ON screener_query_scratch (amount, id)`);
    await t.dataSource.query(`ANALYZE screener_query_scratch`);
  });
  after(() => t.close());

  it('round-trips the fixture (rows read back as written)', async () => {
    const rows: Row[] = await t.dataSource.query(`SELECT ${SELECT} FROM ${FROM} ORDER BY s.id`);
    expect(rows).toEqual(ROWS);
  });

  for (const [filter, predicate] of CASES) {
    it(`filters ${JSON.stringify(filter)}`, async () => {
      const params: unknown[] = [];
      const where = filterSql([filter], MAP, params);
      const rows: Row[] = await t.dataSource.query(`SELECT s.id FROM ${FROM} WHERE ${where} ORDER BY s.id`, params);
      const expected = ROWS.filter(predicate).map((r) => r.id);
      expect(ids(rows)).toEqual(expected);
    });
  }

  it('ANDs filters and the global search box', async () => {
    const params: unknown[] = [];
    const where = `${filterSql(
      [
        { id: 'amount', type: 'greaterThan', value: 0 },
        { id: 'flag', type: 'equals', value: true },
      ],
      MAP,
      params,
    )} AND ${globalFilterSql('acme', ['name', 'lenders'], MAP, params)}`;
    const rows = await t.dataSource.query(`SELECT s.id FROM ${FROM} WHERE ${where} ORDER BY s.id`, params);
    expect(ids(rows)).toEqual(
      ROWS.filter((r) => r.amount !== null && r.amount > 0 && r.flag && lower(r.name).includes('acme')).map((r) => r.id),
    );
    const lenderParams: unknown[] = [];
    const byLender = await t.dataSource.query(
      `SELECT s.id FROM ${FROM} WHERE ${globalFilterSql('BARCLAYS', ['name', 'lenders'], MAP, lenderParams)} ORDER BY s.id`,
      lenderParams,
    );
    expect(ids(byLender)).toEqual(ROWS.filter((r) => (r.lenders ?? []).some((l) => l.startsWith('Barclays'))).map((r) => r.id));
  });

  it('writes text filters that the trigram and prefix indexes can serve', async () => {
    const plan = async (filter: NormalisedFilter) =>
      t.dataSource.transaction(async (m) => {
        await m.query('SET LOCAL enable_seqscan = off');
        const params: unknown[] = [];
        const rows: { 'QUERY PLAN': string }[] = await m.query(
          `EXPLAIN SELECT s.id FROM ${FROM} WHERE ${filterSql([filter], MAP, params)}`,
          params,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await plan({ id: 'name', type: 'contains', value: 'acme' })).toContain('screener_query_scratch_name_trgm');
    expect(await plan({ id: 'name', type: 'endsWith', value: 'ltd' })).toContain('screener_query_scratch_name_trgm');
    // Without prefixIndex, startsWith is plain LIKE: the trigram index serves it (and, in a database
    // whose collation is C, the prefix btree may too).
    expect(await plan({ id: 'plain_name', type: 'startsWith', value: 'acme' })).toMatch(/screener_query_scratch_name_(trgm|prefix)/);
    expect(await plan({ id: 'name', type: 'startsWith', value: 'acme' })).toContain('screener_query_scratch_name_prefix');
    expect(await plan({ id: 'name', type: 'equals', value: 'zeta' })).toContain('screener_query_scratch_name_prefix');
    expect(await plan({ id: 'amount', type: 'greaterThan', value: 5 })).toContain('screener_query_scratch_amount');
  });

  it('reads a page after a cursor in index order, both directions', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const text = await t.dataSource.transaction(async (m) => {
        await m.query('SET LOCAL enable_seqscan = off');
        await m.query('SET LOCAL enable_sort = off');
        const params: unknown[] = [];
        const sql = branchSelectSql(
          query({ sql: 's.amount', order }),
          'value',
          { reversed: false, position: { value: '5', key: 'r010' }, limit: 5, offset: 0 },
          params,
        )!;
        const rows: { 'QUERY PLAN': string }[] = await m.query(`EXPLAIN ${sql}`, params);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(text).toMatch(/Index (Only )?Scan (Backward )?using screener_query_scratch_amount/);
      expect(text).toMatch(/Index Cond: \(ROW\(amount, id\) [<>] ROW\(/);
    }
  });

  const SORTS: SortSpec[] = [
    { sql: 's.amount', order: 'asc' },
    { sql: 's.amount', order: 'desc' },
    { sql: 's.day', order: 'desc' },
    { sql: 's.name', order: 'asc' },
    { sql: 's.status', order: 'desc' },
    { sql: 's.flag', order: 'asc' },
    { sql: 's.amount', order: 'asc', nullsLast: false },
    { sql: 's.day', order: 'desc', nullsLast: false },
  ];
  for (const sort of SORTS) {
    for (const pageSize of [4, 7]) {
      it(`pages by cursor forwards and backwards over NULLs and ties (${sort.sql} ${sort.order}${sort.nullsLast === false ? ' nulls first' : ''}, ${pageSize} a page)`, async () => {
        const expected = await ordered(sort);
        expect(expected).toHaveLength(ROWS.length);
        const q = query(sort);
        // NULLs come last (or first, with nullsLast: false) whichever the direction.
        const column = sort.sql.slice(2) as keyof Row;
        const nulls = ROWS.filter((r) => r[column] === null).length;
        const nullEnd = sort.nullsLast === false ? expected.slice(0, nulls) : expected.slice(-nulls);
        if (nulls) expect(nullEnd.every((id) => ROWS.find((r) => r.id === id)![column] === null)).toBe(true);

        const pages: string[][] = [];
        let result = await runPage<Row>(t.dataSource, q, { page: 1, pageSize });
        expect(result.paging.prev_cursor).toBeNull();
        pages.push(ids(result.rows));
        while (result.paging.next_cursor) {
          result = await runPage<Row>(t.dataSource, q, { page: 1, pageSize, cursor: result.paging.next_cursor });
          pages.push(ids(result.rows));
          expect(result.paging.page).toBe(pages.length);
        }
        expect(pages.flat()).toEqual(expected);
        expect(pages).toHaveLength(Math.ceil(ROWS.length / pageSize));
        expect(result.paging.page_count).toBe(pages.length);

        // And back again from the last page to the first.
        const back: string[][] = [pages[pages.length - 1]];
        while (result.paging.prev_cursor) {
          result = await runPage<Row>(t.dataSource, q, { page: 1, pageSize, cursor: result.paging.prev_cursor });
          back.unshift(ids(result.rows));
          expect(result.paging.page).toBe(pages.length - back.length + 1);
        }
        expect(back).toEqual(pages);
        expect(result.paging.page).toBe(1);

        // Each OFFSET page is the same as the keyset page.
        for (let page = 1; page <= pages.length; page++) {
          const byOffset = await runPage<Row>(t.dataSource, q, { page, pageSize });
          expect(ids(byOffset.rows)).toEqual(pages[page - 1]);
          expect(byOffset.paging.next_cursor === null).toBe(page === pages.length);
          expect(byOffset.paging.prev_cursor === null).toBe(page === 1);
        }
      });
    }
  }

  it('pages a filtered list, and a cursor stays a position when the filters change', async () => {
    const params: unknown[] = [];
    const where = filterSql([{ id: 'amount', type: 'notEmpty' }], MAP, params);
    const sort: SortSpec = { sql: 's.amount', order: 'desc' };
    const expected = await ordered(sort, where, params);
    const first = await runPage<Row>(t.dataSource, query(sort, where, params), { page: 1, pageSize: 10 });
    expect(first.paging.total_count).toBe(expected.length);
    expect(ids(first.rows)).toEqual(expected.slice(0, 10));
    const second = await runPage<Row>(t.dataSource, query(sort), { page: 1, pageSize: 10, cursor: first.paging.next_cursor });
    const all = await ordered(sort);
    const at = all.indexOf(expected[9]);
    expect(ids(second.rows)).toEqual(all.slice(at + 1, at + 11));
  });

  it('reads the rows without the cursor columns, and with the page fields of ScreenerPaging', async () => {
    const result = await runPage<Row>(t.dataSource, query({ sql: 's.id', order: 'asc' }), { page: 2, pageSize: 25 });
    expect(Object.keys(result.rows[0]).sort()).toEqual(['amount', 'day', 'flag', 'id', 'lenders', 'n', 'name', 'status']);
    expect(result.rows[0]).toEqual(ROWS[25]);
    expect(result.paging).toEqual({
      total_count: 60,
      page_count: 3,
      page: 2,
      page_size: 25,
      total_is_estimate: false,
      next_cursor: expect.any(String),
      prev_cursor: expect.any(String),
    });
  });

  it('clamps a page past the end to the last page; no rows is page 1 of 0', async () => {
    const sort: SortSpec = { sql: 's.amount', order: 'asc' };
    const result = await runPage<Row>(t.dataSource, query(sort), { page: 99, pageSize: 25 });
    expect(result.paging).toMatchObject({ page: 3, page_count: 3, total_count: 60, next_cursor: null });
    expect(ids(result.rows)).toEqual((await ordered(sort)).slice(50));
    const none = await runPage<Row>(t.dataSource, query(sort, 'FALSE'), { page: 4, pageSize: 25 });
    expect(none).toEqual({
      rows: [],
      paging: { total_count: 0, page_count: 0, page: 1, page_size: 25, total_is_estimate: false, next_cursor: null, prev_cursor: null },
    });
  });

  it('answers a bad, altered or other-sort cursor with a 400', async () => {
    const sort: SortSpec = { sql: 's.amount', order: 'asc' };
    const first = await runPage(t.dataSource, query(sort), { page: 1, pageSize: 5 });
    const cursor = first.paging.next_cursor!;
    const refused = async (bad: string, q = query(sort)) => {
      const error = await runPage(t.dataSource, q, { page: 1, pageSize: 5, cursor: bad }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BadRequestException);
      const body = (error as BadRequestException).getResponse() as Record<string, unknown>;
      expect(body).toMatchObject({ status: 'error', statusCode: 400 });
      return body.message;
    };
    expect(await refused('garbage')).toMatch(/^The cursor is not valid/);
    expect(await refused(cursor.slice(0, -4))).toMatch(/^The cursor is not valid/);
    expect(await refused(cursor, query({ sql: 's.amount', order: 'desc' }))).toBe(
      'The cursor belongs to another sort order: start again from page 1.',
    );
    expect(await refused(cursor, query({ sql: 's.day', order: 'asc' }))).toMatch(/another sort order/);
    // Well-formed and signed, but its value is not a number: the database's 22P02 becomes a 400.
    const decoded = decodeCursor(cursor);
    expect(await refused(encodeCursor({ ...decoded, value: 'not a number' }))).toMatch(/^The cursor is not valid/);
  });

  it('falls back to the last page when nothing is left after a cursor', async () => {
    const sort: SortSpec = { sql: 's.id', order: 'asc' };
    const last = await runPage(t.dataSource, query(sort), { page: 6, pageSize: 10 });
    const cursor = encodeCursor({ ...decodeCursor(last.paging.prev_cursor!), direction: 'after', value: 'r999', key: 'r999', page: 7 });
    const result = await runPage<Row>(t.dataSource, query(sort), { page: 1, pageSize: 10, cursor });
    expect(result.paging.page).toBe(6);
    expect(ids(result.rows)).toEqual(ROWS.slice(50).map((r) => r.id));
  });

  it('pages an aggregate given as a subquery', async () => {
    const q: PageQuery = {
      select: 'g.status_key, g.total',
      from: `(SELECT coalesce(status, '') AS status_key, count(*)::int AS total FROM screener_query_scratch GROUP BY 1) g`,
      where: 'g.total > $1',
      params: [1],
      sort: { sql: 'g.total', order: 'desc' },
      tiebreak: 'g.status_key',
    };
    const first = await runPage<{ status_key: string; total: number }>(t.dataSource, q, { page: 1, pageSize: 2 });
    const second = await runPage<{ status_key: string; total: number }>(t.dataSource, q, {
      page: 1,
      pageSize: 2,
      cursor: first.paging.next_cursor,
    });
    const counts = new Map<string, number>();
    for (const r of ROWS) counts.set(r.status ?? '', (counts.get(r.status ?? '') ?? 0) + 1);
    const expected = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1));
    expect([...first.rows, ...second.rows].map((r) => [r.status_key, r.total])).toEqual(expected.slice(0, 4));
    expect(first.paging.total_count).toBe(expected.length);
  });

  it('iterates every row in keyset batches, in the list order', async () => {
    for (const sort of SORTS) {
      const seen: string[] = [];
      for await (const row of iterateAll<Row>(t.dataSource, query(sort), { batchSize: 7 })) seen.push(row.id);
      expect(seen).toEqual(await ordered(sort));
    }
    const params: unknown[] = [];
    const where = filterSql([{ id: 'flag', type: 'equals', value: true }], MAP, params);
    const flagged: Row[] = [];
    for await (const row of iterateAll<Row>(t.dataSource, query({ sql: 's.amount', order: 'desc' }, where, params), { batchSize: 3 }))
      flagged.push(row);
    expect(flagged.map((r) => r.id).sort()).toEqual(ROWS.filter((r) => r.flag).map((r) => r.id));
    expect(flagged[0]).toEqual(ROWS.find((r) => r.id === flagged[0].id));
    const limited: string[] = [];
    for await (const row of iterateAll<Row>(t.dataSource, query({ sql: 's.id', order: 'asc' }), { batchSize: 4, limit: 10 }))
      limited.push(row.id);
    expect(limited).toEqual(ROWS.slice(0, 10).map((r) => r.id));
  });

  it('counts exactly up to the limit, then flags the planner estimate', async () => {
    expect(await countRows(t.dataSource, `FROM ${FROM}`, [])).toEqual({ count: 60, estimate: false });
    expect(await countRows(t.dataSource, `FROM ${FROM} WHERE s.flag = $1`, [true], { exactLimit: 20 })).toEqual({
      count: 20,
      estimate: false,
    });
    const estimated = await countRows(t.dataSource, `FROM ${FROM} WHERE s.amount IS NOT NULL`, [], { exactLimit: 10 });
    expect(estimated.estimate).toBe(true);
    expect(estimated.count).toBeGreaterThan(10);
    const paged = await runPage(t.dataSource, query({ sql: 's.id', order: 'asc' }), { page: 1, pageSize: 10 }, { exactLimit: 30 });
    expect(paged.paging.total_is_estimate).toBe(true);
    expect(paged.paging.total_count).toBeGreaterThan(30);
  });

  it(`estimates above EXACT_COUNT_LIMIT (${EXACT_COUNT_LIMIT}) rows`, async () => {
    await t.dataSource.query(`CREATE TABLE screener_query_many AS SELECT g AS id FROM generate_series(1, ${EXACT_COUNT_LIMIT + 5000}) g`);
    await t.dataSource.query(`ANALYZE screener_query_many`);
    const many = await countRows(t.dataSource, 'FROM screener_query_many WHERE id > $1', [0]);
    expect(many.estimate).toBe(true);
    expect(many.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(many.count - (EXACT_COUNT_LIMIT + 5000))).toBeLessThan(20_000);
    expect(await countRows(t.dataSource, 'FROM screener_query_many WHERE id <= $1', [EXACT_COUNT_LIMIT])).toEqual({
      count: EXACT_COUNT_LIMIT,
      estimate: false,
    });
    await t.dataSource.query('DROP TABLE screener_query_many');
  });
});
