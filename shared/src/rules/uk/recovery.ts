/**
 * Recovery for unsecured creditors (issue 27 §1): an explicit, labelled ESTIMATE at book value.
 * Method: the assets the latest accounts show, less the secured debt (bank loans and overdrafts
 * as the accounts state them, secured by the live charges), set against the liabilities that
 * remain (total liabilities less that secured debt). Book value is an upper bound: assets in an
 * insolvency usually realise less, and preferential creditors, the prescribed part and the costs
 * of the process rank ahead of unsecured creditors. The charges rank fixed before floating, then
 * by creation date (a priority deed, which the register does not show, can change that).
 */
import { chargeCreditors, isActiveCharge } from './charges.js';
import { chargeSecurityType, type DistressCharge } from './distress.js';

export const RECOVERY_METHOD =
  'Estimate at book value: total assets less secured debt (bank loans and overdrafts, secured by the outstanding charges), divided by total liabilities less that secured debt, capped between 0% and 100%. Book value is an upper bound: realisations in an insolvency are usually lower, and preferential creditors, the prescribed part and the costs of the process rank ahead of unsecured creditors.';

export interface RankedCharge {
  rank: number;
  chargeId: string;
  created: string | null;
  type: string;
  holders: string[];
  /** 'fixed' ranks on the assets it charges ahead of any floating charge. */
  tier: 'fixed' | 'floating' | 'negative pledge only' | 'not stated';
}

/** Outstanding charges in the order they would rank: fixed first, then floating, each by creation date. */
export function chargeRanking(charges: readonly DistressCharge[]): RankedCharge[] {
  const tierOf = (c: DistressCharge): RankedCharge['tier'] => {
    if (c.contains_fixed_charge ?? c.particulars?.contains_fixed_charge) return 'fixed';
    if (c.contains_floating_charge ?? c.particulars?.contains_floating_charge) return 'floating';
    if (c.contains_negative_pledge ?? c.particulars?.contains_negative_pledge) return 'negative pledge only';
    return 'not stated';
  };
  const order = { fixed: 0, floating: 1, 'negative pledge only': 2, 'not stated': 3 } as const;
  return charges
    .filter((c) => isActiveCharge(c.status))
    .map((c) => ({ c, tier: tierOf(c) }))
    .sort((a, b) => order[a.tier] - order[b.tier] || (a.c.created_on ?? '9999').localeCompare(b.c.created_on ?? '9999'))
    .map(({ c, tier }, i) => ({
      rank: i + 1,
      chargeId: c.charge_id,
      created: c.created_on ?? null,
      type: chargeSecurityType(c),
      holders: chargeCreditors(c),
      tier,
    }));
}

export interface RecoveryInputs {
  totalAssets: number | null;
  totalLiabilities: number | null;
  /** Bank loans and overdrafts as the accounts state them; null when the accounts do not state them. */
  securedDebt: number | null;
  liveCharges: number;
}

export interface RecoveryEstimate {
  /** Pence in the pound for unsecured creditors at book value, 0..100; null when it cannot be estimated. */
  pencePerPound: number | null;
  assetsAfterSecured: number | null;
  unsecuredLiabilities: number | null;
  /** Whether book value covers the secured debt. */
  securedCovered: boolean | null;
  /** What was missing, in words, when no estimate is possible. */
  missing: string[];
}

export function recoveryEstimate(i: RecoveryInputs): RecoveryEstimate {
  const missing: string[] = [];
  if (i.totalAssets === null) missing.push('total assets');
  if (i.totalLiabilities === null) missing.push('total liabilities');
  // Live charges with no stated borrowings: the secured debt is not known, so no split can be made.
  const secured = i.securedDebt ?? (i.liveCharges === 0 ? 0 : null);
  if (secured === null) missing.push('the secured debt (the accounts state no bank loans or overdrafts, but charges are outstanding)');
  if (missing.length || i.totalAssets === null || i.totalLiabilities === null || secured === null)
    return { pencePerPound: null, assetsAfterSecured: null, unsecuredLiabilities: null, securedCovered: null, missing };
  const after = i.totalAssets - secured;
  const unsecured = i.totalLiabilities - secured;
  const pence = unsecured <= 0 ? 100 : Math.max(0, Math.min(100, (after / unsecured) * 100));
  return {
    pencePerPound: Math.round(pence * 10) / 10,
    assetsAfterSecured: after,
    unsecuredLiabilities: unsecured,
    securedCovered: after >= 0,
    missing: [],
  };
}
