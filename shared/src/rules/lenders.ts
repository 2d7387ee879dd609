/**
 * Lender names as filed on charges vary in case, punctuation and legal suffix ("HSBC UK Bank
 * PLC", "HSBC UK BANK P.L.C.", "Hsbc Uk Bank Plc."). The lender key folds those differences so
 * that one lender counts once; the raw names stay visible beside it.
 */
const LEGAL_SUFFIXES =
  /\s+(?:public limited company|plc|limited|ltd|llp|lp|sa|ag|nv|bv|gmbh|inc|incorporated|corporation|corp|company|co)$/;

export function lenderKey(name: string): string {
  let key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // "P.L.C." and "p l c" are one suffix: drop the dots, then join the letters.
    .replace(/\./g, '')
    .replace(/\bp l c\b/g, 'plc')
    .replace(/\([^)]*\)/g, ' ') // "(as security trustee)", "(the)"
    .replace(/\bas (?:security )?(?:trustee|agent)(?: for .*)?$/, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the\s+/, '');
  // Strip legal suffixes repeatedly ("limited plc" rarely, "company limited" often).
  for (let previous = ''; previous !== key;) {
    previous = key;
    key = key.replace(LEGAL_SUFFIXES, '').trim();
  }
  return key.toUpperCase();
}
