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
