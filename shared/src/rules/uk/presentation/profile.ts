/** The company profile's address, SIC and registry link as the web and the terminal show them (spec 2 2.5, 3.2). */
import { SIC_CODES } from '../sic-codes.js';

function jsonObject(text: string | null | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/**
 * The registered address (JSON text, spec 2 3.2) on lines, in the order Companies House prints it:
 * care of, PO box, the two address lines, town, county, country, postcode. An address that is not
 * JSON is shown as written; a missing one gives no lines.
 */
export function addressLines(registeredAddress: string | null | undefined): string[] {
  if (!registeredAddress || registeredAddress.trim() === '') return [];
  const a = jsonObject(registeredAddress);
  if (!a) return [registeredAddress.trim()];
  const careOf = text(a.CareOf);
  const poBox = text(a.POBox);
  return [
    careOf ? `c/o ${careOf}` : null,
    poBox ? `PO Box ${poBox}` : null,
    ...['AddressLine1', 'AddressLine2', 'PostTown', 'County', 'Country', 'PostCode'].map((key) => text(a[key])),
  ].filter((line): line is string => line !== null);
}

/** The address on one line ("1 High Street, Leeds, England, LS1 4AB"), or null without one. */
export function addressLine(registeredAddress: string | null | undefined): string | null {
  const lines = addressLines(registeredAddress);
  return lines.length > 0 ? lines.join(', ') : null;
}

/**
 * Every SIC code of the company as "62012 - Business and domestic software development": the
 * register's texts (company_metadata SICCode.SicText_1 to _4, in order), else the codes with
 * their SIC 2007 descriptions. A company has up to four; all are shown.
 */
export function sicLines(companyMetadata: string | null | undefined, sicCodes: readonly string[] = []): string[] {
  const meta = jsonObject(companyMetadata) ?? {};
  const texts = Object.keys(meta)
    .filter((key) => /^SICCode\.SicText_\d+$/.test(key))
    .sort((a, b) => Number(a.split('_')[1]) - Number(b.split('_')[1]))
    .map((key) => text(meta[key]))
    .filter((line): line is string => line !== null);
  if (texts.length > 0) return texts;
  return sicCodes.map((code) => {
    const description = SIC_CODES.get(code);
    return description ? `${code} - ${description}` : code;
  });
}

/** The official registry (Companies House's find-and-update service). */
export const COMPANIES_HOUSE_URL = 'https://find-and-update.company-information.service.gov.uk';

/** A company's filing history on the registry (the overview header's link, spec 2 2.5; opens in a new tab). */
export function registryFilingHistoryUrl(companyNumber: string): string {
  return `${COMPANIES_HOUSE_URL}/company/${encodeURIComponent(companyNumber)}/filing-history`;
}

/** A registry path ("/officers/.../appointments" from an officer's links) as a full address; absolute addresses stay. */
export function registryUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${COMPANIES_HOUSE_URL}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** A charge's page on the registry (the charges panel's link, spec 2 2.7). */
export function registryChargeUrl(companyNumber: string, chargeId: string): string {
  return `${COMPANIES_HOUSE_URL}/company/${encodeURIComponent(companyNumber)}/charges/${encodeURIComponent(chargeId)}`;
}
