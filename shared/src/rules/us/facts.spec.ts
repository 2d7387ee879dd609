import { describe, it } from 'node:test';
import { expect } from 'expect';
import { chooseAcrossConcepts, isPeriodicForm, latestFiledFacts, preferredUnit } from './facts.js';
import { fact } from './testing.js';

describe('latestFiledFacts', () => {
  it('keeps the latest filed copy of a period: a restatement in a later 10-K replaces the first figure', () => {
    const first = fact({ concept: 'Revenues', start: '2022-01-01', end: '2022-12-31', val: 100, filed: '2023-02-10', form: '10-K' });
    const restated = fact({ concept: 'Revenues', start: '2022-01-01', end: '2022-12-31', val: 98, filed: '2024-02-09', form: '10-K' });
    expect(latestFiledFacts([restated, first])).toEqual([restated]);
    expect(latestFiledFacts([first, restated])).toEqual([restated]);
  });

  it('ignores 8-K recasts and other forms, even filed later', () => {
    const tenK = fact({ concept: 'Revenues', start: '2022-01-01', end: '2022-12-31', val: 100, filed: '2023-02-10', form: '10-K' });
    const eightK = { ...tenK, val: 130, form: '8-K', filed: '2023-06-01', accn: '0000000000-23-999999' };
    expect(latestFiledFacts([tenK, eightK])).toEqual([tenK]);
    expect(isPeriodicForm('10-K/A')).toBe(true);
    expect(isPeriodicForm('20-F')).toBe(true);
    expect(isPeriodicForm('8-K')).toBe(false);
    expect(isPeriodicForm('S-1')).toBe(false);
  });

  it('prefers the amendment filed the same day, and keeps units and periods apart', () => {
    const orig = fact({
      concept: 'Revenues',
      start: '2022-01-01',
      end: '2022-12-31',
      val: 100,
      filed: '2023-02-10',
      form: '10-K',
      accn: 'a',
    });
    const amended = { ...orig, val: 101, form: '10-K/A' };
    expect(latestFiledFacts([amended, orig])).toEqual([amended]);
    const eur = { ...orig, unit: 'EUR', val: 90 };
    const q = { ...orig, start: '2022-10-01', val: 30 };
    expect(latestFiledFacts([orig, eur, q])).toHaveLength(3);
  });
});

describe('chooseAcrossConcepts: one series through a tag switch', () => {
  const concepts = ['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'us-gaap:Revenues', 'us-gaap:SalesRevenueNet'];

  it('takes the freshest fact of each period across synonyms, ties to the earlier concept', () => {
    const old = fact({ concept: 'SalesRevenueNet', start: '2016-01-01', end: '2016-12-31', val: 50, filed: '2017-02-01', form: '10-K' });
    const y17 = fact({ concept: 'SalesRevenueNet', start: '2017-01-01', end: '2017-12-31', val: 60, filed: '2018-02-01', form: '10-K' });
    // The 2018 10-K re-tags its comparative with the new concept.
    const y17new = fact({ concept: 'Revenues', start: '2017-01-01', end: '2017-12-31', val: 61, filed: '2019-02-01', form: '10-K' });
    const y18 = fact({ concept: 'Revenues', start: '2018-01-01', end: '2018-12-31', val: 70, filed: '2019-02-01', form: '10-K' });
    const y18asc = fact({
      concept: 'RevenueFromContractWithCustomerExcludingAssessedTax',
      start: '2018-01-01',
      end: '2018-12-31',
      val: 69,
      filed: '2019-02-01',
      form: '10-K',
    });
    const chosen = chooseAcrossConcepts([old, y17, y17new, y18, y18asc], concepts);
    expect([...chosen.values()].map((f) => [f.end, f.concept, f.val]).sort()).toEqual([
      ['2016-12-31', 'us-gaap:SalesRevenueNet', 50],
      ['2017-12-31', 'us-gaap:Revenues', 61],
      ['2018-12-31', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 69],
    ]);
  });

  it('ignores concepts that are not the KPI’s', () => {
    const other = fact({ concept: 'GrossProfit', start: '2018-01-01', end: '2018-12-31', val: 5, filed: '2019-02-01' });
    expect(chooseAcrossConcepts([other], concepts).size).toBe(0);
  });
});

describe('preferredUnit', () => {
  it('prefers USD, else the most used accepted unit, and null when none fits', () => {
    const money = (u: string) => /^[A-Z]{3}$/.test(u);
    expect(preferredUnit(['EUR', 'USD', 'EUR'], money)).toBe('USD');
    expect(preferredUnit(['EUR', 'JPY', 'EUR'], money)).toBe('EUR');
    expect(preferredUnit(['shares', 'pure'], money)).toBeNull();
  });
});
