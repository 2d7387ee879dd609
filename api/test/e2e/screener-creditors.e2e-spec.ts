import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import {
  CHARGE_SCREENER_COLUMNS,
  COMPANY_CHARGE_STATS_COLUMNS,
  LENDER_STATS_COLUMNS,
  SCREENER_ROUTES,
  lenderKey,
  type ColumnSpec,
} from '@credence/shared';
import { loadConfig } from '../../src/core/config/config.js';
import { importChApi } from '../../src/modules/companies-house/import/ch-api.importer.js';
import { upsertCharges } from '../../src/modules/companies-house/store/company-store.js';
import { refreshDerivedTables } from '../../src/modules/companies-house/store/derived-tables.js';
import {
  charge,
  company,
  loadScreenerData,
  modelCompanyStats,
  modelFilter,
  modelLenderStats,
  modelOrder,
  quietReporter,
  screenerPath,
  textRanks,
  type ChargeModelRow,
  type ModelFilter,
} from '../support/screener-data.js';
import { startTestApi, type TestApi } from '../support/test-api.js';
import { ScreenerMemory } from '../../src/modules/screener/screener-memory.service.js';

/**
 * The creditors screener over HTTP (spec 2 2.12, 3.10-3.13, sections 4, 5, 7, 9): the charges
 * screener, lender statistics, lender detail and company aggregation, over hand-made charges of
 * known lenders (one lender under four spellings, HSBC under two) beside 80 generated companies.
 * The aggregates are checked against a JS model computed from the charges screener's own rows,
 * and again after an import adds charges.
 */

type Row = Record<string, any>;

const QUAYSIDE = '09800001';
const ROPEWORKS = '09800002';
const HOTELS = '09800003';
const TYNESIDE = [
  'Tyneside Growth Capital PLC',
  'TYNESIDE GROWTH CAPITAL P.L.C.',
  'The Tyneside Growth Capital Limited',
  'Tyneside Growth Capital PLC (as Security Trustee)',
];
const HSBC = ['HSBC UK Bank PLC', 'HSBC UK BANK P.L.C.'];

const HAND_MADE_DATA = {
  companies: [
    company(QUAYSIDE, 'QUAYSIDE FABRICATION LIMITED', { sic_codes: ['25110'] }),
    company(ROPEWORKS, 'TYNE ROPEWORKS LIMITED', { sic_codes: ['13940'] }),
    company(HOTELS, 'WEAR VALLEY HOTELS LIMITED', { sic_codes: ['55100'] }),
  ],
  charges: [
    charge('QF-1', QUAYSIDE, {
      charge_number: 1,
      charge_code: '098000010001',
      created_on: '2025-03-01',
      delivered_on: '2025-03-04',
      classification_description: 'A registered charge',
      particulars_description: 'Fixed and floating charge over the undertaking',
      contains_fixed_charge: true,
      contains_floating_charge: true,
      contains_negative_pledge: true,
      persons_entitled: [TYNESIDE[0]],
    }),
    charge('QF-2', QUAYSIDE, {
      charge_number: 2,
      charge_code: '098000010002',
      status: 'part-satisfied',
      created_on: '2024-07-10',
      delivered_on: '2024-07-12',
      classification_description: 'Legal charge',
      particulars_description: 'Unit 4, Quayside Industrial Estate',
      contains_fixed_charge: true,
      persons_entitled: [TYNESIDE[1], HSBC[0]],
    }),
    charge('QF-3', QUAYSIDE, {
      charge_number: 3,
      status: 'fully-satisfied',
      created_on: '2019-01-15',
      delivered_on: '2019-01-20',
      satisfied_on: '2023-05-02',
      classification_description: 'Debenture',
      contains_fixed_charge: true,
      contains_floating_charge: true,
      persons_entitled: [HSBC[1]],
    }),
    // Two spellings of one lender on one charge: it counts once for that lender.
    charge('TR-1', ROPEWORKS, {
      charge_number: 1,
      charge_code: '098000020001',
      created_on: '2026-01-05',
      delivered_on: '2026-01-09',
      classification_description: 'A registered charge',
      contains_floating_charge: true,
      persons_entitled: [TYNESIDE[2], TYNESIDE[3]],
    }),
    charge('TR-2', ROPEWORKS, {
      charge_number: 2,
      status: 'satisfied',
      created_on: '2020-02-02',
      satisfied_on: '2021-03-03',
      classification_description: 'Mortgage',
      particulars_description: 'Land at Ropery Lane',
      persons_entitled: [HSBC[0], HSBC[1]],
    }),
    charge('TR-3', ROPEWORKS, {
      charge_number: 3,
      charge_code: '098000020003',
      created_on: '2026-02-10',
      delivered_on: '2026-02-14',
      classification_description: 'A registered charge',
      particulars_description: 'All monies debenture',
      contains_fixed_charge: true,
      contains_floating_charge: true,
      contains_negative_pledge: true,
      persons_entitled: [TYNESIDE[0]],
    }),
    // No lender named at all.
    charge('WV-1', HOTELS, {
      charge_number: 1,
      charge_code: '098000030001',
      created_on: '2025-09-30',
      delivered_on: '2025-10-02',
      classification_description: 'A registered charge',
      persons_entitled: [],
    }),
  ],
};
const HAND_MADE_CHARGES = HAND_MADE_DATA.charges.map((c) => c.charge_id);

function fixtures(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'test', 'fixtures', 'companies-house', 'api');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('fixtures not found');
}

const op = (id: string, operator: string, rest: Record<string, unknown> = {}) => ({ id, operator, ...rest });
const mf = (id: string, type: string, rest: Omit<ModelFilter, 'id' | 'type'> = {}): ModelFilter => ({ id, type, ...rest });

interface Case {
  name: string;
  send: ReturnType<typeof op>[];
  model: ModelFilter[];
  has?: string[];
  hasNot?: string[];
  exactly?: string[];
}
/** A filter whose model is the filter as sent. */
const same = (
  name: string,
  id: string,
  operator: string,
  rest: Record<string, unknown>,
  expectations: Omit<Case, 'name' | 'send' | 'model'> = {},
): Case => ({
  name,
  send: [op(id, operator, rest)],
  model: [mf(id, operator, rest as Omit<ModelFilter, 'id' | 'type'>)],
  ...expectations,
});

const CHARGE_CASES: Case[] = [
  same('text contains', 'company_name', 'contains', { value: 'Quayside' }, { has: ['QF-1', 'QF-2', 'QF-3'], hasNot: ['TR-1'] }),
  same('text equals on the company number', 'company_number', 'equals', { value: ROPEWORKS }, { exactly: ['TR-1', 'TR-2', 'TR-3'] }),
  same(
    'text startsWith on the charge code',
    'charge_code',
    'startsWith',
    { value: '0980000' },
    { exactly: ['QF-1', 'QF-2', 'TR-1', 'TR-3', 'WV-1'] },
  ),
  same('text endsWith on the charge code', 'charge_code', 'endsWith', { value: '20003' }, { has: ['TR-3'], hasNot: ['TR-1'] }),
  same('text empty (no charge code)', 'charge_code', 'empty', {}, { has: ['QF-3', 'TR-2'], hasNot: ['QF-1'] }),
  same('text contains on the particulars', 'particulars_description', 'contains', { value: 'QUAYSIDE industrial' }, { exactly: ['QF-2'] }),
  same('text notEmpty on the particulars', 'particulars_description', 'notEmpty', {}, { has: ['QF-1', 'TR-2'], hasNot: ['QF-3', 'TR-1'] }),
  // lenders: a text filter matches when any of the charge's lenders does
  same(
    'lenders contains (any lender, any spelling)',
    'lenders',
    'contains',
    { value: 'tyneside growth' },
    { has: ['QF-1', 'QF-2', 'TR-1', 'TR-3'], hasNot: ['QF-3', 'WV-1'] },
  ),
  same(
    'lenders equals one lender exactly',
    'lenders',
    'equals',
    { value: 'hsbc uk bank p.l.c.' },
    { has: ['QF-3', 'TR-2'], hasNot: ['QF-2'] },
  ),
  same('lenders startsWith', 'lenders', 'startsWith', { value: 'The Tyneside' }, { exactly: ['TR-1'] }),
  same('lenders endsWith', 'lenders', 'endsWith', { value: '(as security trustee)' }, { has: ['TR-1'], hasNot: ['TR-3'] }),
  same('lenders empty (none named)', 'lenders', 'empty', {}, { has: ['WV-1'], hasNot: ['QF-1'] }),
  same('lenders notEmpty', 'lenders', 'notEmpty', {}, { has: ['QF-1'], hasNot: ['WV-1'] }),
  // select: status (closed options), classification
  same(
    'select is_one_of with a list',
    'status',
    'is_one_of',
    { values: ['outstanding', 'part-satisfied'] },
    { has: ['QF-1', 'QF-2', 'WV-1'], hasNot: ['QF-3', 'TR-2'] },
  ),
  {
    name: 'select is_one_of with one value (the spec sends value only)',
    send: [op('status', 'is_one_of', { value: 'satisfied' })],
    model: [mf('status', 'is_one_of', { values: ['satisfied'] })],
    exactly: ['TR-2'],
  },
  {
    name: 'select options in any case are the canonical ones',
    send: [op('status', 'is_one_of', { values: ['Part-Satisfied'] })],
    model: [mf('status', 'is_one_of', { values: ['part-satisfied'] })],
    has: ['QF-2'],
  },
  same(
    'select is_not_one_of',
    'status',
    'is_not_one_of',
    { values: ['outstanding', 'fully-satisfied'] },
    { has: ['QF-2', 'TR-2'], hasNot: ['QF-1', 'QF-3'] },
  ),
  same(
    'select is_one_of on the classification',
    'classification_description',
    'is_one_of',
    { values: ['Legal charge', 'Mortgage'] },
    { has: ['QF-2', 'TR-2'], hasNot: ['QF-1'] },
  ),
  // dates: equals, after and before (exclusive), range (inclusive), empty, notEmpty; ISO or DD/MM/YYYY
  same('date equals (ISO)', 'delivered_on', 'equals', { value: '2025-03-04' }, { has: ['QF-1'] }),
  {
    name: 'date equals (ISO with a time, which is ignored)',
    send: [op('delivered_on', 'equals', { value: '2025-03-04T10:30:00Z' })],
    model: [mf('delivered_on', 'equals', { value: '2025-03-04' })],
    has: ['QF-1'],
  },
  {
    name: 'date equals (DD/MM/YYYY)',
    send: [op('delivered_on', 'equals', { value: '4/3/2025' })],
    model: [mf('delivered_on', 'equals', { value: '2025-03-04' })],
    has: ['QF-1'],
  },
  same('date after is strict', 'delivered_on', 'after', { value: '2026-01-09' }, { has: ['TR-3'], hasNot: ['TR-1'] }),
  same('date before is strict', 'delivered_on', 'before', { value: '2019-01-21' }, { has: ['QF-3'], hasNot: ['TR-2'] }),
  {
    name: 'date range includes both ends',
    send: [op('delivered_on', 'range', { value: '09/01/2026', valueTo: '2026-02-14' })],
    model: [mf('delivered_on', 'range', { value: '2026-01-09', valueTo: '2026-02-14' })],
    has: ['TR-1', 'TR-3'],
    hasNot: ['WV-1'],
  },
  {
    name: 'date range with its ends the wrong way round',
    send: [op('created_on', 'range', { value: '2026-02-10', valueTo: '2025-09-30' })],
    model: [mf('created_on', 'range', { value: '2025-09-30', valueTo: '2026-02-10' })],
    has: ['WV-1', 'TR-1', 'TR-3'],
    hasNot: ['QF-1'],
  },
  same('date empty', 'delivered_on', 'empty', {}, { has: ['TR-2'], hasNot: ['TR-1'] }),
  same('date notEmpty', 'satisfied_on', 'notEmpty', {}, { has: ['QF-3', 'TR-2'], hasNot: ['QF-2'] }),
  same('date after on satisfied_on', 'satisfied_on', 'after', { value: '2021-03-03' }, { has: ['QF-3'], hasNot: ['TR-2'] }),
  // numbers
  same('number greaterThan', 'charge_number', 'greaterThan', { value: 2 }, { has: ['QF-3', 'TR-3'], hasNot: ['QF-2'] }),
  same('number lessThan', 'charge_number', 'lessThan', { value: 2 }, { has: ['QF-1', 'WV-1'], hasNot: ['QF-2'] }),
  same('number between', 'charge_number', 'between', { value: 2, valueTo: 3 }, { has: ['QF-2', 'TR-3'], hasNot: ['TR-1'] }),
  same('number equals', 'charge_number', 'equals', { value: 3 }, { has: ['QF-3', 'TR-3'] }),
  same('number greaterThan beyond what the column holds', 'charge_number', 'greaterThan', { value: 1e20 }, { exactly: [] }),
  // booleans: true/false and their spellings
  same('boolean equals true', 'contains_floating_charge', 'equals', { value: true }, { has: ['QF-1', 'TR-1'], hasNot: ['QF-2'] }),
  {
    name: 'boolean equals "no"',
    send: [op('contains_fixed_charge', 'equals', { value: 'no' })],
    model: [mf('contains_fixed_charge', 'equals', { value: false })],
    has: ['TR-1', 'WV-1'],
    hasNot: ['QF-1'],
  },
  {
    name: 'boolean equals 1',
    send: [op('contains_negative_pledge', 'equals', { value: 1 })],
    model: [mf('contains_negative_pledge', 'equals', { value: true })],
    has: ['QF-1', 'TR-3'],
    hasNot: ['QF-2'],
  },
  {
    name: 'several filters at once (AND)',
    send: [
      op('lenders', 'contains', { value: 'tyneside' }),
      op('status', 'is_one_of', { values: ['outstanding'] }),
      op('delivered_on', 'after', { value: '2025-12-31' }),
    ],
    model: [
      mf('lenders', 'contains', { value: 'tyneside' }),
      mf('status', 'is_one_of', { values: ['outstanding'] }),
      mf('delivered_on', 'after', { value: '2025-12-31' }),
    ],
    exactly: ['TR-1', 'TR-3'],
  },
];

const LENDER_CASES: Case[] = [
  same('text contains', 'lender_name', 'contains', { value: 'tyneside' }, { has: ['TYNESIDE GROWTH CAPITAL'] }),
  same('text startsWith', 'lender_name', 'startsWith', { value: 'hsbc uk' }, { has: ['HSBC UK BANK'] }),
  same('number greaterThan', 'total_charges', 'greaterThan', { value: 3 }, { has: ['TYNESIDE GROWTH CAPITAL'] }),
  same('number between', 'companies_count', 'between', { value: 2, valueTo: 3 }, { has: ['TYNESIDE GROWTH CAPITAL'] }),
  same('number equals', 'part_satisfied_charges', 'equals', { value: 1 }, { has: ['TYNESIDE GROWTH CAPITAL'] }),
  same('number lessThan', 'negative_pledge_charges', 'lessThan', { value: 1 }),
  same('number lessThan beyond what the column holds', 'total_charges', 'lessThan', { value: -1e20 }, { exactly: [] }),
  same('number greaterThan on floating', 'floating_charges', 'greaterThan', { value: 2 }, { has: ['TYNESIDE GROWTH CAPITAL'] }),
  same('number equals on fixed', 'fixed_charges', 'equals', { value: 3 }, { has: ['TYNESIDE GROWTH CAPITAL'] }),
  same('number greaterThan on outstanding', 'outstanding_charges', 'greaterThan', { value: 2 }, { has: ['TYNESIDE GROWTH CAPITAL'] }),
];

const COMPANY_CASES: Case[] = [
  same('text contains', 'company_name', 'contains', { value: 'tyne' }, { has: [ROPEWORKS] }),
  same('text equals on the number', 'company_number', 'equals', { value: HOTELS }, { exactly: [HOTELS] }),
  same('number equals zero lenders', 'unique_lenders_count', 'equals', { value: 0 }, { has: [HOTELS], hasNot: [ROPEWORKS] }),
  same('number greaterThan', 'total_charges', 'greaterThan', { value: 2 }, { has: [QUAYSIDE, ROPEWORKS], hasNot: [HOTELS] }),
  same('number between', 'outstanding_charges', 'between', { value: 2, valueTo: 2 }, { has: [ROPEWORKS], hasNot: [QUAYSIDE] }),
  same('number equals on part satisfied', 'part_satisfied_charges', 'equals', { value: 1 }, { has: [QUAYSIDE] }),
  same('number lessThan on fixed', 'fixed_charges', 'lessThan', { value: 1 }, { has: [HOTELS] }),
  same('number equals on floating', 'floating_charges', 'equals', { value: 2 }, { has: [QUAYSIDE, ROPEWORKS] }),
  same(
    'number greaterThan on negative pledge',
    'negative_pledge_charges',
    'greaterThan',
    { value: 0 },
    { has: [QUAYSIDE, ROPEWORKS], hasNot: [HOTELS] },
  ),
  same('date after', 'latest_charge_date', 'after', { value: '2025-10-01' }, { has: [HOTELS, ROPEWORKS], hasNot: [QUAYSIDE] }),
  {
    name: 'date range (DD/MM/YYYY)',
    send: [op('latest_charge_date', 'range', { value: '01/01/2025', valueTo: '31/12/2025' })],
    model: [mf('latest_charge_date', 'range', { value: '2025-01-01', valueTo: '2025-12-31' })],
    has: [QUAYSIDE, HOTELS],
    hasNot: [ROPEWORKS],
  },
  same('date equals', 'latest_charge_date', 'equals', { value: '2026-02-14' }, { has: [ROPEWORKS] }),
  same('date before is strict', 'latest_charge_date', 'before', { value: '2025-03-04' }, { hasNot: [QUAYSIDE, ROPEWORKS, HOTELS] }),
];

describe('creditors screener API (charges, lender statistics, lender detail, company aggregation)', () => {
  let t: TestApi;
  let token: string;
  let charges: Row[];
  let lenders: Row[];
  let companies: Row[];
  let ranks: Map<string, number>;

  const get = (route: string, query: Record<string, unknown> = {}) => t.request('GET', screenerPath(route, query), { token });
  const list = async (route: string, query: Record<string, unknown>) => {
    const reply = await get(route, query);
    if (reply.status !== 200) throw new Error(`${reply.status} ${JSON.stringify(reply.body)} for ${route} ${JSON.stringify(query)}`);
    return reply.body.data;
  };
  const allCharges = async () => (await list(SCREENER_ROUTES.charges, { page_size: 1000 })).charges as Row[];
  const allLenders = async () => (await list(SCREENER_ROUTES.lenders, { page_size: 1000 })).lender_stats as Row[];
  const allCompanies = async () => (await list(SCREENER_ROUTES.chargeCompanies, { page_size: 1000 })).company_stats as Row[];
  const rankAll = async (...tables: Row[][]) =>
    textRanks(
      t.api.dataSource,
      tables
        .flat()
        .flatMap((r) => Object.values(r).flatMap((v) => (Array.isArray(v) ? v : [v])))
        .concat(
          tables
            .flat()
            .filter((r) => r.lender_name)
            .map((r) => lenderKey(r.lender_name)),
        ),
    );
  const byKey = (rows: Row[]) => new Map(rows.map((r) => [lenderKey(r.lender_name), r]));

  before(async () => {
    t = await startTestApi();
    token = await t.adminToken();
    await loadScreenerData(t, HAND_MADE_DATA, { companies: 80, seed: 7 });
    [charges, lenders, companies] = await Promise.all([allCharges(), allLenders(), allCompanies()]);
    ranks = await rankAll(charges, lenders, companies);
  });
  after(async () => {
    // Server Postgres: the charges and company-aggregation pages came from the in-memory copies.
    const served = t.api.app.get(ScreenerMemory).served;
    await t.close();
    if (process.env.DATABASE_URL) expect(served).toBeGreaterThan(50);
  });

  it('needs a signed-in user on every creditors route', async () => {
    const routes = [
      SCREENER_ROUTES.charges,
      SCREENER_ROUTES.chargesExport,
      SCREENER_ROUTES.chargesUniqueValues,
      SCREENER_ROUTES.lenders,
      SCREENER_ROUTES.lendersExport,
      SCREENER_ROUTES.lendersUniqueValues,
      SCREENER_ROUTES.lenderDetail,
      SCREENER_ROUTES.chargeCompanies,
      SCREENER_ROUTES.chargeCompaniesExport,
      SCREENER_ROUTES.chargeCompaniesUniqueValues,
    ];
    for (const route of routes) {
      const reply = await t.request('GET', screenerPath(route, { format: 'csv', column_name: 'status', lender_name: 'HSBC UK Bank PLC' }));
      expect({ route, status: reply.status }).toEqual({ route, status: 401 });
    }
  });

  describe('charges screener (companies_house/charges-screener-info)', () => {
    it('answers page size 50, newest delivered first, by default', async () => {
      const reply = await get(SCREENER_ROUTES.charges);
      expect(reply.status).toBe(200);
      expect(reply.body.status).toBe('success');
      const { charges: rows, ...paging } = reply.body.data;
      expect(paging).toMatchObject({
        total_count: charges.length,
        page_count: Math.ceil(charges.length / 50),
        page: 1,
        page_size: 50,
        total_is_estimate: false,
        prev_cursor: null,
      });
      expect(charges.length).toBeGreaterThan(50);
      expect(rows.map((r: Row) => r.charge_id)).toEqual(
        modelOrder(charges, 'delivered_on', 'desc', (r) => r.charge_id, ranks).slice(0, 50),
      );
    });

    it('answers every field of spec 2 3.10, lenders as filed', () => {
      expect(charges.find((c) => c.charge_id === 'QF-2')).toEqual({
        charge_id: 'QF-2',
        company_number: QUAYSIDE,
        company_name: 'QUAYSIDE FABRICATION LIMITED',
        status: 'part-satisfied',
        delivered_on: '2024-07-12',
        lenders: ['TYNESIDE GROWTH CAPITAL P.L.C.', 'HSBC UK Bank PLC'],
        charge_code: '098000010002',
        classification_description: 'Legal charge',
        particulars_description: 'Unit 4, Quayside Industrial Estate',
        charge_number: 2,
        contains_fixed_charge: true,
        contains_floating_charge: false,
        contains_negative_pledge: false,
        created_on: '2024-07-10',
        satisfied_on: null,
      });
      expect(charges.find((c) => c.charge_id === 'WV-1')).toMatchObject({ lenders: [], delivered_on: '2025-10-02' });
      expect(charges.filter((c) => HAND_MADE_CHARGES.includes(c.charge_id))).toHaveLength(HAND_MADE_CHARGES.length);
    });

    describe('filters of every type, checked against a model over every charge', () => {
      for (const c of CHARGE_CASES) {
        it(c.name, async () => {
          const data = await list(SCREENER_ROUTES.charges, { page_size: 1000, sort_by: 'charge_number', filters: c.send });
          const expected = modelOrder(
            modelFilter(charges, CHARGE_SCREENER_COLUMNS, c.model),
            'charge_number',
            'asc',
            (r) => r.charge_id,
            ranks,
          );
          expect(data.charges.map((r: Row) => r.charge_id)).toEqual(expected);
          expect(data.total_count).toBe(expected.length);
          expectMembers(expected, c);
        });
      }

      it('searches company names, numbers and lenders with global_filter', async () => {
        const data = await list(SCREENER_ROUTES.charges, { page_size: 1000, global_filter: 'Tyneside' });
        const expected = charges.filter((c) =>
          [c.company_name, c.company_number, ...c.lenders].some((v: string) => v.toLowerCase().includes('tyneside')),
        );
        expect(data.charges.map((r: Row) => r.charge_id).sort()).toEqual(expected.map((r) => r.charge_id).sort());
        expect(expected.map((r) => r.charge_id).sort()).toEqual(['QF-1', 'QF-2', 'TR-1', 'TR-3']);
        const byNumber = await list(SCREENER_ROUTES.charges, { page_size: 1000, global_filter: HOTELS });
        expect(byNumber.charges.map((r: Row) => r.charge_id)).toEqual(['WV-1']);
      });

      it('drops filters whose value is empty', async () => {
        const data = await list(SCREENER_ROUTES.charges, {
          filters: [
            op('company_name', 'contains', { value: '' }),
            op('delivered_on', 'after', { value: '  ' }),
            op('status', 'is_one_of', { values: [] }),
            op('delivered_on', 'range', {}),
          ],
        });
        expect(data.total_count).toBe(charges.length);
      });
    });

    describe('validation: 400 with the spec message', () => {
      const sortable = CHARGE_SCREENER_COLUMNS.filter((c) => c.sortable)
        .map((c) => c.id)
        .join(', ');
      const filterable = CHARGE_SCREENER_COLUMNS.map((c) => c.id).join(', ');
      const BAD: [string, Record<string, unknown>, string][] = [
        [
          'a date that is not a calendar date',
          { filters: [op('delivered_on', 'equals', { value: '31/02/2024' })] },
          'delivered_on: Please enter a valid date in DD/MM/YYYY format',
        ],
        [
          'a date in words',
          { filters: [op('delivered_on', 'after', { value: 'yesterday' })] },
          'delivered_on: Please enter a valid date in DD/MM/YYYY format',
        ],
        [
          'a date written month first',
          { filters: [op('created_on', 'before', { value: '12/31/2024' })] },
          'created_on: Please enter a valid date in DD/MM/YYYY format',
        ],
        [
          'a range without its end',
          { filters: [op('delivered_on', 'range', { value: '01/01/2024' })] },
          'delivered_on: Please enter a valid end date in DD/MM/YYYY format',
        ],
        [
          'a range with a bad end',
          { filters: [op('delivered_on', 'range', { value: '01/01/2024', valueTo: '32/01/2024' })] },
          'delivered_on: Please enter a valid end date in DD/MM/YYYY format',
        ],
        [
          'a range with a bad start',
          { filters: [op('satisfied_on', 'range', { value: 'soon', valueTo: '2024-01-31' })] },
          'satisfied_on: Please enter a valid date in DD/MM/YYYY format',
        ],
        [
          'a number type on a date column',
          { filters: [op('delivered_on', 'greaterThan', { value: '2024-01-01' })] },
          'delivered_on: filter type "greaterThan" is not allowed for a date column; allowed: equals, after, before, range, empty, notEmpty',
        ],
        [
          'a flag that is not yes or no',
          { filters: [op('contains_floating_charge', 'equals', { value: 'maybe' })] },
          'contains_floating_charge: value must be true or false',
        ],
        [
          'a text type on a flag',
          { filters: [op('contains_fixed_charge', 'contains', { value: 'true' })] },
          'contains_fixed_charge: filter type "contains" is not allowed for a boolean column; allowed: equals',
        ],
        [
          'a status that is not an option',
          { filters: [op('status', 'is_one_of', { values: ['active'] })] },
          'status: "active" is not one of the options (fully-satisfied, outstanding, part-satisfied, satisfied)',
        ],
        [
          'between with one end missing',
          { filters: [op('charge_number', 'between', { valueTo: 3 })] },
          'charge_number: Please enter valid numbers for between filter',
        ],
        [
          'a number that is not one',
          { filters: [op('charge_number', 'equals', { value: 'first' })] },
          'charge_number: "first" is not a number (e.g. 250000, 10m, 1.5bn)',
        ],
        [
          'a filter in the companies screener shape',
          { filters: [{ id: 'status', value: { type: 'is_one_of', values: ['outstanding'] } }] },
          'status: each filter is {id, operator, value, valueTo}',
        ],
        [
          'an unknown column',
          { filters: [op('lender', 'contains', { value: 'hsbc' })] },
          `Unknown filter column "lender"; valid columns: ${filterable}`,
        ],
        [
          'a column that cannot be sorted (lenders)',
          { sort_by: 'lenders' },
          `sort_by "lenders" is not a sortable column; sortable columns: ${sortable}`,
        ],
        [
          'a column that cannot be sorted (particulars)',
          { sort_by: 'particulars_description' },
          `sort_by "particulars_description" is not a sortable column; sortable columns: ${sortable}`,
        ],
        ['a bad sort order', { sort_order: 'newest' }, 'sort_order must be asc or desc'],
        ['a page size over 1000', { page_size: 1001 }, 'page_size must be from 1 to 1000'],
        ['page size 0', { page_size: 0 }, 'page_size must be a whole number of at least 1'],
        ['a page that is not a number', { page: 'last' }, 'page must be a whole number of at least 1'],
      ];
      for (const [name, query, message] of BAD) {
        it(`refuses ${name}`, async () => {
          const reply = await get(SCREENER_ROUTES.charges, query);
          expect({ status: reply.status, body: reply.body }).toEqual({
            status: 400,
            body: { status: 'error', message, error: message, statusCode: 400 },
          });
        });
      }

      it('validates the lender and company tabs against their own columns', async () => {
        const lenderColumns = LENDER_STATS_COLUMNS.map((c) => c.id).join(', ');
        const unknown = await get(SCREENER_ROUTES.lenders, { filters: [op('status', 'is_one_of', { values: ['outstanding'] })] });
        expect(unknown.body).toMatchObject({ status: 'error', message: `Unknown filter column "status"; valid columns: ${lenderColumns}` });
        const sort = await get(SCREENER_ROUTES.chargeCompanies, { sort_by: 'lenders' });
        expect(sort.status).toBe(400);
        expect(sort.body.message).toBe(
          `sort_by "lenders" is not a sortable column; sortable columns: ${COMPANY_CHARGE_STATS_COLUMNS.map((c) => c.id).join(', ')}`,
        );
        const date = await get(SCREENER_ROUTES.chargeCompanies, {
          filters: [op('latest_charge_date', 'range', { value: '2024-01-01', valueTo: 'end' })],
        });
        expect(date.body.message).toBe('latest_charge_date: Please enter a valid end date in DD/MM/YYYY format');
        const between = await get(SCREENER_ROUTES.lenders, { filters: [op('total_charges', 'between', { value: 'a', valueTo: 'b' })] });
        expect(between.body.message).toBe('total_charges: Please enter valid numbers for between filter');
      });
    });
  });

  describe('lender statistics (charges/stats/by-lender)', () => {
    it('counts one lender once whatever its spelling, and matches a model of every lender', () => {
      const model = modelLenderStats(charges as ChargeModelRow[], ranks);
      expect(lenders).toHaveLength(model.size);
      for (const row of lenders) expect(row).toEqual(model.get(lenderKey(row.lender_name)));
      const hsbc = lenders.filter((r) => r.lender_name.toLowerCase().includes('hsbc uk bank'));
      expect(hsbc).toHaveLength(1);
      expect(lenderKey(hsbc[0].lender_name)).toBe('HSBC UK BANK');
    });

    it('answers the hand-made lender filed under four spellings as one row, named by its most used spelling', async () => {
      const data = await list(SCREENER_ROUTES.lenders, { filters: [op('lender_name', 'contains', { value: 'tyneside' })] });
      expect(data.lender_stats).toEqual([
        {
          lender_name: 'Tyneside Growth Capital PLC',
          total_charges: 4,
          outstanding_charges: 3,
          part_satisfied_charges: 1,
          companies_count: 2,
          floating_charges: 3,
          fixed_charges: 3,
          negative_pledge_charges: 2,
        },
      ]);
      expect(data.total_count).toBe(1);
    });

    it('answers page size 50 and the most charged lenders first by default', async () => {
      const data = await list(SCREENER_ROUTES.lenders, {});
      expect(data.page_size).toBe(50);
      expect(data.total_count).toBe(lenders.length);
      expect(data.lender_stats.map((r: Row) => lenderKey(r.lender_name))).toEqual(
        modelOrder(lenders, 'total_charges', 'desc', (r) => lenderKey(r.lender_name), ranks).slice(0, 50),
      );
    });

    for (const c of LENDER_CASES) {
      it(`filters: ${c.name}`, async () => {
        const data = await list(SCREENER_ROUTES.lenders, { page_size: 1000, filters: c.send });
        const expected = modelFilter(lenders, LENDER_STATS_COLUMNS, c.model).map((r) => lenderKey(r.lender_name));
        expect(data.lender_stats.map((r: Row) => lenderKey(r.lender_name))).toEqual(expected);
        expect(data.total_count).toBe(expected.length);
        expectMembers(expected, c);
      });
    }

    it('searches lender names with global_filter, in any spelling case', async () => {
      const data = await list(SCREENER_ROUTES.lenders, { page_size: 1000, global_filter: 'BANK' });
      expect(data.lender_stats.map((r: Row) => r.lender_name).sort()).toEqual(
        lenders
          .filter((r) => r.lender_name.toLowerCase().includes('bank'))
          .map((r) => r.lender_name)
          .sort(),
      );
      expect(data.total_count).toBeGreaterThan(1);
    });
  });

  describe('lender detail (charges/lender-detail)', () => {
    it('answers everything of spec 2 3.12 for a lender, found by any of its spellings, with the spellings filed', async () => {
      const singles = [TYNESIDE[1], TYNESIDE[2], TYNESIDE[3]].sort((a, b) => ranks.get(a)! - ranks.get(b)!);
      const expected = {
        lender_name: 'Tyneside Growth Capital PLC',
        raw_names: [{ name: 'Tyneside Growth Capital PLC', charges: 2 }, ...singles.map((name) => ({ name, charges: 1 }))],
        total_charges: 4,
        unique_companies_count: 2,
        status_counts: { outstanding: 3, 'part-satisfied': 1, 'fully-satisfied': 0, unknown: 0 },
        charge_types: { floating_charges: 3, fixed_charges: 3, negative_pledges: 2 },
        charges_by_year: [
          { year: 2024, count: 1 },
          { year: 2025, count: 1 },
          { year: 2026, count: 2 },
        ],
        top_companies: [
          { company_number: QUAYSIDE, company_name: 'QUAYSIDE FABRICATION LIMITED', charge_count: 2 },
          { company_number: ROPEWORKS, company_name: 'TYNE ROPEWORKS LIMITED', charge_count: 2 },
        ],
        recent_charges: [
          {
            charge_id: 'TR-3',
            company_number: ROPEWORKS,
            company_name: 'TYNE ROPEWORKS LIMITED',
            status: 'outstanding',
            delivered_on: '2026-02-14',
            charge_code: '098000020003',
            charge_number: 3,
            particulars_description: 'All monies debenture',
            contains_floating_charge: true,
            contains_fixed_charge: true,
            contains_negative_pledge: true,
          },
          {
            charge_id: 'TR-1',
            company_number: ROPEWORKS,
            company_name: 'TYNE ROPEWORKS LIMITED',
            status: 'outstanding',
            delivered_on: '2026-01-09',
            charge_code: '098000020001',
            charge_number: 1,
            particulars_description: null,
            contains_floating_charge: true,
            contains_fixed_charge: false,
            contains_negative_pledge: false,
          },
          {
            charge_id: 'QF-1',
            company_number: QUAYSIDE,
            company_name: 'QUAYSIDE FABRICATION LIMITED',
            status: 'outstanding',
            delivered_on: '2025-03-04',
            charge_code: '098000010001',
            charge_number: 1,
            particulars_description: 'Fixed and floating charge over the undertaking',
            contains_floating_charge: true,
            contains_fixed_charge: true,
            contains_negative_pledge: true,
          },
          {
            charge_id: 'QF-2',
            company_number: QUAYSIDE,
            company_name: 'QUAYSIDE FABRICATION LIMITED',
            status: 'part-satisfied',
            delivered_on: '2024-07-12',
            charge_code: '098000010002',
            charge_number: 2,
            particulars_description: 'Unit 4, Quayside Industrial Estate',
            contains_floating_charge: false,
            contains_fixed_charge: true,
            contains_negative_pledge: false,
          },
        ],
      };
      for (const spelling of [...TYNESIDE, 'tyneside growth capital', 'THE TYNESIDE GROWTH CAPITAL LTD.']) {
        const reply = await get(SCREENER_ROUTES.lenderDetail, { lender_name: spelling });
        expect({ spelling, status: reply.status }).toEqual({ spelling, status: 200 });
        expect(reply.body).toEqual({ status: 'success', data: expected });
      }
    });

    it('agrees with the lender statistics and the charges for HSBC, both hand-made spellings listed', async () => {
      const reply = await get(SCREENER_ROUTES.lenderDetail, { lender_name: 'hsbc uk bank p.l.c.' });
      expect(reply.status).toBe(200);
      const detail = reply.body.data;
      const stats = byKey(lenders).get('HSBC UK BANK')!;
      const own = charges.filter((c) => c.lenders.some((n: string) => lenderKey(n) === 'HSBC UK BANK'));
      expect(detail).toMatchObject({
        lender_name: stats.lender_name,
        total_charges: own.length,
        unique_companies_count: stats.companies_count,
      });
      expect(detail.status_counts).toEqual({
        outstanding: own.filter((c) => c.status === 'outstanding').length,
        'part-satisfied': own.filter((c) => c.status === 'part-satisfied').length,
        'fully-satisfied': own.filter((c) => c.status === 'fully-satisfied' || c.status === 'satisfied').length,
        unknown: 0,
      });
      for (const name of HSBC) {
        expect(detail.raw_names).toContainEqual({ name, charges: own.filter((c) => c.lenders.includes(name)).length });
      }
      // Every spelling it lists is one the charges were filed under, and each charge counts once.
      const spellings = new Set(own.flatMap((c) => c.lenders.filter((n: string) => lenderKey(n) === 'HSBC UK BANK')));
      expect(new Set(detail.raw_names.map((r: Row) => r.name))).toEqual(spellings);
      expect(detail.charges_by_year.reduce((n: number, y: Row) => n + y.count, 0)).toBe(own.length); // every HSBC charge has a date
      expect(detail.recent_charges.map((c: Row) => c.charge_id)).toEqual(
        modelOrder(own, 'delivered_on', 'desc', (r) => r.charge_id, ranks).slice(0, 10),
      );
    });

    it('answers 404 with a clear message for a lender with no charges, 400 for a missing or too long name', async () => {
      const missing = await get(SCREENER_ROUTES.lenderDetail, { lender_name: 'Bank of Nowhere PLC' });
      expect(missing.status).toBe(404);
      const message =
        'No charges are registered to a lender named "Bank of Nowhere PLC". Search the Creditor Overview for the name as filed.';
      expect(missing.body).toEqual({ status: 'error', message, error: message, statusCode: 404 });
      for (const lender_name of [undefined, '', '   ']) {
        const reply = await get(SCREENER_ROUTES.lenderDetail, { lender_name });
        expect(reply.status).toBe(400);
        expect(reply.body.message).toBe('lender_name is required, e.g. lender_name=HSBC UK BANK PLC');
      }
      const long = await get(SCREENER_ROUTES.lenderDetail, { lender_name: 'x'.repeat(301) });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('lender_name is too long (at most 300 characters)');
    });
  });

  describe('company charge aggregation (charges/stats/by-company)', () => {
    it('matches a model of every company with charges', () => {
      const model = modelCompanyStats(charges as ChargeModelRow[]);
      expect(companies).toHaveLength(model.size);
      for (const row of companies) expect(row).toEqual(model.get(row.company_number));
      expect(companies.find((r) => r.company_number === ROPEWORKS)).toEqual({
        company_number: ROPEWORKS,
        company_name: 'TYNE ROPEWORKS LIMITED',
        total_charges: 3,
        outstanding_charges: 2,
        part_satisfied_charges: 0,
        fixed_charges: 1,
        floating_charges: 2,
        negative_pledge_charges: 1,
        latest_charge_date: '2026-02-14',
        unique_lenders_count: 2,
      });
      expect(companies.find((r) => r.company_number === HOTELS)).toMatchObject({
        total_charges: 1,
        unique_lenders_count: 0,
        latest_charge_date: '2025-10-02',
      });
    });

    it('answers page size 50 and the most charged companies first by default', async () => {
      const data = await list(SCREENER_ROUTES.chargeCompanies, {});
      expect(data).toMatchObject({ page_size: 50, total_count: companies.length, page: 1 });
      expect(data.company_stats.map((r: Row) => r.company_number)).toEqual(
        modelOrder(companies, 'total_charges', 'desc', (r) => r.company_number, ranks).slice(0, 50),
      );
    });

    for (const c of COMPANY_CASES) {
      it(`filters: ${c.name}`, async () => {
        const data = await list(SCREENER_ROUTES.chargeCompanies, { page_size: 1000, filters: c.send });
        const expected = modelFilter(companies, COMPANY_CHARGE_STATS_COLUMNS, c.model).map((r) => r.company_number);
        expect(data.company_stats.map((r: Row) => r.company_number)).toEqual(expected);
        expect(data.total_count).toBe(expected.length);
        expectMembers(expected, c);
      });
    }
  });

  describe('sorting every sortable column of every tab, both ways, NULLs last', () => {
    const tabs: {
      name: string;
      route: string;
      rowsKey: string;
      columns: readonly ColumnSpec[];
      rows: () => Row[];
      key: (r: Row) => string;
    }[] = [
      {
        name: 'charges',
        route: SCREENER_ROUTES.charges,
        rowsKey: 'charges',
        columns: CHARGE_SCREENER_COLUMNS,
        rows: () => charges,
        key: (r) => r.charge_id,
      },
      {
        name: 'lenders',
        route: SCREENER_ROUTES.lenders,
        rowsKey: 'lender_stats',
        columns: LENDER_STATS_COLUMNS,
        rows: () => lenders,
        key: (r) => lenderKey(r.lender_name),
      },
      {
        name: 'companies',
        route: SCREENER_ROUTES.chargeCompanies,
        rowsKey: 'company_stats',
        columns: COMPANY_CHARGE_STATS_COLUMNS,
        rows: () => companies,
        key: (r) => r.company_number,
      },
    ];
    for (const tab of tabs) {
      for (const column of tab.columns.filter((c) => c.sortable)) {
        it(`${tab.name}: ${column.id}`, async () => {
          const rows = tab.rows();
          expect(new Set(rows.map((r) => r[column.id]).filter((v) => v !== null)).size).toBeGreaterThan(1);
          for (const order of ['asc', 'desc'] as const) {
            const data = await list(tab.route, { page_size: 1000, sort_by: column.id, sort_order: order });
            expect({ order, rows: data[tab.rowsKey].map(tab.key) }).toEqual({
              order,
              rows: modelOrder(rows, column.id, order, tab.key, ranks),
            });
          }
        });
      }
    }

    it('has NULLs to place in the date columns', () => {
      expect(charges.some((c) => c.delivered_on === null)).toBe(true);
      expect(charges.some((c) => c.satisfied_on === null) && charges.some((c) => c.charge_code === null)).toBe(true);
    });
  });

  describe('paging', () => {
    it('walks the charges by page number, next_cursor and prev_cursor alike, over ties and NULLs', async () => {
      // satisfied_on: most charges have none (NULL), so pages run from dates into NULLs.
      for (const order of ['asc', 'desc'] as const) {
        const query = { page_size: 7, sort_by: 'satisfied_on', sort_order: order };
        const expected = modelOrder(charges, 'satisfied_on', order, (r) => r.charge_id, ranks);
        const pageCount = Math.ceil(charges.length / 7);
        const pages: Row[] = [];
        for (let page = 1; page <= pageCount; page++) pages.push(await list(SCREENER_ROUTES.charges, { ...query, page }));
        expect(pages.flatMap((p) => p.charges.map((c: Row) => c.charge_id))).toEqual(expected);
        expect(pages.map((p) => p.page_count)).toEqual(pages.map(() => pageCount));

        const forwards: Row[] = [pages[0]];
        while (forwards[forwards.length - 1].next_cursor && forwards.length <= pageCount) {
          forwards.push(await list(SCREENER_ROUTES.charges, { ...query, cursor: forwards[forwards.length - 1].next_cursor }));
        }
        expect(forwards.map((p) => p.charges.map((c: Row) => c.charge_id))).toEqual(
          pages.map((p) => p.charges.map((c: Row) => c.charge_id)),
        );
        const backwards: Row[] = [pages[pageCount - 1]];
        while (backwards[backwards.length - 1].prev_cursor && backwards.length <= pageCount) {
          backwards.push(await list(SCREENER_ROUTES.charges, { ...query, cursor: backwards[backwards.length - 1].prev_cursor }));
        }
        expect(backwards.reverse().map((p) => p.charges.map((c: Row) => c.charge_id))).toEqual(
          pages.map((p) => p.charges.map((c: Row) => c.charge_id)),
        );
      }
    });

    it('moves a page past the end to the last page on every tab', async () => {
      for (const [route, key, total] of [
        [SCREENER_ROUTES.charges, 'charges', () => charges.length],
        [SCREENER_ROUTES.lenders, 'lender_stats', () => lenders.length],
        [SCREENER_ROUTES.chargeCompanies, 'company_stats', () => companies.length],
      ] as const) {
        const last = Math.ceil(total() / 10);
        const lastPage = await list(route, { page_size: 10, page: last });
        const beyond = await list(route, { page_size: 10, page: last + 3 });
        expect({ route, page: beyond.page, rows: beyond[key] }).toEqual({ route, page: last, rows: lastPage[key] });
        expect(beyond.next_cursor).toBeNull();
        expect(beyond[key]).toHaveLength(total() - 10 * (last - 1));
      }
    });
  });

  describe('unique column values', () => {
    const cases: [string, string, () => Row[]][] = [
      [SCREENER_ROUTES.chargesUniqueValues, 'status', () => charges],
      [SCREENER_ROUTES.chargesUniqueValues, 'classification_description', () => charges],
      [SCREENER_ROUTES.chargesUniqueValues, 'company_name', () => charges],
      [SCREENER_ROUTES.chargesUniqueValues, 'company_number', () => charges],
      [SCREENER_ROUTES.chargesUniqueValues, 'charge_code', () => charges],
      [SCREENER_ROUTES.lendersUniqueValues, 'lender_name', () => lenders],
      [SCREENER_ROUTES.chargeCompaniesUniqueValues, 'company_name', () => companies],
      [SCREENER_ROUTES.chargeCompaniesUniqueValues, 'company_number', () => companies],
    ];
    for (const [route, column, rows] of cases) {
      it(`${route}: ${column}`, async () => {
        const reply = await get(route, { column_name: column });
        const expected = [
          ...new Set(
            rows()
              .map((r) => r[column])
              .filter((v) => v !== null),
          ),
        ].sort((a, b) => ranks.get(a)! - ranks.get(b)!);
        expect(reply.body).toEqual({ status: 'success', data: { values: expected } });
      });
    }

    it('refuses a column without a list of values', async () => {
      const reply = await get(SCREENER_ROUTES.chargesUniqueValues, { column_name: 'lenders' });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(
        'column_name "lenders" has no list of values; choose one of status, classification_description, company_name, company_number, charge_code',
      );
      const lender = await get(SCREENER_ROUTES.lendersUniqueValues, { column_name: 'total_charges' });
      expect(lender.body.message).toBe('column_name "total_charges" has no list of values; choose one of lender_name');
      const none = await get(SCREENER_ROUTES.chargeCompaniesUniqueValues);
      expect(none.body.message).toBe('column_name is required: one of company_name, company_number');
    });
  });

  describe('aggregates after imports', () => {
    const FIXTURE_COMPANY = '08123456';

    it('counts the charges a ch-api import adds, and stays the same on a re-import', async () => {
      const hsbcBefore = byKey(lenders).get('HSBC UK BANK')!;
      const detailBefore = (await get(SCREENER_ROUTES.lenderDetail, { lender_name: 'HSBC UK Bank PLC' })).body.data;
      expect(companies.find((r) => r.company_number === FIXTURE_COMPANY)).toBeUndefined();
      const screenerBefore = await list(SCREENER_ROUTES.companies, {
        page_size: 100,
        filters: [{ id: 'company_number', value: { type: 'equals', value: FIXTURE_COMPANY } }],
      });
      expect(screenerBefore.total_count).toBe(0);

      const context = { dataSource: t.api.dataSource, config: loadConfig(t.environment.env), reporter: quietReporter, batchSize: 50_000 };
      for (let run = 1; run <= 2; run++) {
        // What `credence-admin import ch-api` does: the importer, then refreshDerivedTables.
        const summary = await importChApi(context, [fixtures()]);
        expect(summary.skipped).toBe(0);
        await refreshDerivedTables(t.api.dataSource, 'all');

        const after = await allCharges();
        expect({ run, added: after.length - charges.length }).toEqual({ run, added: 3 });
        const afterLenders = await allLenders();
        const afterCompanies = await allCompanies();
        const afterRanks = await rankAll(after, afterLenders, afterCompanies);
        // The whole of both aggregates still agrees with the charges.
        const lenderModel = modelLenderStats(after as ChargeModelRow[], afterRanks);
        expect(afterLenders).toHaveLength(lenderModel.size);
        for (const row of afterLenders) expect(row).toEqual(lenderModel.get(lenderKey(row.lender_name)));
        const companyModel = modelCompanyStats(after as ChargeModelRow[]);
        expect(afterCompanies).toHaveLength(companies.length + 1);
        for (const row of afterCompanies) expect(row).toEqual(companyModel.get(row.company_number));

        // The fixture's charge to "Hsbc UK Bank PLC" (outstanding, fixed, floating, negative pledge) joins HSBC's row.
        expect(byKey(afterLenders).get('HSBC UK BANK')).toEqual({
          ...hsbcBefore,
          lender_name: expect.any(String),
          total_charges: hsbcBefore.total_charges + 1,
          outstanding_charges: hsbcBefore.outstanding_charges + 1,
          companies_count: hsbcBefore.companies_count + 1,
          floating_charges: hsbcBefore.floating_charges + 1,
          fixed_charges: hsbcBefore.fixed_charges + 1,
          negative_pledge_charges: hsbcBefore.negative_pledge_charges + 1,
        });
        const detail = (await get(SCREENER_ROUTES.lenderDetail, { lender_name: 'HSBC UK Bank PLC' })).body.data;
        expect(detail.total_charges).toBe(detailBefore.total_charges + 1);
        const hsbcSpelling = (d: Row) => d.raw_names.find((r: Row) => r.name === 'Hsbc UK Bank PLC')?.charges ?? 0;
        expect(hsbcSpelling(detail)).toBe(hsbcSpelling(detailBefore) + 1);
        expect(detail.unique_companies_count).toBe(detailBefore.unique_companies_count + 1);

        expect(afterCompanies.find((r) => r.company_number === FIXTURE_COMPANY)).toEqual({
          company_number: FIXTURE_COMPANY,
          company_name: 'HARBOUR LIGHT ANALYTICS LTD',
          total_charges: 3,
          outstanding_charges: 1,
          part_satisfied_charges: 1,
          fixed_charges: 1,
          floating_charges: 2,
          negative_pledge_charges: 1,
          latest_charge_date: '2023-05-19',
          unique_lenders_count: 4,
        });
        const screener = await list(SCREENER_ROUTES.companies, {
          page_size: 100,
          filters: [{ id: 'company_number', value: { type: 'equals', value: FIXTURE_COMPANY } }],
        });
        expect(screener.companies).toEqual([
          expect.objectContaining({
            company_number: FIXTURE_COMPANY,
            total_charges: 3,
            outstanding: 1,
            part_satisfied: 1,
            fixed: 1,
            floating: 2,
            negative_pledge: 1,
          }),
        ]);
      }
    });

    it('follows a charge written through the store: a new spelling counts for its lender, a satisfied charge moves status', async () => {
      await t.api.dataSource.transaction((m) =>
        upsertCharges(m, [
          // QF-1 is satisfied now (a re-import with its new status), and a new charge names the lender a fifth way.
          { ...HAND_MADE_DATA.charges[0], status: 'fully-satisfied', satisfied_on: '2026-03-01' },
          charge('WV-2', HOTELS, {
            charge_number: 2,
            charge_code: '098000030002',
            created_on: '2026-03-02',
            delivered_on: '2026-03-05',
            contains_fixed_charge: true,
            persons_entitled: ['Tyneside Growth Capital Plc.'],
          }),
        ]),
      );
      await refreshDerivedTables(t.api.dataSource, 'all');

      const detail = (await get(SCREENER_ROUTES.lenderDetail, { lender_name: 'Tyneside Growth Capital PLC' })).body.data;
      expect(detail).toMatchObject({
        lender_name: 'Tyneside Growth Capital PLC',
        total_charges: 5,
        unique_companies_count: 3,
        status_counts: { outstanding: 3, 'part-satisfied': 1, 'fully-satisfied': 1, unknown: 0 },
        charge_types: { floating_charges: 3, fixed_charges: 4, negative_pledges: 2 },
      });
      expect(detail.raw_names).toContainEqual({ name: 'Tyneside Growth Capital Plc.', charges: 1 });
      expect(detail.recent_charges[0]).toMatchObject({ charge_id: 'WV-2', company_number: HOTELS });
      const row = await list(SCREENER_ROUTES.lenders, { filters: [op('lender_name', 'contains', { value: 'tyneside' })] });
      expect(row.lender_stats).toEqual([
        {
          lender_name: 'Tyneside Growth Capital PLC',
          total_charges: 5,
          outstanding_charges: 3,
          part_satisfied_charges: 1,
          companies_count: 3,
          floating_charges: 3,
          fixed_charges: 4,
          negative_pledge_charges: 2,
        },
      ]);
      const hotels = await list(SCREENER_ROUTES.chargeCompanies, { filters: [op('company_number', 'equals', { value: HOTELS })] });
      expect(hotels.company_stats).toEqual([
        expect.objectContaining({ total_charges: 2, unique_lenders_count: 1, latest_charge_date: '2026-03-05', fixed_charges: 1 }),
      ]);
      const quayside = await list(SCREENER_ROUTES.companies, {
        page_size: 100,
        filters: [{ id: 'company_number', value: { type: 'equals', value: QUAYSIDE } }],
      });
      expect(quayside.companies[0]).toMatchObject({ total_charges: 3, outstanding: 0, part_satisfied: 1 });
    });
  });
});

function expectMembers(expected: string[], c: Case): void {
  if (c.exactly) expect([...expected].sort()).toEqual([...c.exactly].sort());
  for (const key of c.has ?? []) expect({ has: key, found: expected.includes(key) }).toEqual({ has: key, found: true });
  for (const key of c.hasNot ?? []) expect({ hasNot: key, found: expected.includes(key) }).toEqual({ hasNot: key, found: false });
}
