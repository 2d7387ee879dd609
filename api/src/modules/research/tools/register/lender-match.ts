/**
 * A lender named in a question ("HSBC", "Barclays") against the lenders on a company's charges,
 * compared by the creditors screener's lender key: the words of the named key must appear, in
 * order and whole, in the chargeholder's key ("HSBC" finds "HSBC UK BANK", not "HSBCX").
 */
import { lenderKey } from '@credence/shared';

export function lenderMatches(named: string, chargeholderKey: string): boolean {
  const wanted = lenderKey(named);
  if (!wanted) return false;
  return ` ${chargeholderKey} `.includes(` ${wanted} `);
}

/** The chargeholder keys a named lender matches: the one it names exactly, else every one containing its words. */
export function matchLenderKeys(named: string, chargeholderKeys: Iterable<string>): string[] {
  const keys = [...new Set(chargeholderKeys)];
  const wanted = lenderKey(named);
  if (wanted && keys.includes(wanted)) return [wanted];
  return keys.filter((key) => lenderMatches(named, key));
}
