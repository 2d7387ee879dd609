import { describe, it } from 'node:test';
import { expect } from 'expect';
import { arrayLiteral, escapeCopy } from '../../../core/database/bulk-insert.js';
import { COMPANIES } from '../store/tables.js';
import {
  companyCopyMapper,
  companyMapper,
  COPY_COLUMNS,
  CopyLine,
  HeaderError,
  indexHeader,
  PUBLISHED_COLUMNS,
  publishedDate,
} from './companies-csv.mapper.js';

// The header as Companies House publishes it: leading spaces before some names.
const HEADER = (
  'CompanyName, CompanyNumber,RegAddress.CareOf,RegAddress.POBox,RegAddress.AddressLine1, RegAddress.AddressLine2,RegAddress.PostTown,' +
  'RegAddress.County,RegAddress.Country,RegAddress.PostCode,CompanyCategory,CompanyStatus,CountryOfOrigin,DissolutionDate,IncorporationDate,' +
  'Accounts.AccountRefDay,Accounts.AccountRefMonth,Accounts.NextDueDate,Accounts.LastMadeUpDate,Accounts.AccountCategory,Returns.NextDueDate,' +
  'Returns.LastMadeUpDate,Mortgages.NumMortCharges,Mortgages.NumMortOutstanding,Mortgages.NumMortPartSatisfied,Mortgages.NumMortSatisfied,' +
  'SICCode.SicText_1,SICCode.SicText_2,SICCode.SicText_3,SICCode.SicText_4,LimitedPartnerships.NumGenPartners,LimitedPartnerships.NumLimPartners,' +
  'URI,PreviousName_1.CONDATE, PreviousName_1.CompanyName, PreviousName_2.CONDATE, PreviousName_2.CompanyName,PreviousName_3.CONDATE, ' +
  'PreviousName_3.CompanyName,PreviousName_4.CONDATE, PreviousName_4.CompanyName,PreviousName_5.CONDATE, PreviousName_5.CompanyName,' +
  'PreviousName_6.CONDATE, PreviousName_6.CompanyName,PreviousName_7.CONDATE, PreviousName_7.CompanyName,PreviousName_8.CONDATE, ' +
  'PreviousName_8.CompanyName,PreviousName_9.CONDATE, PreviousName_9.CompanyName,PreviousName_10.CONDATE, PreviousName_10.CompanyName,' +
  'ConfStmtNextDueDate, ConfStmtLastMadeUpDate'
).split(',');

const map = companyMapper(indexHeader(HEADER, 'test.csv'), HEADER.length);
const mapCopy = companyCopyMapper(indexHeader(HEADER, 'test.csv'), HEADER.length);

function record(values: Record<string, string>): string[] {
  const fields = HEADER.map(() => '');
  for (const [name, value] of Object.entries(values)) fields[HEADER.findIndex((h) => h.trim() === name)] = value;
  return fields;
}

// The sample line of the published file (!OBAC UK LIMITED).
const OBAC = record({
  CompanyName: '!OBAC UK LIMITED',
  CompanyNumber: '07687209',
  'RegAddress.AddressLine1': 'UNIT 9   BERRY COURT FARM BRAMLEY ROAD',
  'RegAddress.AddressLine2': 'LITTLE LONDON',
  'RegAddress.PostTown': 'TADLEY',
  'RegAddress.County': 'HAMPSHIRE',
  'RegAddress.PostCode': 'RG26 5AT',
  CompanyCategory: 'Private Limited Company',
  CompanyStatus: 'Active',
  CountryOfOrigin: 'United Kingdom',
  IncorporationDate: '29/06/2011',
  'Accounts.AccountRefDay': '29',
  'Accounts.AccountRefMonth': '12',
  'Accounts.NextDueDate': '29/09/2022',
  'Accounts.LastMadeUpDate': '31/12/2020',
  'Accounts.AccountCategory': 'TOTAL EXEMPTION FULL',
  'Returns.NextDueDate': '27/07/2017',
  'Returns.LastMadeUpDate': '29/06/2016',
  'Mortgages.NumMortCharges': '1',
  'Mortgages.NumMortOutstanding': '0',
  'Mortgages.NumMortPartSatisfied': '0',
  'Mortgages.NumMortSatisfied': '1',
  'SICCode.SicText_1': '70229 - Management consultancy activities other than financial management',
  'LimitedPartnerships.NumGenPartners': '0',
  'LimitedPartnerships.NumLimPartners': '0',
  URI: 'http://business.data.gov.uk/id/company/07687209',
  'PreviousName_1.CONDATE': '15/07/2011',
  'PreviousName_1.CompanyName': '!OBAC FITTINGS LIMITED',
  ConfStmtNextDueDate: '13/07/2022',
  ConfStmtLastMadeUpDate: '29/06/2021',
});

describe('BasicCompanyData mapping', () => {
  it('knows the 55 published columns and finds them in the published header despite the leading spaces', () => {
    expect(PUBLISHED_COLUMNS).toHaveLength(55);
    expect(HEADER).toHaveLength(55);
    expect(indexHeader(HEADER, 'x.csv').CompanyNumber).toBe(1);
  });

  it('names the missing columns of a header that is not the published one', () => {
    const header = HEADER.filter((name) => !['IncorporationDate', ' CompanyNumber'].includes(name));
    expect(() => indexHeader(header, 'x.csv')).toThrow(HeaderError);
    expect(() => indexHeader(header, 'x.csv')).toThrow(
      /x\.csv: not a BasicCompanyData CSV .*lacks 2 columns: CompanyNumber, IncorporationDate/,
    );
  });

  it('maps the published sample line: dates to ISO, SIC code and text, mortgages, the previous name with the dates it held', () => {
    expect(map(OBAC)).toEqual({
      company_number: '07687209',
      company_name: '!OBAC UK LIMITED',
      company_status: 'Active',
      company_category: 'Private Limited Company',
      country_of_origin: 'United Kingdom',
      incorporation_date: '2011-06-29',
      dissolution_date: null,
      address_care_of: null,
      address_po_box: null,
      address_line_1: 'UNIT 9   BERRY COURT FARM BRAMLEY ROAD',
      address_line_2: 'LITTLE LONDON',
      post_town: 'TADLEY',
      county: 'HAMPSHIRE',
      country: null,
      postcode: 'RG26 5AT',
      sic_codes: ['70229'],
      sic_texts: ['70229 - Management consultancy activities other than financial management'],
      accounts_ref_day: 29,
      accounts_ref_month: 12,
      accounts_next_due: '2022-09-29',
      accounts_last_made_up: '2020-12-31',
      accounts_category: 'TOTAL EXEMPTION FULL',
      conf_stmt_next_due: '2022-07-13',
      conf_stmt_last_made_up: '2021-06-29',
      mortgages_outstanding: 0,
      mortgages_part_satisfied: 0,
      mortgages_satisfied: 1,
      mortgages_total: 1,
      // The company was "!OBAC FITTINGS LIMITED" from incorporation until the change of name.
      previous_names: [{ name: '!OBAC FITTINGS LIMITED', effective_from: '2011-06-29', ceased_on: '2011-07-15' }],
      uri: 'http://business.data.gov.uk/id/company/07687209',
      source: 'csv',
    });
  });

  it('orders previous names newest first, each effective from the end of the one before', () => {
    const row = map(
      record({
        CompanyName: 'C LTD',
        CompanyNumber: 'SC000001',
        IncorporationDate: '01/01/2000',
        'PreviousName_1.CONDATE': '01/01/2010',
        'PreviousName_1.CompanyName': 'B LTD',
        'PreviousName_2.CONDATE': '01/01/2005',
        'PreviousName_2.CompanyName': 'A LTD',
      }),
    );
    expect(typeof row !== 'string' && row.previous_names).toEqual([
      { name: 'B LTD', effective_from: '2005-01-01', ceased_on: '2010-01-01' },
      { name: 'A LTD', effective_from: '2000-01-01', ceased_on: '2005-01-01' },
    ]);
  });

  it('keeps "None Supplied" as published but not as a code, and several SICs in order', () => {
    const none = map(record({ CompanyName: 'LP', CompanyNumber: 'LP012345', 'SICCode.SicText_1': 'None Supplied' }));
    expect(typeof none !== 'string' && [none.sic_codes, none.sic_texts]).toEqual([[], ['None Supplied']]);
    const two = map(
      record({
        CompanyName: 'X',
        CompanyNumber: '00000009',
        'SICCode.SicText_1': '62012 - Business and domestic software development',
        'SICCode.SicText_3': '62020 - Information technology consultancy activities',
      }),
    );
    expect(typeof two !== 'string' && two.sic_codes).toEqual(['62012', '62020']);
  });

  it('restores the leading zeros a spreadsheet dropped, and upper-cases', () => {
    const row = map(record({ CompanyName: 'X', CompanyNumber: '445790' }));
    expect(typeof row !== 'string' && row.company_number).toBe('00445790');
    const lower = map(record({ CompanyName: 'X', CompanyNumber: 'sc123456' }));
    expect(typeof lower !== 'string' && lower.company_number).toBe('SC123456');
  });

  it('says what is wrong with a bad record', () => {
    expect(map(OBAC.slice(0, 54))).toBe('expected 55 fields as in the header, found 54 (a field or a comma missing?)');
    expect(map(record({ CompanyName: 'X' }))).toBe('missing company number (CompanyNumber is empty)');
    expect(map(record({ CompanyName: 'X', CompanyNumber: 'ABC-1234' }))).toBe('company number "ABC-1234" is not 8 letters and digits');
    expect(map(record({ CompanyNumber: '00000001' }))).toBe('missing company name for company 00000001');
    expect(map(record({ CompanyName: 'X', CompanyNumber: '00000001', IncorporationDate: '31/02/2020' }))).toBe(
      'unparsable date "31/02/2020" in IncorporationDate (expected DD/MM/YYYY)',
    );
    expect(map(record({ CompanyName: 'X', CompanyNumber: '00000001', ConfStmtNextDueDate: '2020-01-01' }))).toBe(
      'unparsable date "2020-01-01" in ConfStmtNextDueDate (expected DD/MM/YYYY)',
    );
    expect(map(record({ CompanyName: 'X', CompanyNumber: '00000001', 'Mortgages.NumMortOutstanding': '-1' }))).toBe(
      'Mortgages.NumMortOutstanding "-1" is not a whole number',
    );
    expect(map(record({ CompanyName: 'X', CompanyNumber: '00000001', 'Accounts.AccountRefMonth': '13' }))).toBe(
      'Accounts.AccountRefMonth "13" is not a month number',
    );
    expect(map(record({ CompanyName: 'X', CompanyNumber: '00000001', 'SICCode.SicText_2': 'Software' }))).toBe(
      'SIC "Software" in SICCode.SicText_2 is not "<code> - <description>" or "None Supplied"',
    );
    expect(map(record({ CompanyName: 'X', CompanyNumber: '00000001', 'PreviousName_1.CONDATE': '01/01/2001' }))).toBe(
      'PreviousName_1.CONDATE is 01/01/2001 but PreviousName_1.CompanyName is empty',
    );
  });

  it('parses DD/MM/YYYY strictly, leap years included', () => {
    expect(publishedDate('29/02/2024')).toBe('2024-02-29');
    expect(publishedDate('29/02/2023')).toBeUndefined();
    expect(publishedDate('29/02/1900')).toBeUndefined();
    expect(publishedDate('29/02/2000')).toBe('2000-02-29');
    expect(publishedDate('31/04/2020')).toBeUndefined();
    expect(publishedDate('1/2/2020')).toBeUndefined();
    expect(publishedDate('aa/bb/cccc')).toBeUndefined();
    expect(publishedDate('')).toBeNull();
    expect(publishedDate(' 01/02/2020 ')).toBe('2020-02-01');
    // The cached path of the mapper agrees with the plain one, also for invalid dates seen twice.
    for (let i = 0; i < 2; i++) {
      expect(map(record({ CompanyName: 'X', CompanyNumber: '00000001', IncorporationDate: '30/02/2020' }))).toMatch(
        /unparsable date "30\/02\/2020"/,
      );
      const ok = map(record({ CompanyName: 'X', CompanyNumber: '00000001', IncorporationDate: '29/02/2020' }));
      expect(typeof ok !== 'string' && ok.incorporation_date).toBe('2020-02-29');
    }
  });

  describe('as lines of COPY text (server Postgres)', () => {
    /** A row object as COPY's text format writes it: \\N for none, arrays and JSON as literals, escaped. */
    const asCopy = (row: Record<string, unknown>) =>
      COPY_COLUMNS.map((column) => {
        const value = row[column];
        if (value === null || value === undefined) return '\\N';
        if (Array.isArray(value)) return escapeCopy(column === 'previous_names' ? JSON.stringify(value) : arrayLiteral(value as string[]));
        return escapeCopy(String(value));
      }).join('\t');

    it("fills every companies column but the listing, in the table's order", () => {
      expect([...COPY_COLUMNS]).toEqual(COMPANIES.columns.map((c) => c.name).filter((name) => name !== 'exchange' && name !== 'ticker'));
    });

    it('writes the published sample line as the row companyMapper makes', () => {
      const line = mapCopy(OBAC);
      expect(line).toBeInstanceOf(CopyLine);
      expect((line as CopyLine).key).toBe('07687209');
      expect((line as CopyLine).text).toBe(
        [
          '07687209',
          '!OBAC UK LIMITED',
          'Active',
          'Private Limited Company',
          'United Kingdom',
          '2011-06-29',
          '\\N',
          '\\N',
          '\\N',
          'UNIT 9   BERRY COURT FARM BRAMLEY ROAD',
          'LITTLE LONDON',
          'TADLEY',
          'HAMPSHIRE',
          '\\N',
          'RG26 5AT',
          '{"70229"}',
          '{"70229 - Management consultancy activities other than financial management"}',
          '29',
          '12',
          '2022-09-29',
          '2020-12-31',
          'TOTAL EXEMPTION FULL',
          '2022-07-13',
          '2021-06-29',
          '0',
          '0',
          '1',
          '1',
          '[{"name":"!OBAC FITTINGS LIMITED","effective_from":"2011-06-29","ceased_on":"2011-07-15"}]',
          'http://business.data.gov.uk/id/company/07687209',
          'csv',
        ].join('\t'),
      );
    });

    it('agrees with companyMapper on every record, escaping tabs, line breaks, backslashes and quotes, with the same reasons for bad ones', () => {
      const records = [
        OBAC,
        record({
          CompanyName: 'TAB\tAND\\BACKSLASH "LTD"',
          CompanyNumber: 'sc123456',
          'RegAddress.AddressLine1': 'THE STUDIO\r\n14 BACK LANE',
          'RegAddress.PostTown': '  ',
          CompanyStatus: ' Active ',
        }),
        record({
          CompanyName: 'X',
          CompanyNumber: '445790',
          'SICCode.SicText_1': '62012 - Say "hi" \\ bye',
          'SICCode.SicText_3': '62020 - Information technology consultancy activities',
          'SICCode.SicText_4': '62012 - again',
        }),
        record({
          CompanyName: 'LP',
          CompanyNumber: 'LP012345',
          'SICCode.SicText_1': 'None Supplied',
          'Accounts.AccountRefDay': ' 31',
          'Mortgages.NumMortCharges': '2147483647',
        }),
        record({
          CompanyName: 'C LTD',
          CompanyNumber: 'SC000001',
          IncorporationDate: '01/01/2000',
          'PreviousName_1.CONDATE': '01/01/2010',
          'PreviousName_1.CompanyName': 'B\tLTD',
          'PreviousName_2.CONDATE': '01/01/2005',
          'PreviousName_2.CompanyName': 'A "LTD"',
        }),
        OBAC.slice(0, 54),
        record({ CompanyName: 'X' }),
        record({ CompanyName: 'X', CompanyNumber: 'ABC-1234' }),
        record({ CompanyNumber: '00000001' }),
        record({ CompanyName: 'X', CompanyNumber: '00000001', IncorporationDate: '31/02/2020' }),
        record({ CompanyName: 'X', CompanyNumber: '00000001', 'Mortgages.NumMortCharges': '2147483648' }),
        record({ CompanyName: 'X', CompanyNumber: '00000001', 'SICCode.SicText_2': 'Software' }),
        record({ CompanyName: 'X', CompanyNumber: '00000001', 'PreviousName_1.CONDATE': '01/01/2001' }),
      ];
      for (let pass = 0; pass < 2; pass++) {
        // Twice: the second time from the mappers' caches.
        for (const fields of records) {
          const row = map(fields);
          const line = mapCopy(fields);
          if (typeof row === 'string') expect(line).toBe(row);
          else expect(line).toEqual(new CopyLine(row.company_number, asCopy(row as unknown as Record<string, unknown>)));
        }
      }
      const tabbed = mapCopy(records[1]) as CopyLine;
      expect(tabbed.text.split('\t').slice(0, 3)).toEqual(['SC123456', 'TAB\\tAND\\\\BACKSLASH "LTD"', 'Active']);
      expect(tabbed.text).toContain('\tTHE STUDIO\\r\\n14 BACK LANE\t');
    });
  });
});
