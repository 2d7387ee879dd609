/**
 * What a charge secures and restricts, in the analyst's words, from the register's flags
 * (fixed, floating, negative pledge, floating charge covers all) and the particulars as filed.
 * Only what the register shows: a covenant's level (a leverage or cover test) is never on it.
 */
export interface ChargeFlags {
  contains_fixed_charge?: boolean | null;
  contains_floating_charge?: boolean | null;
  contains_negative_pledge?: boolean | null;
  floating_charge_covers_all?: boolean | null;
  classification_description?: string | null;
  particulars_description?: string | null;
}

export type SecurityTermId =
  | 'fixed-charge'
  | 'floating-charge'
  | 'floating-covers-all'
  | 'negative-pledge'
  | 'property'
  | 'book-debts'
  | 'intellectual-property'
  | 'plant-and-equipment'
  | 'shares'
  | 'cash-deposits';

export interface SecurityTerm {
  id: SecurityTermId;
  label: string;
  /** Restrictive terms limit what the company may do (a negative pledge); the rest say what is secured. */
  restrictive: boolean;
}

export const SECURITY_TERM_LABELS: Readonly<Record<SecurityTermId, string>> = {
  'fixed-charge': 'Fixed charge',
  'floating-charge': 'Floating charge',
  'floating-covers-all': 'Floating charge over all the property and undertaking',
  'negative-pledge': 'Negative pledge',
  property: 'Legal charge over property',
  'book-debts': 'Book debts and receivables',
  'intellectual-property': 'Intellectual property',
  'plant-and-equipment': 'Plant, machinery and equipment',
  shares: 'Shares and investments',
  'cash-deposits': 'Cash deposits',
};

/** Assets named in the particulars (all linear-time patterns). */
const ASSET_PATTERNS: ReadonlyArray<[SecurityTermId, RegExp]> = [
  ['property', /\b(?:legal (?:mortgage|charge)|freehold|leasehold|land (?:and|&) buildings|property known as|title (?:no|number)\b)/i],
  ['book-debts', /\b(?:book debts|receivables|invoices?|debts (?:now|due|owing))\b/i],
  ['intellectual-property', /\b(?:intellectual property|trade ?marks?|patents?|copyrights?)\b/i],
  ['plant-and-equipment', /\b(?:plant|machinery|equipment|chattels|vehicles?)\b/i],
  ['shares', /\b(?:shares|securities|investments)\b/i],
  ['cash-deposits', /\b(?:deposit account|cash deposit|credit balances?|rent deposit)\b/i],
];

const term = (id: SecurityTermId): SecurityTerm => ({ id, label: SECURITY_TERM_LABELS[id], restrictive: id === 'negative-pledge' });

/** The terms of one charge, flags first, then the assets its particulars name. */
export function securityTerms(charge: ChargeFlags): SecurityTerm[] {
  const ids: SecurityTermId[] = [];
  if (charge.contains_fixed_charge) ids.push('fixed-charge');
  if (charge.contains_floating_charge || charge.floating_charge_covers_all) ids.push('floating-charge');
  if (charge.floating_charge_covers_all) ids.push('floating-covers-all');
  if (charge.contains_negative_pledge) ids.push('negative-pledge');
  const text = `${charge.classification_description ?? ''} ${charge.particulars_description ?? ''}`;
  for (const [id, pattern] of ASSET_PATTERNS) if (pattern.test(text)) ids.push(id);
  return ids.map(term);
}

/** An all-assets debenture: fixed and floating, the floating charge over everything. */
export function isAllAssetsSecurity(charge: ChargeFlags): boolean {
  return Boolean(charge.contains_fixed_charge && charge.floating_charge_covers_all);
}
