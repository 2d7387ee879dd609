import { describe, it } from 'node:test';
import { expect } from 'expect';
import { lenderKey } from './lenders.js';

describe('lenderKey', () => {
  it('counts one lender once across case, punctuation and legal suffix', () => {
    const spellings = [
      'HSBC UK Bank PLC',
      'HSBC UK BANK P.L.C.',
      'Hsbc Uk Bank Plc.',
      'HSBC UK Bank Public Limited Company',
      ' hsbc  uk bank p l c ',
    ];
    expect(new Set(spellings.map(lenderKey))).toEqual(new Set(['HSBC UK BANK']));
  });

  it('keeps different lenders apart', () => {
    expect(lenderKey('Barclays Bank PLC')).not.toBe(lenderKey('Barclays Bank UK PLC'));
    expect(lenderKey('Lloyds Bank PLC')).not.toBe(lenderKey('Lloyds Bank Commercial Finance Limited'));
  });

  it('drops a trustee or agent capacity, "the" and the ampersand difference', () => {
    expect(lenderKey('The Royal Bank of Scotland PLC (as Security Trustee)')).toBe('ROYAL BANK OF SCOTLAND');
    expect(lenderKey('Lloyds Bank PLC as Security Agent')).toBe('LLOYDS BANK');
    expect(lenderKey('Close Brothers & Co Limited')).toBe(lenderKey('CLOSE BROTHERS AND CO LTD'));
  });

  it('strips stacked suffixes', () => {
    expect(lenderKey('Shawbrook Bank Company Limited')).toBe('SHAWBROOK BANK');
  });
});

describe('lenderKey across brands and forms (issue 13)', () => {
  const same = (...names: string[]) => expect(new Set(names.map(lenderKey)).size).toBe(1);

  it('counts NatWest and National Westminster Bank as one lender', () => {
    same('NatWest', 'NATWEST BANK PLC', 'National Westminster Bank PLC', 'NATIONAL WESTMINSTER BANK P.L.C.', 'Nat West');
    expect(lenderKey('NatWest')).toBe('NATIONAL WESTMINSTER BANK');
  });

  it('folds Ltd and Limited, PLC and P.L.C., "The", "&" and "and"', () => {
    same('Shawbrook Bank Ltd', 'SHAWBROOK BANK LIMITED', 'The Shawbrook Bank Limited');
    same('Aldermore Bank PLC', 'ALDERMORE BANK P.L.C.', 'Aldermore Bank p.l.c');
    same('Coutts & Company', 'COUTTS AND CO', 'Coutts');
  });

  it('reads the forms of the Bank of Scotland as one', () => {
    same('Bank of Scotland plc', 'BANK OF SCOTLAND PLC', 'The Governor and Company of the Bank of Scotland', 'Bank of Scotland');
    expect(lenderKey('Bank of Scotland PLC')).toBe('BANK OF SCOTLAND');
    expect(lenderKey('The Governor and Company of the Bank of Ireland')).toBe('BANK OF IRELAND');
  });

  it('drops a trailing capacity or trading name', () => {
    same(
      'HSBC Bank PLC',
      'HSBC Bank PLC as security trustee',
      'HSBC BANK PLC AS SECURITY TRUSTEE FOR THE SECURED PARTIES',
      'HSBC Bank plc as agent',
      'HSBC Bank plc in its capacity as common security agent',
      'HSBC Bank PLC acting through its London branch',
    );
    same('Clydesdale Bank PLC', 'Clydesdale Bank PLC trading as Yorkshire Bank', 'Clydesdale Bank plc t/a Virgin Money', 'Yorkshire Bank');
  });

  it('follows renames of one bank and keeps ring-fenced banks apart', () => {
    same('Lloyds TSB Bank PLC', 'Lloyds Bank PLC');
    same('Abbey National PLC', 'Santander UK PLC');
    expect(lenderKey('Barclays Bank UK PLC')).not.toBe(lenderKey('Barclays Bank PLC'));
    expect(lenderKey('HSBC UK Bank PLC')).not.toBe(lenderKey('HSBC Bank PLC'));
    // A name that merely starts like a capacity keeps its words.
    expect(lenderKey('T A Jones Limited')).toBe('T A JONES');
  });

  it('stays linear on long hostile names', () => {
    const name = 'x as security '.repeat(2000) + 'bank';
    const started = performance.now();
    lenderKey(name);
    // About 30 ms; a pattern that backtracks takes seconds on these 28,000 characters. 200 ms failed
    // on a loaded 2-core CI with shared's other test files running beside this one (225 ms).
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
