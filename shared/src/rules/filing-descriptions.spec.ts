import { describe, it } from 'node:test';
import { expect } from 'expect';
import { describeFiling, longDate } from './filing-descriptions.js';

describe('describeFiling', () => {
  it('words a known key with its values, dates as Companies House writes them', () => {
    expect(
      describeFiling('appoint-person-director-company-with-name-date', { officer_name: 'Mr John Smith', appointment_date: '2024-03-01' }),
    ).toBe('Appointment of Mr John Smith as a director on 1 March 2024');
    expect(describeFiling('confirmation-statement-with-no-updates', { made_up_date: '2023-12-31' })).toBe(
      'Confirmation statement made on 31 December 2023 with no updates',
    );
  });

  it('drops a dangling "on" when the date is missing', () => {
    expect(describeFiling('termination-director-company-with-name-termination-date', { officer_name: 'Ann Lee' })).toBe(
      'Termination of appointment of Ann Lee as a director',
    );
  });

  it('words an unknown key from the key itself, and uses a legacy description as given', () => {
    expect(describeFiling('some-new-filing-kind')).toBe('Some new filing kind');
    expect(describeFiling('legacy', { description: 'Annual return made up to 2009-01-01' })).toBe('Annual return made up to 2009-01-01');
  });

  it('formats ISO dates in words and leaves other text alone', () => {
    expect(longDate('2020-02-29')).toBe('29 February 2020');
    expect(longDate('not a date')).toBe('not a date');
  });
});
