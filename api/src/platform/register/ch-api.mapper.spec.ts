import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  chargeCounts,
  hintFromFileName,
  mapCharges,
  mapCompanyProfile,
  mapFilings,
  mapOfficers,
  mapPscs,
  MappingError,
  normaliseCompanyNumber,
  recogniseDocument,
} from './ch-api.mapper.js';
import { companiesHouseFixtures } from '../../../test/support/fixtures.js';

const FIXTURES = companiesHouseFixtures('api');
const load = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
const lines = (name: string) =>
  readFileSync(join(FIXTURES, name), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('Companies House API mapper', () => {
  it('recognises each resource by kind, links or structure, and takes the company number from where it is', () => {
    expect(recogniseDocument(load('08123456.json'))).toMatchObject({ resource: 'profile', companyNumber: '08123456' });
    expect(recogniseDocument(load('08123456-officers.json'))).toMatchObject({
      resource: 'officers',
      companyNumber: '08123456',
      total: 4,
      startIndex: 0,
    });
    expect(recogniseDocument(load('08123456-persons-with-significant-control.json'))).toMatchObject({
      resource: 'pscs',
      companyNumber: '08123456',
      total: 3,
    });
    expect(recogniseDocument(load('08123456-charges.json'))).toMatchObject({ resource: 'charges', companyNumber: '08123456', total: 3 });
    expect(recogniseDocument(load('08123456-filing-history.json'))).toMatchObject({
      resource: 'filing-history',
      companyNumber: '08123456',
      total: 8,
    });
    const [profile, officers, statements, filings, charges] = lines('SC612345.jsonl');
    expect(recogniseDocument(profile)).toMatchObject({ resource: 'profile', companyNumber: 'SC612345' });
    expect(recogniseDocument(officers)).toMatchObject({ resource: 'officers', companyNumber: 'SC612345' });
    expect(recogniseDocument(statements)).toMatchObject({ resource: 'psc-statements', companyNumber: 'SC612345' });
    expect(recogniseDocument(filings)).toMatchObject({ resource: 'filing-history', companyNumber: 'SC612345', total: 2 });
    // An empty charges list names no company: the file name does.
    expect(() => recogniseDocument(charges)).toThrow(/does not say which company/);
    expect(recogniseDocument(charges, hintFromFileName('SC612345.jsonl'))).toMatchObject({
      resource: 'charges',
      companyNumber: 'SC612345',
      items: [],
    });
    // An empty list with no clue at all: only the file name can say what it is.
    expect(() => recogniseDocument({ items: [], items_per_page: 25, start_index: 0, total_count: 0 })).toThrow(/cannot tell which list/);
    expect(recogniseDocument({ items: [], total_count: 0 }, hintFromFileName('08123456-filing-history.json'))).toMatchObject({
      resource: 'filing-history',
      companyNumber: '08123456',
    });
  });

  it('refuses search results, unknown wrappers and non-objects with a reason', () => {
    expect(() => recogniseDocument({ kind: 'search#companies', items: [{ kind: 'searchresults#company', title: 'X' }] })).toThrow(
      /search results/,
    );
    expect(() => recogniseDocument({ company_number: '08123456', resource: 'mortgages', data: {} })).toThrow(
      /unknown resource "mortgages"/,
    );
    expect(() => recogniseDocument({ company_number: 'not a number!', resource: 'officers', data: { items: [] } })).toThrow(
      /is not a company number/,
    );
    expect(() => recogniseDocument([1, 2])).toThrow(MappingError);
    expect(() => recogniseDocument({ hello: 'world' })).toThrow(/not a Companies House API resource/);
  });

  it('reads file names <number>[-<resource>] and normalises company numbers', () => {
    expect(hintFromFileName('08123456-filing-history.json')).toEqual({ companyNumber: '08123456', resource: 'filing-history' });
    expect(hintFromFileName('sc612345_persons-with-significant-control-statements.json')).toEqual({
      companyNumber: 'SC612345',
      resource: 'psc-statements',
    });
    expect(hintFromFileName('445790.json')).toEqual({ companyNumber: '00445790' });
    expect(hintFromFileName('08123456-officers-page-2.json')).toEqual({ companyNumber: '08123456', resource: 'officers' });
    expect(hintFromFileName('08123456-persons-with-significant-control-statements.json')).toEqual({
      companyNumber: '08123456',
      resource: 'psc-statements',
    });
    expect(hintFromFileName('08123456-annual-report.json')).toEqual({});
    expect(hintFromFileName('dump-2024.jsonl')).toEqual({});
    expect(normaliseCompanyNumber(' sc005336 ')).toBe('SC005336');
    expect(normaliseCompanyNumber('123456789')).toBeNull();
  });

  it('maps a profile into the bulk product vocabulary', () => {
    expect(mapCompanyProfile(load('08123456.json'))).toEqual({
      company_number: '08123456',
      company_name: 'HARBOUR LIGHT ANALYTICS LTD',
      company_status: 'Active',
      company_category: 'Private Limited Company',
      country_of_origin: 'United Kingdom',
      incorporation_date: '2012-06-27',
      dissolution_date: null,
      address_care_of: null,
      address_po_box: null,
      address_line_1: 'Milburn House, Quayside',
      address_line_2: 'Sandhill',
      post_town: 'Newcastle Upon Tyne',
      county: 'Tyne And Wear',
      country: 'England',
      postcode: 'NE1 3JE',
      sic_codes: ['62012', '63110'],
      sic_texts: ['62012', '63110'],
      accounts_ref_day: 31,
      accounts_ref_month: 3,
      accounts_next_due: '2025-12-31',
      accounts_last_made_up: '2024-03-31',
      accounts_category: 'SMALL',
      conf_stmt_next_due: '2025-07-11',
      conf_stmt_last_made_up: '2024-06-27',
      previous_names: [{ name: 'HARBOUR LIGHT DATA LIMITED', effective_from: '2012-06-27', ceased_on: '2016-02-10' }],
      source: 'api',
    });
    const struckOff = mapCompanyProfile({
      company_number: '1234',
      company_name: 'X LTD',
      company_status: 'active',
      company_status_detail: 'active-proposal-to-strike-off',
      type: 'ltd',
      subtype: 'community-interest-company',
      registered_office_address: { premises: '10', address_line_1: 'Downing Street' },
    });
    expect(struckOff).toMatchObject({
      company_number: '00001234',
      company_status: 'Active - Proposal to Strike off',
      company_category: 'Community Interest Company',
      address_line_1: '10 Downing Street',
    });
    expect(() => mapCompanyProfile({ company_number: '08123456', company_name: 'X', date_of_creation: '2012-02-30' })).toThrow(
      /date_of_creation "2012-02-30" is not a date/,
    );
    expect(() => mapCompanyProfile({ company_number: '08123456' })).toThrow(/company_name is missing/);
  });

  it('maps officers with appointment ids, resignations and birth month/year', () => {
    const { items } = load('08123456-officers.json');
    const { rows, problems } = mapOfficers('08123456', items);
    expect(problems).toEqual([]);
    expect(rows.map((r) => [r.officer_key, r.name, r.officer_role, r.resigned_on])).toEqual([
      ['0RGvSn3zy4RZlQGxYbmHbDaH6Bw', 'PATEL, Anita Ravi', 'director', null],
      ['Kq7WvT2mZ9cYbXr4NnLpE1sHfUo', 'REID, Thomas James', 'director', null],
      ['Vn4Xc8PqL2sK6dTy0RbWm9ZgHjE', 'TYNE SECRETARIES LIMITED', 'corporate-secretary', null],
      ['Tz5Hq1MxB8nR3cVw7KpYd2LsGfA', 'FENWICK, Claire Louise', 'director', '2022-11-30'],
    ]);
    expect(rows[0]).toMatchObject({
      birth_month: 4,
      birth_year: 1979,
      nationality: 'British',
      appointments_link: '/officers/x2tXhH8Hm0oFUnkJDm4pqZRXYIU/appointments',
    });
    const bad = mapOfficers(
      '08123456',
      [{ name: 'NO ROLE' }, { name: 'X', officer_role: 'director', appointed_on: '01/02/2020' }, items[0]],
      35,
    );
    expect(bad.rows).toHaveLength(1);
    expect(bad.problems).toEqual([
      { index: 36, reason: 'officers item 36: officer_role is missing' },
      { index: 37, reason: 'officers item 37: appointed_on "01/02/2020" is not a date (YYYY-MM-DD)' },
    ]);
  });

  it("keeps an officer's identity verification details (ECCTA), dropping what does not read, and none when absent", () => {
    const { items } = load('08123456-officers.json');
    const verified = {
      ...items[0],
      identity_verification_details: {
        appointment_verification_start_on: '2025-11-20',
        appointment_verification_statement_due_on: '2026-05-14',
        identity_verified_on: '2025-11-19',
        authorised_corporate_service_provider_name: 'Acme Formations Ltd',
        anti_money_laundering_supervisory_bodies: ['HMRC', 7],
        appointment_verification_end_on: 'soon',
      },
    };
    const { rows, problems } = mapOfficers('08123456', [verified, items[1]]);
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.identity_verification)).toEqual([
      {
        appointment_verification_start_on: '2025-11-20',
        appointment_verification_statement_due_on: '2026-05-14',
        identity_verified_on: '2025-11-19',
        authorised_corporate_service_provider_name: 'Acme Formations Ltd',
        anti_money_laundering_supervisory_bodies: ['HMRC'],
      },
      null,
    ]);
  });

  it('maps PSCs of every kind and statements, keyed by their ids', () => {
    const { rows } = mapPscs('08123456', load('08123456-persons-with-significant-control.json').items);
    expect(rows.map((r) => [r.kind, r.name, r.ceased_on, r.natures_of_control?.length])).toEqual([
      ['individual-person-with-significant-control', 'Mrs Anita Ravi Patel', null, 3],
      ['corporate-entity-person-with-significant-control', 'North East Growth Capital Limited', null, 2],
      ['individual-person-with-significant-control', 'Ms Claire Louise Fenwick', '2019-08-14', 1],
    ]);
    expect(rows[1].psc_key).toBe('Qe3Rt6Yu9Io2Pa5Sd8Fg1Hj4Kl7');
    const statements = mapPscs('SC612345', lines('SC612345.jsonl')[2].items, 0, true);
    expect(statements.rows).toEqual([
      expect.objectContaining({
        kind: 'persons-with-significant-control-statement',
        statement: 'no-individual-or-entity-with-signficant-control',
        name: null,
        psc_key: 'Yq4Wr7Et0Ty3Ui6Op9As2Df5Gh8',
      }),
    ]);
  });

  it('maps charges with their flags, lenders and transactions, and counts them as the register does', () => {
    const { rows, problems } = mapCharges('08123456', load('08123456-charges.json').items);
    expect(problems).toEqual([]);
    expect(rows[0]).toEqual({
      charge_id: 'LHSyg2kBPOnAPmdkjsK73DVr4ps',
      company_number: '08123456',
      charge_number: 3,
      charge_code: '081234560003',
      status: 'outstanding',
      created_on: '2023-05-15',
      delivered_on: '2023-05-19',
      satisfied_on: null,
      acquired_on: null,
      classification_type: 'charge-description',
      classification_description: 'A registered charge',
      particulars_type: 'brief-description',
      particulars_description: null,
      contains_fixed_charge: true,
      contains_floating_charge: true,
      contains_negative_pledge: true,
      floating_charge_covers_all: true,
      persons_entitled: ['Hsbc UK Bank PLC'],
      transactions: [
        {
          delivered_on: '2023-05-19',
          filing_type: 'create-charge-with-deed',
          links: { filing: '/company/08123456/filing-history/MzM4NTAxMjc0NGFkaXF6a2N4' },
        },
      ],
      etag: '1c5a9e3b7d0f4c8a2e6b0d5f9c3a7e1b4d8f2c6a',
    });
    expect(rows[1].persons_entitled).toEqual(['Lloyds Bank PLC', 'Lloyds Bank Commercial Finance Limited']);
    expect(chargeCounts(rows)).toEqual({
      mortgages_total: 3,
      mortgages_outstanding: 1,
      mortgages_part_satisfied: 1,
      mortgages_satisfied: 1,
    });
    expect(mapCharges('08123456', [{ links: { self: '/company/08123456/charges/x' }, status: 'cancelled' }]).problems[0].reason).toMatch(
      /status "cancelled" is not one of/,
    );
  });

  it('maps filing history with description values, annotations and document ids', () => {
    const { rows, problems } = mapFilings('08123456', load('08123456-filing-history.json').items);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(8);
    const allotment = rows.find((r) => r.type === 'SH01')!;
    expect(allotment).toMatchObject({
      transaction_id: 'MzQzMjEwOTg3NmFkaXF6a2N4',
      category: 'capital',
      subcategory: 'allotments',
      date: '2021-03-09',
      action_date: '2021-03-01',
      description: 'capital-allotment-shares',
      description_values: { capital: [{ currency: 'GBP', figure: '1,250' }], date: '2021-03-01' },
      pages: 4,
      barcode: 'X9ZF1C2R',
      paper_filed: false,
      document_id: 'Bb2Cc4Dd6Ee8Ff0Gg2Hh4Ii6Jj8Kk0L',
    });
    expect(rows.find((r) => r.type === 'PSC02')!.annotations).toHaveLength(1);
    expect(rows.find((r) => r.type === 'NEWINC')!.associated_filings).toHaveLength(1);
  });
});
