/**
 * SEC identifiers and addresses: CIKs come as integers in most files and zero-padded strings in
 * some; a filing's address uses the CIK without zeros and the accession without dashes.
 */

/**
 * The largest CIK Credence holds. The SEC writes CIKs in ten digits, but assigns them in sequence
 * (about two million by the mid-2020s); they are stored as PostgreSQL `integer`, so 2^31 - 1 is the ceiling
 * (see docs/decisions.md). A larger number is no CIK of any company we can hold.
 */
export const MAX_CIK = 2_147_483_647;

/** A CIK from a number or a digit string (padded or not); null when it is not one (or above MAX_CIK). */
export function parseCik(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= MAX_CIK ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/^CIK/i, '');
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && n <= MAX_CIK ? n : null;
}

/** The 10-digit form the SEC's file names and data APIs use. */
export function paddedCik(cik: number | string): string {
  return String(cik).padStart(10, '0');
}

/** `0000320193-23-000106`: ten digits, two, six. */
export function isAccession(value: string): boolean {
  return /^\d{10}-\d{2}-\d{6}$/.test(value);
}

/** https://www.sec.gov/Archives/edgar/data/<cik>/<accession without dashes>/<primaryDocument> */
export function secFilingUrl(cik: number | string, accession: string, primaryDocument?: string | null): string {
  const base = `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accession.replace(/-/g, '')}`;
  return primaryDocument ? `${base}/${primaryDocument}` : `${base}/${accession}-index.htm`;
}

/** The SEC's SIC divisions, the sector a company's SIC code falls in. */
const SIC_DIVISIONS: [number, number, string][] = [
  [100, 999, 'Agriculture, Forestry and Fishing'],
  [1000, 1499, 'Mining'],
  [1500, 1799, 'Construction'],
  [2000, 3999, 'Manufacturing'],
  [4000, 4999, 'Transportation, Communications and Utilities'],
  [5000, 5199, 'Wholesale Trade'],
  [5200, 5999, 'Retail Trade'],
  [6000, 6799, 'Finance, Insurance and Real Estate'],
  [7000, 8999, 'Services'],
  [9100, 9729, 'Public Administration'],
  [9900, 9999, 'Nonclassifiable'],
];

export function sicSector(sic: string | number | null | undefined): string | null {
  const n = Number(sic);
  if (sic === null || sic === undefined || sic === '' || !Number.isInteger(n)) return null;
  return SIC_DIVISIONS.find(([lo, hi]) => n >= lo && n <= hi)?.[2] ?? null;
}
