import { describe, it } from 'node:test';
import { expect } from 'expect';
import { SIC_CODES, SIC_DIVISIONS, sicCodeRows, sicText } from './sic-codes.js';

describe('SIC 2007 list', () => {
  it('holds the condensed Companies House list with a section and a division for every code', () => {
    const rows = sicCodeRows();
    expect(rows).toHaveLength(SIC_CODES.size);
    expect(rows.length).toBeGreaterThan(700);
    for (const row of rows) {
      expect(row.section_description).toBeTruthy();
      expect(row.division_description).toBeTruthy();
    }
    expect(rows.find((r) => r.code === '62012')).toEqual({
      code: '62012',
      description: 'Business and domestic software development',
      section: 'J',
      section_description: 'Information and communication',
      division: '62',
      division_description: SIC_DIVISIONS['62'],
    });
    expect(rows.find((r) => r.code === '99999')).toMatchObject({ section: 'X', division_description: 'Dormant Company' });
  });

  it('spells codes as the register does', () => {
    expect(sicText('10710')).toBe('10710 - Manufacture of bread; manufacture of fresh pastry goods and cakes');
    expect(() => sicText('12345')).toThrow('unknown SIC code 12345');
  });
});
