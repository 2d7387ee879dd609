/**
 * Reading one column of one instrument's row from its document's units: each column kind has a
 * pattern for the value and the words that say the unit is about that term (in the unit, or in
 * the heading or definition just before it on the same page). A unit that names the instrument
 * wins; one that names only another instrument of the document loses. Nothing found: null (the
 * cell says so rather than guess).
 */
import type { Instrument } from './instruments.js';
import { mentions } from './instruments.js';
import {
  AMOUNT,
  AMOUNT_WORDS,
  BASE_RATE_ADD_ON,
  BORROWER_ROLES,
  COVENANT_WORDS,
  DATE,
  MATURITY_WORDS,
  PARTY_PATTERNS,
  RANKING_WORDS,
  RATE,
  RATE_WORDS,
  RATIO,
  SECURITY_WORDS,
  dateValue,
} from './patterns.js';

const MATURITY_DATE = new RegExp(`\\b(?:expir\\w*|matur\\w*|terminat\\w*|due)\\s+(?:in\\s+|on\\s+)?(${DATE.source})`, 'gi');
import type { TextUnit } from './units.js';

export type FieldKind =
  'instrument' | 'borrower' | 'parties' | 'amount' | 'margin' | 'maturity' | 'security' | 'covenants' | 'ranking' | 'custom';

/** Which reader a column's name asks for (the defaults and what analysts call them). */
const KINDS: [RegExp, FieldKind][] = [
  [/instrument|facility|tranche|\bloan\b/i, 'instrument'],
  [/covenant|leverage|\bcover\b|coverage/i, 'covenants'],
  [/borrower|issuer|obligor/i, 'borrower'],
  [/lender|agent|trustee|arranger|bookrunner/i, 'parties'],
  [/amount|size|principal|commitment|notional/i, 'amount'],
  [/margin|coupon|interest|spread|pricing/i, 'margin'],
  [/maturity|termination|tenor|final repayment/i, 'maturity'],
  [/security|collateral|guarantee/i, 'security'],
  [/ranking|seniority|priority/i, 'ranking'],
];

export function fieldKind(column: string): FieldKind {
  return KINDS.find(([re]) => re.test(column))?.[1] ?? 'custom';
}

export interface FieldValue {
  text: string;
  unit: TextUnit;
}

/** The units before this one on its page (a heading or a definition's lead-in). */
function context(units: readonly TextUnit[], unit: TextUnit, span = 2): string {
  const out: string[] = [];
  for (let i = unit.index - 1; i >= 0 && out.length < span; i--) {
    const u = units[i];
    if (!u || u.page !== unit.page || u.documentId !== unit.documentId) break;
    out.push(u.text);
  }
  return out.join(' ');
}

/** Where the unit last names the instrument (by any of its names), or -1. */
function lastMention(text: string, instrument: Instrument): number {
  const lower = text.toLowerCase();
  return Math.max(...instrument.aliases.map((alias) => lower.lastIndexOf(alias.toLowerCase())));
}

type Reader = (unit: TextUnit, before: string, instrument: Instrument) => { value: string; strength: number } | null;

function valued(pattern: RegExp, words: RegExp, unit: TextUnit, before: string): { value: string; strength: number } | null {
  const m = pattern.exec(unit.text);
  if (!m) return null;
  const strength = words.test(unit.text) ? 3 : words.test(before) ? 2 : 0;
  return strength ? { value: m[0].trim(), strength } : null;
}

function clause(words: RegExp, bonus?: RegExp): Reader {
  return (unit) => (words.test(unit.text) ? { value: unit.text, strength: 2 + (bonus?.test(unit.text) ? 1 : 0) } : null);
}

const READERS: Partial<Record<FieldKind, Reader>> = {
  amount: (unit, before, instrument) => {
    const all = [...unit.text.matchAll(new RegExp(AMOUNT.source, 'g'))];
    if (!all.length) return null;
    // "amended its $2.25 billion facility ... to a $3.75 billion revolving credit facility": the amount
    // set just before the instrument's last naming in the sentence, else the first
    const named = lastMention(unit.text, instrument);
    const nearBefore = named < 0 ? [] : all.filter((m) => m.index + m[0].length <= named && named - (m.index + m[0].length) <= 60);
    const m = nearBefore.at(-1) ?? all[0]!;
    return { value: m[0].trim(), strength: AMOUNT_WORDS.test(unit.text) || AMOUNT_WORDS.test(before) ? 2 : 1 };
  },
  margin: (unit, before) => {
    const strength = RATE_WORDS.test(unit.text) ? 3 : RATE_WORDS.test(before) ? 2 : 0;
    if (!strength) return null;
    // the first rate that is not a base rate's add-on ("the federal funds rate plus 0.50%")
    const rate = new RegExp(RATE.source, 'gi');
    for (const m of unit.text.matchAll(rate))
      if (!BASE_RATE_ADD_ON.test(unit.text.slice(Math.max(0, m.index - 120), m.index))) return { value: m[0].trim(), strength };
    return null;
  },
  maturity: (unit, before) => {
    const found = valued(DATE, MATURITY_WORDS, unit, before);
    if (!found) return null;
    // "amended ... expiring in August 2019 to a facility expiring in March 2021": the date a maturity word
    // introduces, the latest when the sentence restates it; not the date of the amendment
    const stated = [...unit.text.matchAll(MATURITY_DATE)].map((m) => m[1]!.trim());
    const latest = stated.sort((a, b) => (dateValue(b) ?? 0) - (dateValue(a) ?? 0))[0];
    return latest ? { value: latest, strength: found.strength } : found;
  },
  security: clause(SECURITY_WORDS, /^security\b/i),
  covenants: clause(COVENANT_WORDS, RATIO),
  ranking: clause(RANKING_WORDS, /^ranking\b/i),
};

function pick(
  units: readonly TextUnit[],
  instrument: Instrument,
  others: readonly Instrument[],
  read: Reader,
  namedOnly = false,
): FieldValue | null {
  let best: { score: number; value: FieldValue } | null = null;
  for (const unit of units) {
    const before = context(units, unit);
    const found = read(unit, before, instrument);
    if (!found) continue;
    const own = mentions(unit, instrument);
    const other = others.some((o) => mentions(unit, o));
    const ownBefore = !own && !other && before && mentions({ ...unit, text: before }, instrument);
    // in a filing that lists its debt, a term is read only where its instrument is named: never a nearby paragraph
    if (namedOnly && !own && !ownBefore) continue;
    const score = found.strength * 2 + (own ? 4 : 0) - (other && !own ? 6 : 0) + (ownBefore ? 2 : 0);
    if (score > 0 && (!best || score > best.score)) best = { score, value: { text: found.value, unit } };
  }
  return best?.value ?? null;
}

/** Every "name (role)" the document states, the roles of one name joined. */
function parties(units: readonly TextUnit[], wanted: (role: string) => boolean): { names: Map<string, string[]>; unit: TextUnit | null } {
  const names = new Map<string, string[]>();
  let first: TextUnit | null = null;
  for (const unit of units)
    for (const { re, name, role, role2 } of PARTY_PATTERNS)
      for (const m of unit.text.matchAll(re)) {
        const who = m[name]!.replace(/\s+/g, ' ').trim();
        const roles = typeof role === 'string' ? [role] : [m[role], role2 ? m[role2] : undefined].filter((r): r is string => Boolean(r));
        for (const r of roles.filter(wanted)) {
          const list = names.get(who) ?? [];
          if (!list.includes(r)) list.push(r);
          names.set(who, list);
          first ??= unit;
        }
      }
  return { names, unit: first };
}

function borrower(units: readonly TextUnit[], instrument: Instrument): FieldValue | null {
  const { names, unit } = parties(units, (r) => BORROWER_ROLES.test(r));
  if (!unit) return null;
  const preferred = instrument.kind === 'notes' ? 'Issuer' : 'Borrower';
  const entries = [...names.entries()];
  const chosen = entries.find(([, roles]) => roles.includes(preferred)) ?? entries[0]!;
  return { text: chosen[0], unit: units.find((u) => u.text.includes(chosen[0])) ?? unit };
}

function lendersAndAgents(units: readonly TextUnit[]): FieldValue | null {
  const { names, unit } = parties(units, (r) => !BORROWER_ROLES.test(r));
  if (!unit) return null;
  const text = [...names.entries()].map(([who, roles]) => `${who} (${roles.join(' and ')})`).join('; ');
  return { text, unit };
}

const STOP = new Set(['the', 'of', 'and', 'or', 'a', 'an', 'to', 'in', 'for', 'on', 'by', 'with', 'any', 'each', 'what', 'which']);
const SYNONYMS: Record<string, string[]> = {
  governing: ['governed'],
  law: ['laws'],
  default: ['defaults'],
  call: ['redemption', 'redeem'],
  prepayment: ['prepay', 'repay'],
};

/** A column no reader knows: the unit holding most of its words (all of them for a one-word name). */
function byWords(
  units: readonly TextUnit[],
  instrument: Instrument,
  others: readonly Instrument[],
  column: string,
  namedOnly: boolean,
): FieldValue | null {
  const words = column
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));
  if (!words.length) return null;
  // every word of a short name ("Governing law" is not any paragraph about governance), most of a long one
  const need = words.length <= 3 ? words.length : Math.ceil((words.length * 2) / 3);
  const read: Reader = (unit) => {
    const text = unit.text.toLowerCase();
    const hits = words.filter((w) => [w, ...(SYNONYMS[w] ?? [])].some((form) => new RegExp(`\\b${form}`).test(text))).length;
    return hits >= need ? { value: unit.text, strength: hits } : null;
  };
  return pick(units, instrument, others, read, namedOnly);
}

/**
 * One column's value for one instrument, from its document's units, or null when the documents do not state it.
 * `namedOnly`: only units that name the instrument (a filing with a debt table, where a term sheet's
 * unnamed "Margin: 3.75%" would be another instrument's or none).
 */
export function readField(
  units: readonly TextUnit[],
  instrument: Instrument,
  others: readonly Instrument[],
  column: string,
  namedOnly = false,
): FieldValue | null {
  const kind = fieldKind(column);
  if (kind === 'instrument') return { text: instrument.name, unit: instrument.first };
  if (kind === 'borrower') return borrower(units, instrument);
  if (kind === 'parties') return lendersAndAgents(units);
  const reader = READERS[kind];
  const found = reader ? pick(units, instrument, others, reader, namedOnly) : byWords(units, instrument, others, column, namedOnly);
  if (found && kind === 'covenants') {
    // the other covenants stated beside it on the same page
    const more = units.filter((u) => u.page === found.unit.page && u !== found.unit && COVENANT_WORDS.test(u.text) && RATIO.test(u.text));
    return { ...found, text: [found.text, ...more.slice(0, 2).map((u) => u.text)].join(' ') };
  }
  return found;
}
