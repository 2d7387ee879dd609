import { describe, it } from 'node:test';
import { expect } from 'expect';
import { officerIdOf, officerPersonKey, pscPersonKey, watchedLender } from './watched-people.js';

describe('watched lenders and people', () => {
  it('reads an officer id from an id, an appointments link or its register address, and nothing else', () => {
    expect(officerIdOf('x2tXhH8Hm0oFUnkJDm4pqZRXYIU')).toBe('x2tXhH8Hm0oFUnkJDm4pqZRXYIU');
    expect(officerIdOf('/officers/x2tXhH8Hm0oFUnkJDm4pqZRXYIU/appointments')).toBe('x2tXhH8Hm0oFUnkJDm4pqZRXYIU');
    expect(officerIdOf('https://find-and-update.company-information.service.gov.uk/officers/x2tX-h_8/appointments?page=2')).toBe(
      'x2tX-h_8',
    );
    for (const bad of ['', 'not an id!', 'abc', '/officers//appointments', 'x'.repeat(65)]) expect(officerIdOf(bad)).toBeNull();
  });

  it('holds a lender by the key its charges count under, refusing blank and control characters', () => {
    expect(watchedLender('  Barclays   Bank PLC ')).toEqual({ name: 'Barclays Bank PLC', key: 'BARCLAYS BANK' });
    expect(watchedLender('BARCLAYS BANK PLC as Security Agent')?.key).toBe('BARCLAYS BANK');
    for (const bad of ['', '   ', 'Bank\u0007 PLC', 'x'.repeat(161)]) expect(watchedLender(bad)).toBeNull();
  });

  it("matches a person's PSC entry to their appointment by surname, first forename and birth month and year", () => {
    const officer = officerPersonKey('REID, Fiona Jane', { month: 5, year: 1970 });
    expect(officer).toBe('reid|fiona|1970-05');
    expect(
      pscPersonKey({ name_elements: { title: 'Mrs', forename: 'Fiona', surname: 'Reid' }, date_of_birth: { month: 5, year: 1970 } }),
    ).toBe(officer);
    expect(pscPersonKey({ name_elements: { forename: 'Fiona', surname: 'Reid' }, date_of_birth: { month: 6, year: 1970 } })).not.toBe(
      officer,
    );
    // without a birth date or a comma-separated name there is nothing safe to match on
    expect(officerPersonKey('REID, Fiona', null)).toBeNull();
    expect(officerPersonKey('Fiona Reid', { month: 5, year: 1970 })).toBeNull();
    expect(pscPersonKey({ name: 'Fiona Reid' })).toBeNull();
  });
});
