/**
 * A company's status as the web and the terminal show it (spec 2 2.5 badge colours; issue 13
 * section 5: distress is unmissable). Statuses arrive in the bulk product's words ("In
 * Administration", "Live but Receiver Manager on at least one charge") or the Companies House
 * API's enumeration ("administration", "voluntary-arrangement"); both read the same here.
 */

/** The Companies House API's company_status values in the words of its bulk product (BasicCompanyData CompanyStatus). */
export const COMPANY_STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'Active',
  dissolved: 'Dissolved',
  liquidation: 'Liquidation',
  receivership: 'Receivership',
  'converted-closed': 'Converted / Closed',
  'voluntary-arrangement': 'Voluntary Arrangement',
  'insolvency-proceedings': 'Insolvency Proceedings',
  administration: 'In Administration',
  open: 'Open',
  closed: 'Closed',
  registered: 'Registered',
  removed: 'Removed',
};

/** What a missing status reads as. */
export const UNKNOWN_STATUS = 'Unknown';

/** The status as shown: the register's words ("In Administration" for "administration"); "Unknown" when missing. */
export function companyStatusLabel(status: string | null | undefined): string {
  const text = (status ?? '').trim();
  if (text === '') return UNKNOWN_STATUS;
  return COMPANY_STATUS_WORDS[text.toLowerCase()] ?? text;
}

/**
 * The badge's tone: active, dissolved (closed, removed, converted), insolvency (every distress
 * status: liquidation, administration, receivership, voluntary arrangement, insolvency
 * proceedings), warning (a proposal to strike off) or other.
 */
export type CompanyStatusTone = 'active' | 'dissolved' | 'insolvency' | 'warning' | 'other';
export type ToneColour = 'green' | 'grey' | 'yellow' | 'red';

/**
 * The colour of each tone, for the web's badge and the terminal's text alike: spec 2 2.5 says
 * active green, dissolved grey, liquidation yellow, other grey; every insolvency status reads as
 * liquidation does, and a proposal to strike off is a warning too. The red is the distress banner's.
 */
export const STATUS_TONE_COLOURS: Readonly<Record<CompanyStatusTone, ToneColour>> = {
  active: 'green',
  dissolved: 'grey',
  insolvency: 'yellow',
  warning: 'yellow',
  other: 'grey',
};

const words = (status: string | null | undefined) =>
  (status ?? '')
    .toLowerCase()
    .replace(/[-_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function companyStatusTone(status: string | null | undefined): CompanyStatusTone {
  if (companyDistress(status)) return 'insolvency';
  const s = words(status);
  if (s === 'active' || s === 'open' || s === 'registered') return 'active';
  if (/strike off/.test(s)) return 'warning';
  if (/dissolved|closed|removed/.test(s)) return 'dissolved';
  return 'other';
}

export type DistressKind = 'liquidation' | 'administration' | 'receivership' | 'voluntary-arrangement' | 'insolvency-proceedings';

export interface CompanyDistress {
  kind: DistressKind;
  /** The banner's words beside the company name: "In administration". */
  title: string;
  /** The banner's second line: what the register says and what it means. */
  text: string;
}

const DISTRESS: ReadonlyArray<{ kind: DistressKind; test: RegExp; title: string; meaning: string }> = [
  { kind: 'liquidation', test: /liquidat/, title: 'In liquidation', meaning: 'the company is being wound up' },
  {
    kind: 'administration',
    test: /\badministration\b/,
    title: 'In administration',
    meaning: 'an administrator runs the company for its creditors',
  },
  {
    kind: 'receivership',
    test: /receiver/,
    title: 'In receivership',
    meaning: 'a receiver has been appointed over some or all of its assets',
  },
  {
    kind: 'voluntary-arrangement',
    test: /voluntary arrangement/,
    title: 'Voluntary arrangement',
    meaning: 'the company has a formal arrangement with its creditors',
  },
  { kind: 'insolvency-proceedings', test: /insolven/, title: 'Insolvency proceedings', meaning: 'insolvency proceedings are open' },
];

/**
 * Whether the status is one of insolvency (liquidation, administration, receivership, a voluntary
 * arrangement, insolvency proceedings) and the red banner's words; null for every other status.
 * A dissolved company is not in distress any more (it is gone), and neither is a voluntary strike-off.
 */
export function companyDistress(status: string | null | undefined): CompanyDistress | null {
  const s = words(status);
  if (s === '' || /^dissolved/.test(s)) return null;
  const found = DISTRESS.find((d) => d.test.test(s));
  if (!found) return null;
  return {
    kind: found.kind,
    title: found.title,
    text: `Companies House status: ${companyStatusLabel(status)}. ${found.meaning[0].toUpperCase()}${found.meaning.slice(1)}.`,
  };
}
