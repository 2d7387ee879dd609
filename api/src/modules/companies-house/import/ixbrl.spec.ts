import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { extractPeriods, parseIxbrl } from './ixbrl.js';

function fixture(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'test', 'fixtures', 'companies-house', 'accounts', name);
    if (existsSync(candidate)) return readFileSync(candidate, 'utf8');
  }
  throw new Error(`fixture ${name} not found`);
}

/** A minimal iXBRL document around the given resources and body. */
const doc = (resources: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance"
  xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:uk-core="http://xbrl.frc.org.uk/fr/2021-01-01/core" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2010-04-20">
<head><title>t</title></head><body>
<div style="display:none"><ix:header><ix:resources>${resources}
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>
<xbrli:unit id="EUR"><xbrli:measure>iso4217:EUR</xbrli:measure></xbrli:unit>
</ix:resources></ix:header></div>
${body}
</body></html>`;
const instant = (id: string, date: string) =>
  `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">01234567</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:instant>${date}</xbrli:instant></xbrli:period></xbrli:context>`;

describe('iXBRL', () => {
  it('reads an FRS 102 small company filing: both periods, pages, signs, dimensions left out', () => {
    const parsed = parseIxbrl(fixture('Prod223_3512_08123456_20240331.html'));
    expect(parsed.pages).toBe(4);
    expect(parsed.problems).toEqual([]);
    expect(parsed.units.get('GBP')).toEqual({ id: 'GBP', measures: ['iso4217:GBP'], currency: 'GBP' });
    expect(parsed.contexts.get('BS2024_WithinOneYear')).toMatchObject({ instant: '2024-03-31', dimensional: true });
    expect(parsed.texts.get('UKCompaniesHouseRegisteredNumber')?.value).toBe('08123456');
    const otherIncome = parsed.facts.find((f) => f.concept === 'OtherOperatingIncomeFormat1' && f.contextRef === 'FY2023');
    expect(otherIncome).toMatchObject({ value: 0, page: 2 });
    const hidden = parsed.facts.filter((f) => f.hidden);
    expect(hidden).toEqual([]);

    const { current, comparative } = extractPeriods(parsed);
    expect(current).toMatchObject({ periodStart: '2023-04-01', periodEnd: '2024-03-31', currency: 'GBP' });
    expect(current.figures).toEqual({
      turnover: { value: 1482350, term: 'uk-core:TurnoverRevenue', page: 2 },
      operatingProfit: { value: 241581, term: 'uk-core:OperatingProfitLoss', page: 2 },
      netProfitLoss: { value: 188861, term: 'uk-core:ProfitLoss', page: 2 },
      EBITDA: {
        value: 241581 + 18240 + 9000,
        term: 'uk-core:OperatingProfitLoss + uk-core:DepreciationExpensePropertyPlantEquipment + uk-core:AmortisationExpenseIntangibleAssets',
        page: 2,
      },
      // Not tagged: fixed + current assets, and total assets less net assets.
      totalAssets: { value: 94410 + 602526, term: 'uk-core:FixedAssets + uk-core:CurrentAssets', page: 3 },
      totalLiabilities: {
        value: 94410 + 602526 - 299260,
        term: '(uk-core:FixedAssets + uk-core:CurrentAssets) - uk-core:NetAssetsLiabilities',
        page: 3,
      },
      netAssets: { value: 299260, term: 'uk-core:NetAssetsLiabilities', page: 3 },
      cash: { value: 314911, term: 'uk-core:CashBankOnHand', page: 3 },
      employeeCount: { value: 14, term: 'uk-core:AverageNumberEmployeesDuringPeriod', page: 4 },
    });
    // The comparative year made a loss: sign="-".
    expect(comparative).toMatchObject({ periodStart: '2022-04-01', periodEnd: '2023-03-31' });
    expect(comparative!.figures.operatingProfit?.value).toBe(-14217);
    expect(comparative!.figures.netProfitLoss?.value).toBe(-19584);
    expect(comparative!.figures.EBITDA?.value).toBe(-14217 + 16905 + 9000);
    expect(current.balanceSheet.find((l) => l.key === 'currentAssets')).toEqual({
      key: 'currentAssets',
      label: 'Current assets',
      value: 602526,
      currency: 'GBP',
      pageNumber: 3,
      term: 'uk-core:CurrentAssets',
    });
    expect(current.incomeStatement.map((l) => l.key)).toEqual([
      'turnover',
      'costOfSales',
      'grossProfit',
      'administrativeExpenses',
      'otherOperatingIncome',
      'operatingProfit',
      'interestPayable',
      'profitBeforeTax',
      'tax',
      'netProfitLoss',
    ]);
    expect(comparative!.incomeStatement.find((l) => l.key === 'tax')?.value).toBe(-4593);
  });

  it('reads an FRS 105 micro-entity filing with scale 3 and pages marked by page-break styles', () => {
    const parsed = parseIxbrl(fixture('Prod223_3512_SC612345_20231231.xhtml'));
    expect(parsed.pages).toBe(3);
    const { current, comparative } = extractPeriods(parsed);
    expect(current.figures).toEqual({
      netAssets: { value: 65000, term: 'core:NetAssetsLiabilities', page: 2 },
      totalAssets: { value: 222000, term: 'core:FixedAssets + core:CurrentAssets', page: 2 },
      totalLiabilities: { value: 157000, term: '(core:FixedAssets + core:CurrentAssets) - core:NetAssetsLiabilities', page: 2 },
      employeeCount: { value: 3, term: 'core:AverageNumberEmployeesDuringPeriod', page: 3 },
    });
    expect(current.balanceSheet.find((l) => l.key === 'netCurrentAssets')?.value).toBe(-18000);
    expect(comparative?.periodEnd).toBe('2022-12-31');
    expect(comparative?.figures.netAssets?.value).toBe(89000);
  });

  it('says what is missing: contexts, numeric facts, readable numbers', () => {
    expect(() => extractPeriods(parseIxbrl('<html><body><p>Hello</p></body></html>'))).toThrow(/no xbrli:context/);
    const dimensionalOnly = doc(
      `<xbrli:context id="d"><xbrli:entity><xbrli:identifier scheme="s">01234567</xbrli:identifier><xbrli:segment><x/></xbrli:segment></xbrli:entity><xbrli:period><xbrli:instant>2024-01-31</xbrli:instant></xbrli:period></xbrli:context>`,
      `<p><ix:nonFraction name="uk-core:Creditors" contextRef="d" unitRef="GBP" decimals="0">5</ix:nonFraction></p>`,
    );
    expect(() => extractPeriods(parseIxbrl(dimensionalOnly))).toThrow(/no numeric facts in a context without dimensions/);

    const euros = parseIxbrl(
      doc(
        instant('i', '2024-01-31'),
        `<p><ix:nonFraction name="uk-core:NetAssetsLiabilities" contextRef="i" unitRef="EUR" decimals="0" format="ixt:numcommadecimal">1.234,00</ix:nonFraction>
         <ix:nonFraction name="uk-core:CashBankOnHand" contextRef="i" unitRef="EUR" decimals="0" format="ixt:numdotdecimal">(12)</ix:nonFraction>
         <ix:nonFraction name="uk-core:FixedAssets" contextRef="nowhere" unitRef="EUR" decimals="0">1</ix:nonFraction></p>`,
      ),
    );
    expect(euros.problems).toEqual([{ line: 10, reason: 'uk-core:CashBankOnHand: "(12)" is not a number in format ixt:numdotdecimal' }]);
    const { current } = extractPeriods(euros);
    expect(current).toMatchObject({
      currency: 'EUR',
      periodStart: null,
      figures: { netAssets: { value: 1234, term: 'uk-core:NetAssetsLiabilities', page: 1 } },
    });
    expect(euros.problems[1]).toEqual({ line: 11, reason: 'uk-core:FixedAssets: contextRef "nowhere" names no xbrli:context' });
  });
});
