/**
 * Finds one companyfacts fact in a filing's inline XBRL and marks it: same concept, a context
 * without segment whose period equals the fact's, the same value as displayed (format, scale,
 * sign). Nested and repeated tags are read by a real parser (htmlparser2's DOM), the first visible
 * copy wins, and a fact only in `ix:hidden` is shown through the visible text that references it
 * (`style="-sec-ix-hidden:<id>"`). The document is then sanitized (see sanitize.ts).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { ixNumber, shiftDecimal } from '../../../core/import/ixbrl-numbers.js';
import { sanitizeDom, type DomNode } from './sanitize.js';

export interface FactToFind {
  concept: string;
  start: string | null;
  end: string;
  value: number;
}

export interface HighlightResult {
  html: string;
  /** The id of the highlighted element (scroll to it); null when the fact was not found. */
  highlightId: string | null;
  /** The text of the row or paragraph the figure sits in. */
  sentence: string | null;
  /** `visible`, `hidden` (shown through a -sec-ix-hidden reference), or `none`. */
  found: 'visible' | 'hidden' | 'none';
  /** Tags of the concept, period and value in the document (repeats count). */
  matches: number;
  inlineXbrl: boolean;
}

type El = DomNode & { name: string; attribs: Record<string, string>; children: DomNode[] };

export const HIGHLIGHT_CLASS = 'credence-highlight';
const HIGHLIGHT_STYLE = `<style>.${HIGHLIGHT_CLASS}{background:#ffe58f;outline:2px solid #d48806;scroll-margin:120px}</style>`;

const local = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
const isEl = (n: DomNode): n is El => n.type === 'tag' || n.type === 'script' || n.type === 'style';
const textOf = (n: DomNode) =>
  DomUtils.textContent(n as never)
    .replace(/\s+/g, ' ')
    .trim();

interface Context {
  start: string | null;
  end: string | null;
  instant: string | null;
  dimensional: boolean;
}

function contextsOf(root: DomNode[]): Map<string, Context> {
  const out = new Map<string, Context>();
  for (const el of DomUtils.findAll((e) => local(e.name) === 'context', root as never) as unknown as El[]) {
    const part = (name: string) => {
      const found = DomUtils.findOne((e) => local(e.name) === name, el.children as never) as unknown as El | null;
      return found ? textOf(found) : null;
    };
    const dimensional = DomUtils.findOne((e) => ['segment', 'scenario'].includes(local(e.name)), el.children as never) !== null;
    if (el.attribs.id) out.set(el.attribs.id, { start: part('startdate'), end: part('enddate'), instant: part('instant'), dimensional });
  }
  return out;
}

function displayedValue(el: El): number | null {
  try {
    const digits = ixNumber(textOf(el), el.attribs.format ?? null);
    if (digits === null) return null;
    const v = shiftDecimal(digits, Number(el.attribs.scale ?? 0) || 0);
    return el.attribs.sign === '-' ? -v : v;
  } catch {
    return null;
  }
}

function hiddenAncestor(el: DomNode): boolean {
  for (let p: DomNode | null = el.parent ?? null; p; p = p.parent ?? null) {
    if (!isEl(p)) continue;
    if (p.name === 'ix:hidden' || p.name === 'ix:header') return true;
    if (/display\s*:\s*none/i.test(p.attribs.style ?? '')) return true;
  }
  return false;
}

function sentenceOf(el: DomNode): string | null {
  for (let p: DomNode | null = el.parent ?? null; p; p = p.parent ?? null) {
    if (isEl(p) && ['tr', 'p', 'li', 'div', 'h1', 'h2', 'h3', 'h4'].includes(p.name)) {
      // A table row reads cell by cell.
      const text = p.name === 'tr' ? p.children.map(textOf).filter(Boolean).join(' ') : textOf(p);
      if (text) return text.length > 400 ? `${text.slice(0, 397)}...` : text;
    }
  }
  return null;
}

function matches(el: El, fact: FactToFind, contexts: Map<string, Context>): boolean {
  const name = (el.attribs.name ?? '').toLowerCase();
  if (name !== fact.concept.toLowerCase() && local(name) !== local(fact.concept)) return false;
  const c = contexts.get(el.attribs.contextref ?? '');
  if (!c || c.dimensional) return false;
  if (fact.start ? c.start !== fact.start || c.end !== fact.end : c.instant !== fact.end) return false;
  const v = displayedValue(el);
  if (v === null) return false;
  return Math.abs(v - fact.value) <= 1e-6 * Math.max(1, Math.abs(fact.value));
}

function mark(el: El, fallbackId: string): string {
  el.attribs.class = `${el.attribs.class ? `${el.attribs.class} ` : ''}${HIGHLIGHT_CLASS}`;
  el.attribs.id ||= fallbackId;
  return el.attribs.id;
}

export function highlightFact(html: string, fact: FactToFind): HighlightResult {
  const doc = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });
  const root = doc.children as unknown as DomNode[];
  const tags = DomUtils.findAll((e) => e.name === 'ix:nonfraction', root as never) as unknown as El[];
  const contexts = contextsOf(root);
  const found = tags.filter((el) => matches(el, fact, contexts));
  let highlightId: string | null = null;
  let sentence: string | null = null;
  let kind: HighlightResult['found'] = 'none';
  const visible = found.find((el) => !hiddenAncestor(el));
  if (visible) {
    highlightId = mark(visible, 'credence-highlight');
    sentence = sentenceOf(visible);
    kind = 'visible';
  } else {
    for (const hidden of found) {
      const id = hidden.attribs.id;
      if (!id) continue;
      const pattern = new RegExp(`-sec-ix-hidden\\s*:\\s*${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|;|$)`, 'i');
      const shown = DomUtils.findOne((e) => pattern.test(e.attribs.style ?? ''), root as never) as unknown as El | null;
      if (shown) {
        highlightId = mark(shown, 'credence-highlight');
        sentence = sentenceOf(shown);
        kind = 'hidden';
        break;
      }
    }
  }
  sanitizeDom(root);
  const body = DomUtils.getOuterHTML(doc as never, { decodeEntities: true });
  return { html: HIGHLIGHT_STYLE + body, highlightId, sentence, found: kind, matches: found.length, inlineXbrl: tags.length > 0 };
}
