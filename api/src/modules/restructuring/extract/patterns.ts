/**
 * The patterns credit documents state their terms in: amounts with a currency, rates, dates, the
 * parties' names with their roles, and the wording of security, covenants and ranking.
 */
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const CURRENCY = '(?:EUR|USD|GBP|CHF|SEK|NOK|JPY|US\\$|€|\\$|£)';

export const AMOUNT = new RegExp(
  `${CURRENCY}\\s?\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?(?:\\s?(?:million|billion|m|bn)\\b)?|${CURRENCY}\\s?\\d+(?:\\.\\d+)?\\s?(?:million|billion|m|bn)\\b|\\d{1,3}(?:,\\d{3})+\\s(?:EUR|USD|GBP|euros|dollars|pounds)`,
);
export const AMOUNT_WORDS =
  /aggregate (?:principal |nominal )?amount|principal amount|commitments?\b|facility amount|in an amount|amount:|size:|issue size|offering of|total (?:facility|commitments)/i;

export const RATE = /\d{1,2}(?:\.\d{1,4})?\s?(?:%|per cent\.?)(?:\s?per annum)?|\d{2,4}\s?(?:bps|basis points)/i;
export const RATE_WORDS = /\bmargin\b|\bcoupon\b|interest (?:at|rate)|bear interest|\bspread\b|\bpricing\b/i;
/** A base rate's definition adds to another benchmark ("the federal funds rate plus 0.50%"): that add-on is not the margin. */
export const BASE_RATE_ADD_ON =
  /(?:federal funds|fed funds|prime rate|base rate|one-month (?:libor|term sofr|eurodollar)|overnight bank funding)[^.;]{0,60}?(?:plus|\+)\s*$/i;

export const DATE = new RegExp(
  `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\s+\\d{4}\\b|\\b${MONTH}\\s+\\d{1,2},\\s+\\d{4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b${MONTH}\\s+\\d{4}\\b`,
);
export const MATURITY_WORDS =
  /termination date|maturity date|final maturity|will mature|\bmatures?\b|mature on|repaid in full|final repayment date|maturity:|redemption date|\bexpir(?:es|ing|y)\b/i;

export const SECURITY_WORDS =
  /secured (?:by|on)\b|\bsecurity:|share pledges?|charges? over|\bcollateral\b|guaranteed by|\bunsecured\b|security package/i;
export const COVENANT_WORDS =
  /shall not exceed|shall not be (?:less|more) than|at least \d|leverage ratio|interest cover|fixed charge coverage|debt service cover|net debt to ebitda|financial covenants?|maintenance covenant|incurrence/i;
export const RATIO = /\d+(?:\.\d+)?\s?(?::\s?1\b|x\b|to 1\b)/i;
export const RANKING_WORDS =
  /\brank(?:s)?\s+(?:pari passu|senior|junior|ahead|behind|equally|first|second)|pari passu|\branking:|subordinated to|senior (?:secured |unsecured )?obligations/i;

const ENTITY =
  "((?:[A-Z][A-Za-z0-9&'.-]*\\s+){0,8}(?:LIMITED|Limited|Ltd\\.?|PLC|plc|LLC|L\\.L\\.C\\.|Inc\\.?|S\\.A\\.|S\\.à\\s?r\\.l\\.|GmbH|B\\.V\\.|N\\.V\\.|AG|LLP|LP|L\\.P\\.|Corporation|Corp\\.?|SE|S\\.p\\.A\\.|N\\.A\\.|Bank)(?![A-Za-z]))";
const ROLE =
  '((?:Facility |Security |Administrative |Note |Notes |Collateral |Mandated Lead |Original |Global )?(?:Agent|Trustee|Arrangers?|Lenders?|Borrower|Issuer|Obligors?|Company|Guarantors?))';

/** "X as Agent", "X (the "Issuer")", "Trustee: X", ""Borrower" means X", "arranged by X". */
export const PARTY_PATTERNS: readonly { re: RegExp; name: number; role: number | string; role2?: number }[] = [
  { re: new RegExp(`${ENTITY}\\s+(?:as\\s+(?:the\\s+)?${ROLE}(?:\\s+and\\s+${ROLE})?)`, 'g'), name: 1, role: 2, role2: 3 },
  { re: new RegExp(`${ENTITY},?\\s+\\(the\\s+["“]${ROLE}["”]\\)`, 'g'), name: 1, role: 2 },
  { re: new RegExp(`\\b${ROLE}:\\s+${ENTITY}`, 'g'), name: 2, role: 1 },
  { re: new RegExp(`["“]${ROLE}["”]\\s+means\\s+${ENTITY}`, 'g'), name: 2, role: 1 },
  { re: new RegExp(`\\barranged by\\s+${ENTITY}`, 'g'), name: 1, role: 'Arranger' },
  { re: new RegExp(`\\bissued by\\s+${ENTITY}`, 'g'), name: 1, role: 'Issuer' },
];

export const BORROWER_ROLES = /^(?:Borrower|Issuer|Obligors?|Company)$/;

/** A date as text in the documents, as a time (for ordering maturities), or null. */
export function dateValue(text: string): number | null {
  const t = Date.parse(text.replace(/(\d)(?:st|nd|rd|th)/, '$1'));
  return Number.isFinite(t) ? t : null;
}
