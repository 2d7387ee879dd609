/**
 * How a watchlist names a lender and a person (issue 29 section 3), the same in the API, the web
 * and the terminal: a lender by the key its charges count under (lenderKey, so "BARCLAYS BANK
 * PLC" and "Barclays Bank plc as Security Agent" are one lender), a person by the register's
 * officer id (the `{id}` of `/officers/{id}/appointments`). A person's PSC entries carry no
 * officer id: they are matched by surname, first forename and birth month and year (personKey).
 */
import { lenderKey } from './lenders.js';

const OFFICER_ID = /^[A-Za-z0-9_-]{6,64}$/;

/** The officer id in an id, an appointments link (/officers/{id}/appointments) or its register URL; null otherwise. */
export function officerIdOf(value: string): string | null {
  const text = value.trim();
  const link = /(?:^|\/)officers\/([^/?#]+)(?:\/appointments)?\/?(?:[?#].*)?$/.exec(text);
  const id = link ? link[1] : text;
  return OFFICER_ID.test(id) ? id : null;
}

/** A lender's name as a list holds it (trimmed, at most 160 characters) with its key; null when nothing of it counts. */
export function watchedLender(value: string): { name: string; key: string } | null {
  const name = value.replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > 160 || /\p{Cc}/u.test(name)) return null;
  const key = lenderKey(name);
  return key === '' ? null : { name, key };
}

interface Birth {
  month?: unknown;
  year?: unknown;
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** surname|forename|year-month, or null without a surname, a forename or a birth year and month. */
export function personKey(surname: string, forenames: string, birth: Birth | null | undefined): string | null {
  const year = Number(birth?.year);
  const month = Number(birth?.month);
  const last = fold(surname);
  const first = fold(forenames).split(' ')[0] ?? '';
  if (!last || !first || !Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return null;
  return `${last}|${first}|${year}-${String(month).padStart(2, '0')}`;
}

/** An officer's person key from the register's "SURNAME, Forenames" name. */
export function officerPersonKey(name: string, birth: Birth | null | undefined): string | null {
  const comma = name.indexOf(',');
  return comma < 0 ? null : personKey(name.slice(0, comma), name.slice(comma + 1), birth);
}

/** An individual PSC's person key from its `name_elements` and `date_of_birth`. */
export function pscPersonKey(data: Record<string, unknown>): string | null {
  const parts = (typeof data.name_elements === 'object' && data.name_elements) as Record<string, unknown> | null;
  if (!parts || typeof parts.surname !== 'string' || typeof parts.forename !== 'string') return null;
  return personKey(parts.surname, parts.forename, data.date_of_birth as Birth | null);
}

/** Why an alert reached its user when the company is not on the list itself. */
export const watchedVia = {
  lender: (name: string) => `lender ${name}`,
  person: (name: string) => `person ${name}`,
};
