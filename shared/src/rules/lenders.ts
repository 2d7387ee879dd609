/**
 * Lender names as filed on charges vary in case, punctuation, legal suffix and form ("HSBC UK Bank
 * PLC", "HSBC UK BANK P.L.C.", "Hsbc Uk Bank Plc."; "NatWest" and "National Westminster Bank
 * PLC"; "The Governor and Company of the Bank of Scotland" and "Bank of Scotland plc"; "Lloyds
 * Bank PLC as Security Agent"). The lender key folds those differences so that one lender counts
 * once, in the creditors screener (charge_lenders.lender_key) and in a company's charges panel
 * alike; the raw names stay visible beside it.
 *
 * Every pattern here runs in time linear in the name (no nested or adjacent unbounded repeats).
 */

/**
 * Raised whenever lenderKey() changes what it answers for any name: stored keys computed by an
 * older version are recomputed by the next refresh of the derived tables (lender-keys.ts in api).
 */
export const LENDER_KEY_VERSION = 2;

const LEGAL_SUFFIXES =
  /\s+(?:public limited company|plc|limited|ltd|llp|lp|sa|ag|nv|bv|gmbh|inc|incorporated|corporation|corp|company|co|and)$/;

/**
 * The capacity a lender holds a charge in, or a trading name, after its own name: "as security
 * trustee for the secured parties", "as agent", "in its capacity as security agent", "acting as
 * trustee", "trading as Yorkshire Bank", "t/a ...". Everything from there on is dropped.
 */
const CAPACITY =
  /(?<=[a-z0-9]) (?:(?:in its capacity )?as (?:(?:common|facility|security|collateral|note|bond|debenture|the) ){0,3}(?:trustee|agent|nominee|lender|security holder|chargee)\b|acting (?:as|by|through)\b|(?:for and )?on behalf of\b|trading as\b|t a\b).*$/;

/**
 * Brands and former names of one bank, by their folded key: the key the lender counts under.
 * Only renames of one legal entity and its everyday brand are folded (Lloyds TSB Bank plc became
 * Lloyds Bank plc; Abbey National plc became Santander UK plc; Midland Bank plc became HSBC Bank
 * plc; Yorkshire Bank is a trading name of Clydesdale Bank PLC); ring-fenced banks with names of
 * their own (Barclays Bank UK, HSBC UK Bank) stay apart from their groups' other banks.
 */
const ALIASES: Readonly<Record<string, string>> = {
  natwest: 'national westminster bank',
  'nat west': 'national westminster bank',
  'natwest bank': 'national westminster bank',
  'national westminster': 'national westminster bank',
  rbs: 'royal bank of scotland',
  'royal bank of scotland group': 'royal bank of scotland',
  'lloyds tsb bank': 'lloyds bank',
  'lloyds tsb': 'lloyds bank',
  'abbey national': 'santander uk',
  santander: 'santander uk',
  'midland bank': 'hsbc bank',
  'yorkshire bank': 'clydesdale bank',
  'hsbc bank uk': 'hsbc uk bank',
  bos: 'bank of scotland',
  'bank of scotland group': 'bank of scotland',
};

export function lenderKey(name: string): string {
  let key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\+/g, ' and ')
    // "P.L.C." and "p l c" are one suffix: drop the dots, then join the letters.
    .replace(/\./g, '')
    .replace(/\bp l c\b/g, 'plc')
    .replace(/\([^)]*\)/g, ' ') // "(as security trustee)", "(the)", "(acting through its London branch)"
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  key = key.replace(CAPACITY, '').trim();
  // "The Governor and Company of the Bank of Scotland" is the Bank of Scotland.
  key = key.replace(/^(?:the )?governor and company of /, '').replace(/^the /, '');
  // Strip legal suffixes repeatedly ("limited plc" rarely, "company limited" often, "& Co" too).
  for (let previous = ''; previous !== key;) {
    previous = key;
    key = key.replace(LEGAL_SUFFIXES, '').trim();
  }
  return (ALIASES[key] ?? key).toUpperCase();
}
