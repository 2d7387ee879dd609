/**
 * The instruments a document defines: facilities and loans named as defined terms (the "Term
 * Facility"), capitalised facility names (Revolving Credit Facility), and notes or bonds by their
 * title (7.125% Senior Secured Notes due 2029). One row each, cited to where it is first named.
 */
import type { TextUnit } from './units.js';

export interface Instrument {
  name: string;
  /** What the documents call it in passing ("the Notes" when a document issues one kind). */
  aliases: string[];
  kind: 'facility' | 'notes';
  first: TextUnit;
  documentId: string;
  fileName: string;
}

const QUOTED = /\(the\s+["“]([A-Z][A-Za-z0-9 -]{1,50}?(?:Facility|Loan|Notes|Bonds))["”]\)/g;
const FACILITY =
  /\b((?:Senior\s+|Super\s+Senior\s+|Secured\s+|Multicurrency\s+)?(?:Term(?:\s+Loan)?(?:\s+[A-E]\d?)?|[Rr]evolving(?:\s+[Cc]redit)?|Bridge|Capex|Acquisition|Incremental|Working\s+Capital|Ancillary)\s+[Ff]acility)\b/g;
const NOTES =
  /\b(\d{1,2}(?:\.\d{1,4})?\s?%\s+(?:(?:Senior|Secured|Unsecured|Subordinated|Second\s+Lien|First\s+Lien|Fixed\s+Rate|Floating\s+Rate|Convertible|Guaranteed)\s+){0,3}(?:Notes|Bonds)(?:\s+due\s+(?:\d{4}|[A-Z][a-z]+\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+[A-Z][a-z]+\s+\d{4}))?)/g;

function clean(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/\s?%/, '%').trim();
}

function key(name: string): string {
  return clean(name).toLowerCase();
}

/** The instruments of one document's units, in the order they are first named. */
export function findInstruments(units: readonly TextUnit[]): Instrument[] {
  const found = new Map<string, Instrument>();
  const add = (raw: string, unit: TextUnit, kind: Instrument['kind']) => {
    const name = clean(raw);
    const k = key(name);
    // "Notes due 2029" and "7.125% Senior Secured Notes due 2029" are one instrument: keep the longer name
    for (const [other, known] of found) {
      if (other.includes(k)) return;
      if (k.includes(other)) {
        found.delete(other);
        found.set(k, { ...known, name, aliases: [...known.aliases, name] });
        return;
      }
    }
    found.set(k, { name, aliases: [name], kind, first: unit, documentId: unit.documentId, fileName: unit.fileName });
  };
  for (const unit of units) {
    for (const m of unit.text.matchAll(QUOTED)) add(m[1]!, unit, /Notes|Bonds/.test(m[1]!) ? 'notes' : 'facility');
    for (const m of unit.text.matchAll(NOTES)) add(m[1]!, unit, 'notes');
    for (const m of unit.text.matchAll(FACILITY)) add(m[1]!, unit, 'facility');
  }
  const instruments = [...found.values()];
  for (const kind of ['notes', 'facility'] as const) {
    const ofKind = instruments.filter((i) => i.kind === kind);
    if (ofKind.length === 1) ofKind[0]!.aliases.push(kind === 'notes' ? (/Bonds/.test(ofKind[0]!.name) ? 'Bonds' : 'Notes') : 'Facility');
  }
  return instruments;
}

/** Whether a unit names the instrument (by name or alias, whole words, any case). */
export function mentions(unit: TextUnit, instrument: Instrument): boolean {
  const text = unit.text.toLowerCase();
  return instrument.aliases.some((alias) => {
    const at = text.indexOf(alias.toLowerCase());
    if (at < 0) return false;
    return !/[a-z]/.test(text.charAt(at + alias.length));
  });
}
