import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { FinancialSummary, SeriesItem } from '../../../contracts/uk-companies.js';
import { COMPANY_SCREENER_COLUMNS, CHARGE_SCREENER_COLUMNS } from '../../../filters/columns.js';
import { averageDurationText, chargeStatusColour } from './charges.js';
import { averageDelayText, CS_STATUS_TEXTS, dueInText, onTimeText, percentText } from './compliance.js';
import { DATABASE_SECTIONS, findDatabase, underConstructionText } from './databases.js';
import { fiscalYearLabel, keyFigureChangeText, keyFigures, keyFigureText, latestFinancialYear } from './key-figures.js';
import { addressLine, addressLines, registryChargeUrl, registryFilingHistoryUrl, registryUrl, sicLines } from './profile.js';
import { screenerCellText } from './screener-cells.js';
import { companyDistress, companyStatusLabel, companyStatusTone, STATUS_TONE_COLOURS } from './status.js';

describe('company status', () => {
  it('labels the API enumeration in the register words and a missing status as Unknown', () => {
    expect(companyStatusLabel('administration')).toBe('In Administration');
    expect(companyStatusLabel('voluntary-arrangement')).toBe('Voluntary Arrangement');
    expect(companyStatusLabel(' Active ')).toBe('Active');
    expect(companyStatusLabel('Live but Receiver Manager on at least one charge')).toBe('Live but Receiver Manager on at least one charge');
    expect(companyStatusLabel(null)).toBe('Unknown');
  });

  it('colours active green, dissolved grey, liquidation and every insolvency yellow, a strike-off proposal yellow', () => {
    const colour = (s: string | null) => STATUS_TONE_COLOURS[companyStatusTone(s)];
    expect(colour('Active')).toBe('green');
    expect(colour('active')).toBe('green');
    expect(colour('Dissolved')).toBe('grey');
    expect(colour('converted-closed')).toBe('grey');
    expect(colour('Liquidation')).toBe('yellow');
    expect(colour('In Administration')).toBe('yellow');
    expect(colour('Active - Proposal to Strike off')).toBe('yellow');
    expect(companyStatusTone('Active - Proposal to Strike off')).toBe('warning');
    expect(colour(null)).toBe('grey');
  });

  it('finds distress in every insolvency status as Companies House spells them, and nowhere else', () => {
    const kind = (s: string) => companyDistress(s)?.kind ?? null;
    expect(kind('Liquidation')).toBe('liquidation');
    expect(kind('liquidation')).toBe('liquidation');
    expect(kind('In Administration')).toBe('administration');
    expect(kind('administration')).toBe('administration');
    expect(kind('Administration Order')).toBe('administration');
    expect(kind('In Administration/Administrative Receiver')).toBe('administration');
    expect(kind('Receivership Action')).toBe('receivership');
    expect(kind('receivership')).toBe('receivership');
    expect(kind('ADMINISTRATIVE RECEIVER')).toBe('receivership');
    expect(kind('Live but Receiver Manager on at least one charge')).toBe('receivership');
    expect(kind('Voluntary Arrangement')).toBe('voluntary-arrangement');
    expect(kind('voluntary-arrangement')).toBe('voluntary-arrangement');
    expect(kind('insolvency-proceedings')).toBe('insolvency-proceedings');
    for (const calm of ['Active', 'Dissolved', 'Active - Proposal to Strike off', 'voluntary strike-off', 'converted-closed', '', 'open'])
      expect(kind(calm)).toBeNull();
    expect(companyDistress(null)).toBeNull();
  });

  it('writes the banner from the status', () => {
    expect(companyDistress('administration')).toEqual({
      kind: 'administration',
      title: 'In administration',
      text: 'Companies House status: In Administration. An administrator runs the company for its creditors.',
    });
  });
});

describe('company profile', () => {
  const address = JSON.stringify({
    CareOf: 'Smith & Co',
    POBox: '12',
    AddressLine1: 'Second Floor',
    AddressLine2: ' 157 Queen Terrace ',
    PostTown: 'Birmingham',
    County: 'West Midlands',
    Country: 'England',
    PostCode: 'B5 6LX',
  });

  it('puts the address on lines in the register order, country before postcode', () => {
    expect(addressLines(address)).toEqual([
      'c/o Smith & Co',
      'PO Box 12',
      'Second Floor',
      '157 Queen Terrace',
      'Birmingham',
      'West Midlands',
      'England',
      'B5 6LX',
    ]);
    expect(addressLine(JSON.stringify({ AddressLine1: '1 High St', PostCode: 'LS1 4AB' }))).toBe('1 High St, LS1 4AB');
    expect(addressLines('1 High Street, Leeds')).toEqual(['1 High Street, Leeds']);
    expect(addressLines('{}')).toEqual([]);
    expect(addressLine(null)).toBeNull();
  });

  it('lists every SIC text of the register in order, else the codes with their descriptions', () => {
    const meta = JSON.stringify({
      'SICCode.SicText_2': '62020 - Information technology consultancy activities',
      'SICCode.SicText_1': '62012 - Business and domestic software development',
      'SICCode.SicText_3': '',
    });
    expect(sicLines(meta)).toEqual([
      '62012 - Business and domestic software development',
      '62020 - Information technology consultancy activities',
    ]);
    expect(sicLines('{}', ['99999', '00000'])).toEqual(['99999 - Dormant Company', '00000']);
    expect(sicLines(null)).toEqual([]);
  });

  it('links the registry', () => {
    expect(registryFilingHistoryUrl('SC612345')).toBe(
      'https://find-and-update.company-information.service.gov.uk/company/SC612345/filing-history',
    );
    expect(registryChargeUrl('08123456', 'abc/1')).toBe(
      'https://find-and-update.company-information.service.gov.uk/company/08123456/charges/abc%2F1',
    );
    expect(registryUrl('/officers/x/appointments')).toBe(
      'https://find-and-update.company-information.service.gov.uk/officers/x/appointments',
    );
    expect(registryUrl('https://example.org/x')).toBe('https://example.org/x');
  });
});

describe('key figures', () => {
  const item = (year: number, value: number | null): SeriesItem => ({
    year,
    value,
    currency: 'GBP',
    pageNumber: 3,
    term: null,
    document_id: `doc-${year}`,
  });
  const summary = {
    turnover: [item(2022, 8_000_000), item(2023, 10_000_000)],
    operatingProfit: [item(2023, -500_000), item(2024, null)],
    employeeCount: [{ ...item(2023, 120), currency: '' }],
  } as unknown as FinancialSummary;

  it('takes the latest year that has a figure, not a year of empty accounts', () => {
    expect(latestFinancialYear(summary)).toBe(2023);
    expect(latestFinancialYear(null)).toBeNull();
    expect(keyFigures(null)).toBeNull();
  });

  it('gives each metric its value, the year before and the change', () => {
    const figures = keyFigures(summary)!;
    expect(figures.turnover).toMatchObject({
      year: 2023,
      value: 10_000_000,
      previous: 8_000_000,
      currency: 'GBP',
      document_id: 'doc-2023',
    });
    expect(figures.turnover!.change.label).toBe('+25.0%');
    expect(figures.EBITDA).toMatchObject({ year: 2023, value: null, previous: null });
    expect(keyFigureText('turnover', figures.turnover!.value, 'GBP')).toBe('£10.0M');
    expect(keyFigureText('employeeCount', 120)).toBe('120');
    expect(keyFigureChangeText(figures.turnover)).toBe('+25.0% YoY');
    expect(keyFigureChangeText(figures.EBITDA)).toBe('N/A');
    expect(fiscalYearLabel(2023)).toBe('FY2023');
    expect(fiscalYearLabel(null)).toBe('N/A');
  });
});

describe('screener cells', () => {
  const col = (id: string) => [...COMPANY_SCREENER_COLUMNS, ...CHARGE_SCREENER_COLUMNS].find((c) => c.id === id)!;

  it('shows spec 2 section 9 formats', () => {
    expect(screenerCellText(col('turnover'), 12_345_678)).toBe('12.35');
    expect(screenerCellText(col('turnover'), '12345678')).toBe('12.35');
    expect(screenerCellText(col('turnover'), 0)).toBe('-');
    expect(screenerCellText(col('turnover'), null)).toBe('-');
    expect(screenerCellText(col('debt_to_equity_ratio'), 0.4567)).toBe('0.46');
    expect(screenerCellText(col('employee_count'), 1234)).toBe('1,234');
    expect(screenerCellText(col('employee_count'), 0)).toBe('-');
    expect(screenerCellText(col('filing_year'), 2025)).toBe('2025');
    expect(screenerCellText(col('delivered_on'), '2024-03-05')).toBe('05/03/2024');
    expect(screenerCellText(col('lenders'), ['HSBC UK Bank PLC', 'Barclays'])).toBe('HSBC UK Bank PLC, Barclays');
    expect(screenerCellText(col('contains_fixed_charge'), true)).toBe('Yes');
    expect(screenerCellText({ id: 'name', format: 'text' }, 'ACME\n  LTD')).toBe('ACME LTD');
  });

  it('shows a count of zero charges as 0, not a dash', () => {
    expect(screenerCellText({ id: 'total_charges', format: 'integer' }, 0)).toBe('0');
    expect(screenerCellText({ id: 'total_charges', format: 'integer' }, '12345')).toBe('12,345');
  });

  it('cuts long lender names at 50 characters', () => {
    expect(screenerCellText(col('lenders'), ['x'.repeat(60)])).toBe('x'.repeat(50) + '...');
  });
});

describe('database catalogue', () => {
  it('is the selector of spec 2 2.3', () => {
    expect(DATABASE_SECTIONS.map((s) => s.title)).toEqual(['Company Explorer', 'Screeners and Filters', 'Research and Intelligence']);
    expect(findDatabase('companies-screener')?.badge).toBe('Updated');
    expect(underConstructionText({ name: 'X' })).toBe('The specific interface for X is under construction.');
  });
});

describe('charges panel figures', () => {
  it('gives the average duration in months with one decimal', () => {
    expect(averageDurationText(14.46)).toBe('14.5 months');
    expect(averageDurationText(null)).toBe('N/A');
  });

  it('colours a live charge yellow, a released one green', () => {
    expect(chargeStatusColour('outstanding')).toBe('yellow');
    expect(chargeStatusColour('part-satisfied')).toBe('yellow');
    expect(chargeStatusColour('fully-satisfied')).toBe('green');
    expect(chargeStatusColour(null)).toBe('grey');
  });
});

describe('compliance tracker texts', () => {
  it('writes the status, the due date, on-time share and delay the same way everywhere', () => {
    expect(CS_STATUS_TEXTS.due_soon).toBe('Due soon');
    expect(dueInText(12)).toBe('in 12 days');
    expect(dueInText(-1)).toBe('1 day overdue');
    expect(dueInText(null)).toBe('');
    expect(onTimeText({ onTime: 3, statements: 4, onTimeRatio: 0.75 })).toBe('3 of 4 (75%)');
    expect(averageDelayText(4.46)).toBe('4.5 days');
    expect(averageDelayText(null)).toBe('N/A');
    expect(percentText(null)).toBe('N/A');
  });
});
