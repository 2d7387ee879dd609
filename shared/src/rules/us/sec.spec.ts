import { describe, it } from 'node:test';
import { expect } from 'expect';
import { MAX_CIK, isAccession, paddedCik, parseCik, secFilingUrl, sicSector } from './sec.js';

describe('SEC identifiers', () => {
  it('reads a CIK as an integer or a zero-padded string, and refuses anything else', () => {
    expect(parseCik(320193)).toBe(320193);
    expect(parseCik('0000320193')).toBe(320193);
    expect(parseCik('CIK0000320193')).toBe(320193);
    expect(parseCik('320193')).toBe(320193);
    for (const bad of [0, -1, 1.5, '', 'abc', '12345678901', null, undefined, {}]) expect(parseCik(bad)).toBeNull();
    // Stored as PostgreSQL integer: up to 2^31 - 1, whether padded to ten digits or not.
    expect(parseCik('2147483647')).toBe(2_147_483_647);
    expect(parseCik(MAX_CIK)).toBe(MAX_CIK);
    for (const tooLarge of ['2147483648', '9999999999', 2_147_483_648, 1e10]) expect(parseCik(tooLarge)).toBeNull();
    expect(paddedCik(320193)).toBe('0000320193');
  });

  it('builds the filing address from the CIK without zeros and the accession without dashes', () => {
    expect(secFilingUrl('0000320193', '0000320193-23-000106', 'aapl-20230930.htm')).toBe(
      'https://www.sec.gov/Archives/edgar/data/320193/000032019323000106/aapl-20230930.htm',
    );
    expect(isAccession('0000320193-23-000106')).toBe(true);
    expect(isAccession('000032019323000106')).toBe(false);
  });

  it('names the sector of a SIC code by its division', () => {
    expect(sicSector('3571')).toBe('Manufacturing');
    expect(sicSector(7372)).toBe('Services');
    expect(sicSector('6022')).toBe('Finance, Insurance and Real Estate');
    expect(sicSector('')).toBeNull();
    expect(sicSector(null)).toBeNull();
  });
});
