/**
 * What a question about documents asks, for search and for the answer: the line items it names
 * (by any of their printed names), a metric it defines, the years, whether it wants a figure or
 * a change, and the other words it searches for.
 */
import { definedMetric, FINANCE_TERMS, termByKey, type DefinedMetric, type FinanceTerm, type Statement } from './finance-terms.js';

export interface QuestionTerms {
  /** Line items named, in the order the question names them. */
  terms: FinanceTerm[];
  /** The name the question gave each line item (term key → phrase), as statements may print it. */
  asked: Record<string, string>;
  metric: DefinedMetric | null;
  /** Years named, as written ("2019"), in the question's order. */
  years: string[];
  wantsFigure: boolean;
  /** "growth", "increase", "change": the answer compares two periods. */
  wantsChange: boolean;
  /** Other content words (not line items, years or filler). */
  words: string[];
  /** A statement the question names ("rely on the cash flow statement"). */
  statements: Statement[];
  /** The cumulative column of an interim table (nine months, twelve months, year to date) rather than the quarter's. */
  cumulative: boolean;
  /** The question asks why or what drove something: prose answers it before figures. */
  explanatory: boolean;
}

const NAMED_STATEMENTS: [RegExp, Statement][] = [
  [/cash[- ]flows? statement|statements? of cash flows?/, 'cash'],
  [/income statement|statements? of (?:operations|income|earnings)|p&l|profit and loss/, 'income'],
  [/balance sheet|statements? of financial position/, 'balance'],
];
const CUMULATIVE =
  /\b(?:nine|six|twelve) months\b|\byear[- ]to[- ]date\b|\bytd\b|\bfirst (?:half|nine months)\b|\bfull[- ]year\b|\bfiscal year\b/;
const EXPLANATORY = /\b(?:why|drove|drive[ns]?|drivers?|caused?|reasons?|explain\w*|factors?|contribut\w*|due to)\b/;

const STOP = new Set(
  (
    'a an the and or of in on at to for from by with about as is are was were be been being do does did what which who whom whose when where why how ' +
    'this that these those it its their there here me my we our you your i please tell show give find list describe explain say says said ' +
    'document documents pdf pdfs file files uploaded upload report reports company companys page pages according much many any all each ' +
    'total amount figure value year years fiscal fy during ended ending period than then also into over under between per can could would should will ' +
    'have has had get got give gave make made use used using based rely relying shown details response round rounded answer decimal places ' +
    'usd dollars millions billions thousands million billion thousand statement statements sheet end latest current reported report'
  ).split(' '),
);
const CHANGE = /\b(growth|grow|grew|increase[sd]?|decrease[sd]?|decline[sd]?|change[sd]?|compared|versus|vs\.?|year[- ]over[- ]year|yoy)\b/;
const FIGURE_WORDS =
  /\b(how much|how many|what (?:was|were|is|are) (?:the )?(?:total|amount|value)|amount|figure|\$|£|€|margin|ebitda|growth)\b/;

/** Phrases of every term, longest first, so "total net sales" wins over "sales". */
const PHRASES = FINANCE_TERMS.flatMap((term) => term.phrases.map((phrase) => ({ phrase, term }))).sort(
  (a, b) => b.phrase.length - a.phrase.length,
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function questionTerms(question: string): QuestionTerms {
  let rest = ` ${question.toLowerCase().replace(/[’']/g, "'")} `;
  const found: { at: number; term: FinanceTerm; phrase: string }[] = [];
  for (const { phrase, term } of PHRASES) {
    const match = new RegExp(`(?<![a-z&])${escape(phrase)}(?![a-z&])`).exec(rest);
    if (!match) continue;
    if (!found.some((f) => f.term === term)) found.push({ at: match.index, term, phrase });
    rest = rest.slice(0, match.index) + ' '.repeat(phrase.length) + rest.slice(match.index + phrase.length);
  }
  const metric = definedMetric(question);
  const terms = found.sort((a, b) => a.at - b.at).map((f) => f.term);
  if (metric) {
    for (const key of metric.kind === 'margin' ? [...metric.inputs, 'revenue'] : metric.inputs)
      if (!terms.some((t) => t.key === key)) terms.push(termByKey(key));
  }
  const years = [...question.matchAll(/\b(?:fy\s?)?((?:19|20)\d{2})\b/gi)].map((m) => m[1]);
  rest = rest.replace(/\b(?:fy\s?)?(?:19|20)\d{2}\b/g, ' ');
  if (metric) rest = rest.replace(/\bebitda\b|\bfree cash flow\b|\bmargins?\b/g, ' ');
  const words = [...new Set(rest.split(/[^a-z0-9&-]+/).filter((w) => w.length > 2 && !STOP.has(w) && !CHANGE.test(w)))];
  const wantsChange = CHANGE.test(question.toLowerCase()) && terms.length > 0;
  const wantsFigure = terms.length > 0 || metric !== null || FIGURE_WORDS.test(question.toLowerCase());
  const lower = question.toLowerCase();
  const statements = NAMED_STATEMENTS.filter(([pattern]) => pattern.test(lower)).map(([, statement]) => statement);
  return {
    terms: [...new Set(terms)],
    asked: Object.fromEntries(found.map((f) => [f.term.key, f.phrase])),
    metric,
    years: [...new Set(years)],
    wantsFigure,
    wantsChange,
    words,
    statements,
    cumulative: CUMULATIVE.test(lower),
    explanatory: EXPLANATORY.test(lower),
  };
}
