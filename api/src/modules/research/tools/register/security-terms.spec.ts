import { describe, it } from 'node:test';
import { expect } from 'expect';
import { isAllAssetsSecurity, securityTerms } from './security-terms.js';

const ids = (charge: Parameters<typeof securityTerms>[0]) => securityTerms(charge).map((t) => t.id);

describe('security terms of a charge', () => {
  it('reads an all-assets debenture from its flags: fixed, floating over everything, a negative pledge', () => {
    const debenture = {
      contains_fixed_charge: true,
      contains_floating_charge: true,
      floating_charge_covers_all: true,
      contains_negative_pledge: true,
    };
    expect(ids(debenture)).toEqual(['fixed-charge', 'floating-charge', 'floating-covers-all', 'negative-pledge']);
    expect(isAllAssetsSecurity(debenture)).toBe(true);
    expect(
      securityTerms(debenture)
        .filter((t) => t.restrictive)
        .map((t) => t.label),
    ).toEqual(['Negative pledge']);
  });

  it('counts a floating charge over all property as floating even when the floating flag is missing', () => {
    expect(ids({ floating_charge_covers_all: true })).toEqual(['floating-charge', 'floating-covers-all']);
    expect(isAllAssetsSecurity({ floating_charge_covers_all: true })).toBe(false);
  });

  it('names the assets its particulars describe', () => {
    expect(
      ids({
        contains_fixed_charge: true,
        particulars_description: 'The freehold property known as Unit 4, Riverside Park, title number WK123456.',
      }),
    ).toEqual(['fixed-charge', 'property']);
    expect(
      ids({ particulars_description: 'All book debts and other debts now and from time to time due or owing to the company.' }),
    ).toEqual(['book-debts']);
    expect(
      ids({ classification_description: 'Chattels mortgage', particulars_description: 'The plant and machinery listed in the schedule.' }),
    ).toEqual(['plant-and-equipment']);
    expect(ids({ particulars_description: 'Rent deposit deed: the deposit account.' })).toEqual(['cash-deposits']);
  });

  it('shows no term the register does not carry (no flags, no particulars)', () => {
    expect(ids({ contains_fixed_charge: false, contains_negative_pledge: false, particulars_description: null })).toEqual([]);
    expect(ids({ particulars_description: 'Contains negative pledge.' })).toEqual([]);
  });
});
