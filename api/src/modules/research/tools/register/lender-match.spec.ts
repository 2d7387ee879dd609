import { describe, it } from 'node:test';
import { expect } from 'expect';
import { lenderKey } from '@credence/shared';
import { lenderMatches, matchLenderKeys } from './lender-match.js';

const holders = [
  'HSBC UK Bank PLC',
  'Barclays Bank PLC',
  'Barclays Bank UK PLC',
  'National Westminster Bank PLC',
  'Close Brothers Limited',
].map(lenderKey);

describe('a lender named in a question against the chargeholders', () => {
  it('finds a lender by a short name, a brand or another spelling', () => {
    expect(matchLenderKeys('HSBC', holders)).toEqual([lenderKey('HSBC UK Bank PLC')]);
    expect(matchLenderKeys('NatWest', holders)).toEqual([lenderKey('National Westminster Bank PLC')]);
    expect(matchLenderKeys('close brothers ltd', holders)).toEqual([lenderKey('Close Brothers Limited')]);
  });

  it('finds every entity of a group named by its short name, and only the one named in full', () => {
    expect(matchLenderKeys('Barclays', holders)).toEqual([lenderKey('Barclays Bank PLC'), lenderKey('Barclays Bank UK PLC')]);
    expect(matchLenderKeys('Barclays Bank UK PLC', holders)).toEqual([lenderKey('Barclays Bank UK PLC')]);
  });

  it('matches whole words only and nothing for a lender who holds no charge', () => {
    expect(lenderMatches('HSB', lenderKey('HSBC UK Bank PLC'))).toBe(false);
    expect(matchLenderKeys('Santander', holders)).toEqual([]);
    expect(matchLenderKeys('', holders)).toEqual([]);
  });
});

describe('a lender named exactly', () => {
  it('is that chargeholder alone, not the group entities whose names contain it', () => {
    expect(matchLenderKeys('Barclays Bank PLC', holders)).toEqual([lenderKey('Barclays Bank PLC')]);
  });
});
