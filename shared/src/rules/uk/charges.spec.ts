import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  CHARGE_MONTH_MS,
  chargeCreditors,
  chargeDuration,
  chargeDurationMonths,
  chargeStatistics,
  chargeTimelineText,
  chargeType,
  isActiveCharge,
  splitCharges,
  type ChargeInput,
} from './charges.js';

const now = new Date('2024-03-15T00:00:00Z');

describe('isActiveCharge (spec 2 section 4)', () => {
  it('counts everything but fully satisfied as active', () => {
    expect(isActiveCharge('outstanding')).toBe(true);
    expect(isActiveCharge('part-satisfied')).toBe(true);
    expect(isActiveCharge(null)).toBe(true);
    expect(isActiveCharge('something-new')).toBe(true);
    expect(isActiveCharge('fully-satisfied')).toBe(false);
    expect(isActiveCharge(' Fully-Satisfied ')).toBe(false);
    expect(isActiveCharge('satisfied')).toBe(false);
  });
});

describe('chargeDurationMonths', () => {
  it('counts months of 30 days (2592e6 ms)', () => {
    expect(CHARGE_MONTH_MS).toBe(2592e6);
    expect(chargeDurationMonths('2024-01-01', '2024-01-31')).toBe(1);
    expect(chargeDurationMonths('2023-01-01', '2024-01-01')).toBeCloseTo(365 / 30, 10);
    expect(chargeDurationMonths('2024-01-01', '2024-01-01')).toBe(0);
  });

  it('is null for unparsable dates or an end before the start', () => {
    expect(chargeDurationMonths('bad', '2024-01-01')).toBeNull();
    expect(chargeDurationMonths('2024-01-01', null)).toBeNull();
    expect(chargeDurationMonths('2024-02-01', '2024-01-01')).toBeNull();
  });

  it('runs a satisfied charge to satisfied_on and an active one to now', () => {
    expect(chargeDuration({ status: 'fully-satisfied', created_on: '2024-01-01', satisfied_on: '2024-01-31' }, now)).toBe(1);
    expect(chargeDuration({ status: 'fully-satisfied', created_on: '2024-02-14', satisfied_on: null }, now)).toBe(1);
    expect(chargeDuration({ status: 'part-satisfied', created_on: '2024-02-14', satisfied_on: '2024-02-20' }, now)).toBe(1);
  });
});

describe('charge types and creditors', () => {
  it('reads the classification nested or flat', () => {
    expect(chargeType({ classification: { description: 'A registered charge' } })).toBe('A registered charge');
    expect(chargeType({ classification_description: 'Debenture' })).toBe('Debenture');
    expect(chargeType({})).toBe('Unknown');
  });

  it('lists each creditor of a charge once, from persons_entitled or lenders', () => {
    expect(chargeCreditors({ persons_entitled: [{ name: 'HSBC UK Bank PLC' }, { name: 'hsbc uk bank plc' }, { name: ' ' }, {}] })).toEqual([
      'HSBC UK Bank PLC',
    ]);
    expect(chargeCreditors({ lenders: ['Lloyds Bank PLC', null] })).toEqual(['Lloyds Bank PLC']);
    expect(chargeCreditors({ persons_entitled: ['Barclays Bank PLC', null, 'BARCLAYS BANK PLC'] })).toEqual(['Barclays Bank PLC']);
  });
});

describe('chargeStatistics (spec 2 section 2.7)', () => {
  const charges = [
    {
      status: 'outstanding',
      created_on: '2023-03-15',
      classification: { description: 'A registered charge' },
      persons_entitled: [{ name: 'HSBC UK Bank PLC' }],
      particulars: { contains_fixed_charge: true, contains_floating_charge: true, contains_negative_pledge: true },
    },
    {
      status: 'part-satisfied',
      created_on: '2024-02-14',
      classification_description: 'A registered charge',
      persons_entitled: [{ name: 'Lloyds Bank PLC' }, { name: 'HSBC UK BANK PLC' }],
      contains_fixed_charge: true,
    },
    {
      status: 'fully-satisfied',
      created_on: '2010-01-01',
      satisfied_on: '2010-03-02',
      classification: { description: 'Debenture' },
      persons_entitled: [{ name: 'Lloyds Bank PLC' }],
    },
    { status: 'outstanding', created_on: 'not a date', persons_entitled: [{ name: 'Aldermore Bank PLC' }] },
  ];
  const stats = chargeStatistics(charges, now);

  it('counts totals by status, part-satisfied being active', () => {
    expect(stats).toMatchObject({ total: 4, active: 3, satisfied: 1, partSatisfied: 1, outstanding: 2 });
  });

  it('averages durations in 30-day months over charges with a creation date', () => {
    // 366 days (leap year), 30 days and 60 days, each / 30
    expect(stats.averageDurationMonths).toBeCloseTo((366 / 30 + 1 + 2) / 3, 10);
    expect(chargeStatistics([], now).averageDurationMonths).toBeNull();
  });

  it('breaks down types and sorts creditors by count, then name', () => {
    expect(stats.typeBreakdown).toEqual([
      { name: 'A registered charge', count: 2 },
      { name: 'Debenture', count: 1 },
      { name: 'Unknown', count: 1 },
    ]);
    expect(stats.notableCreditors).toEqual([
      { name: 'HSBC UK Bank PLC', count: 2 },
      { name: 'Lloyds Bank PLC', count: 2 },
      { name: 'Aldermore Bank PLC', count: 1 },
    ]);
  });

  it('counts particulars flags, nested or flat', () => {
    expect(stats.particulars).toEqual({ fixedCharge: 2, floatingCharge: 1, negativePledge: 1 });
  });

  it('finds the most recent and the oldest charge by creation date', () => {
    expect(stats.mostRecent?.created_on).toBe('2024-02-14');
    expect(stats.oldest?.created_on).toBe('2010-01-01');
    expect(chargeStatistics([{ created_on: null }], now)).toMatchObject({ mostRecent: null, oldest: null });
  });

  it('splits the tabs by activity', () => {
    const tabs = splitCharges(charges);
    expect([tabs.all.length, tabs.active.length, tabs.satisfied.length]).toEqual([4, 3, 1]);
  });
});

describe('lenders on the charges panel (issue 13)', () => {
  const charge = (created_on: string, ...names: string[]): ChargeInput => ({
    status: 'outstanding',
    created_on,
    persons_entitled: names.map((name) => ({ name })),
  });

  it('counts one lender once across the spellings it was filed under', () => {
    const stats = chargeStatistics([
      charge('2020-01-01', 'National Westminster Bank PLC'),
      charge('2021-01-01', 'NatWest'),
      charge('2022-01-01', 'NATIONAL WESTMINSTER BANK P.L.C. as security trustee'),
      charge('2023-01-01', 'Barclays Bank PLC'),
    ]);
    expect(stats.notableCreditors).toEqual([
      { name: 'National Westminster Bank PLC', count: 3 },
      { name: 'Barclays Bank PLC', count: 1 },
    ]);
    expect(chargeCreditors(charge('2020-01-01', 'Lloyds Bank PLC', 'LLOYDS BANK PLC as agent'))).toEqual(['Lloyds Bank PLC']);
  });

  it('names the lender on the timeline, and leaves no separator dangling when there is none', () => {
    expect(chargeTimelineText(charge('2025-03-24', 'Barclays Bank PLC'))).toBe('24/03/2025 · Barclays Bank PLC');
    expect(chargeTimelineText(charge('2025-03-24', 'HSBC UK Bank PLC', 'Lloyds Bank PLC'))).toBe(
      '24/03/2025 · HSBC UK Bank PLC and 1 more',
    );
    expect(chargeTimelineText(charge('2025-03-24'))).toBe('24/03/2025');
    expect(chargeTimelineText(null)).toBe('N/A');
  });
});
