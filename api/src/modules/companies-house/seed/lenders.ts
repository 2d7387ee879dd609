/**
 * Real UK lenders as they appear in charges' "persons entitled" (the clearing banks, the
 * challenger and specialist property banks, the asset-based and invoice finance lenders, the
 * asset finance houses), each with the spelling and case variants real filings have, and the
 * audit firms that sign accounts.
 */
import type { Rng } from '../../../core/random.js';
import { weightedGroups, type Weighted } from '../../../core/random.js';
import type { LenderGroup } from './sectors.js';
// the word lists and tables are data, not code: data/lenders.json (loaded once, with the module)
import LENDER_DATA from './data/lenders.json' with { type: 'json' };

export interface Lender {
  /** The name as usually filed. */
  name: string;
  /** Other spellings of the same lender found on filings (case, punctuation, legal ending). */
  variants: readonly string[];
  /** What it usually takes: debentures and legal charges, or book debts (invoice finance), or assets. */
  style: 'bank' | 'abl' | 'asset';
}

const L = (name: string, variants: string[], style: Lender['style'] = 'bank'): Lender => ({ name, variants, style });

export const LENDERS: Record<LenderGroup, Weighted<Lender>> = weightedGroups(
  LENDER_DATA.LENDERS as Record<LenderGroup, [Parameters<typeof L>, number][]>,
  L,
);

/** The name as filed: usually the standard form, sometimes one of its variants. */
export function filedName(rng: Rng, lender: Lender): string {
  return rng.chance(0.72) || lender.variants.length === 0 ? lender.name : rng.pick(lender.variants);
}

export interface AuditFirm {
  name: string;
  /** Where it signs: "London", or a regional office. */
  offices: readonly string[];
  tier: 'big4' | 'mid' | 'local';
}

const A = (name: string, tier: AuditFirm['tier'], offices: string[]): AuditFirm => ({ name, tier, offices });

export const AUDITORS: Record<AuditFirm['tier'], Weighted<AuditFirm>> = weightedGroups(
  LENDER_DATA.AUDITORS as Record<AuditFirm['tier'], [Parameters<typeof A>, number][]>,
  A,
);
