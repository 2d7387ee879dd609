/**
 * What a question about documents asks, for search and for the answer: the line items it names
 * (by any of their printed names), the catalogue metric it asks for, the years, the unit and
 * rounding asked, whether it wants a figure or a change, and the other words it searches for.
 * The question's instructions ("Assume that you are an analyst", "Base your judgments on the
 * balance sheet", "Answer in USD billions") are read for the statement, unit and rounding they
 * ask and kept out of the search words; a definition ("X is defined as …") names line items only.
 */
import {
  CAGR,
  COMPUTED_ASK,
  metricAsked,
  normalLabel,
  sectionsAsked,
  topicsOf,
  type FilingSection,
  type MetricAsk,
} from '@credence/shared';
import { FINANCE_TERMS, termByKey, type FinanceTerm, type Statement } from './finance-terms.js';
import { escapeRegExp as escape } from '../../../core/text/escape-regexp.js';

export interface QuestionTerms {
  /** Line items named, in the order the question names them (then a metric's inputs). */
  terms: FinanceTerm[];
  /** The name the question gave each line item (term key → phrase), as statements may print it. */
  asked: Record<string, string>;
  /** The catalogue metric asked for, with whether it is averaged over the years asked. */
  metric: MetricAsk | null;
  /** A compound annual growth rate of the first line item between the first and last year asked. */
  cagr: boolean;
  /** The question asks for a computed quantity (a ratio, a turnover, an average …): answered with it or declined. */
  computed: boolean;
  /** Years named, as written ("2019"), in the question's order. */
  years: string[];
  wantsFigure: boolean;
  /** "growth", "increase", "change": the answer compares two periods. */
  wantsChange: boolean;
  /** The question proper compares two or more years it names ("changed between FY2021 and FY2022"): a metric is given for each. */
  compare: boolean;
  /** Other content words of the question proper (not line items, years, instructions or filler); a topic's alternatives joined by "|". */
  words: string[];
  /** A statement the question names ("rely on the cash flow statement"). */
  statements: Statement[];
  /** The cumulative column of an interim table (nine months, twelve months, year to date) rather than the quarter's. */
  cumulative: boolean;
  /** The question asks why or what drove something: prose answers it before figures. */
  explanatory: boolean;
  /** The question asks what is expected (guidance, an outlook, a forecast): prose answers it before figures. */
  forward: boolean;
  /** The scale an amount is asked in (1e6 for "in USD millions"), when asked. */
  scale: number | null;
  /** Decimal places asked ("round to two decimal places"), when asked. */
  decimals: number | null;
  /** The question asks what the document itself is (its form, filer, period): its cover answers. */
  aboutDocument: boolean;
  /** The question asks for a summary of the whole document: its cover and its sections answer. */
  summary: boolean;
  /** The filing sections the question's topic is written in (MD&A for why, risk factors for risks …). */
  sections: FilingSection[];
  /** The question asks what is still to come ("expect to pay in the future", "remaining"), not a total or what was spent. */
  remaining: boolean;
}

const NAMED_STATEMENTS: [RegExp, Statement][] = [
  [/cash[- ]flows? statement|statements? of cash flows?/, 'cash'],
  [/income statement|statements? of (?:operations|income|earnings)|p&l|profit and loss/, 'income'],
  [/balance sheet|statements? of financial position/, 'balance'],
];
const CUMULATIVE =
  /\b(?:nine|six|twelve) months\b|\byear[- ]to[- ]date\b|\bytd\b|\bfirst (?:half|nine months)\b|\bfull[- ]year\b|\bfiscal year\b/;
const EXPLANATORY = /\b(?:why|drove|drive[ns]?|drivers?|caused?|reasons?|explain\w*|factors?|contribut\w*|due to)\b/;

/** A sentence that tells how to answer, not what is asked. */
const INSTRUCTION =
  /^(?:assume|answer|give|base|basing|please|round|provide|respond|calculate|compute|we need|we want|using|use|utiliz|by drawing|by relying|by using|according to|here'?s the question|here is the question|reply|consider|address|only use|rely|in units|express|report)|\b(?:is|are) defined as\b|^define\b|^(?:it|this) (?:is|should)|^if\b.*\b(?:not (?:a )?(?:useful|meaningful|relevant|applicable)|then (?:please )?(?:state|say|explain|mention|note))\b/;
const DEFINITION = /\bdefined as\b|^define\b/;

const STOP = new Set(
  (
    'a an the and or of in on at to for from by with about as is are was were be been being do does did what which who whom whose when where why how ' +
    'this that these those it its their there here me my we our you your i please tell show give find list describe explain say says said ' +
    'document documents pdf pdfs file files uploaded upload report reports company companys page pages according much many any all each ' +
    'total amount figure value year years fiscal fy during ended ending period than then also into over under between per can could would should will ' +
    'have has had get got give gave make made use used using based rely relying shown details response round rounded answer decimal places ' +
    'usd dollars millions billions thousands million billion thousand statement statements sheet end latest current reported report ' +
    'primarily information provided question following metric calculate define defined approximation reasonable exact possible ratio ' +
    // what the question wants done, not words its answer prints (MD&A, where reasons are written, is ranked first instead)
    'drove drive drives drivers driver why caused cause causes reason reasons explain able ' +
    'main mentioned company companies one two three four five 10k 10-k 10q 10-q 8k 8-k annual quarterly ' +
    // how much a thing matters, or that two are compared, is no word of the passage that answers ("primary customers")
    'primary principal major compare comparison comparing ' +
    // a date's month says nothing about which passage answers
    'january february march april may june july august september october november december'
  ).split(' '),
);
const CHANGE = /\b(growth|grow|grew|increase[sd]?|decrease[sd]?|decline[sd]?|change[sd]?|compared|versus|vs\.?|year[- ]over[- ]year|yoy)\b/;
const FIGURE_WORDS =
  /\b(how much|how many|what (?:was|were|is|are) (?:the )?(?:total|amount|value)|amount|figure|\$|£|€|margin|ebitda|growth)\b/;
const SCALES: [RegExp, number][] = [
  [/\bin (?:usd |us\$ ?|\$ ?|dollars? )?thousands\b|\bin (?:usd |us\$ ?)?000s\b/, 1e3],
  [/\bin (?:usd |us\$ ?|\$ ?|dollars? )?millions\b|\busd millions?\b|\bin millions of\b/, 1e6],
  [/\bin (?:usd |us\$ ?|\$ ?|dollars? )?billions\b|\busd billions?\b|\bin billions of\b/, 1e9],
];
const DOC = String.raw`(?:document|filing|file|pdf|report|upload|release|announcement|10-k|10-q|8-k)s?`;
/** "What is this document?", "What kind of filing is this?", "Who filed this report?", "Which period does this filing cover?" */
const ABOUT_DOCUMENT = new RegExp(
  [
    String.raw`\b(?:what|which) (?:is|are) (?:this|these|the|that) ${DOC}\b(?!['’]s\b| (?:say|said|state|show|report)s? about)`,
    String.raw`\bwhat (?:kind|type|sort|form) of ${DOC} (?:is|are)\b`,
    String.raw`\bwho (?:filed|issued|published|wrote) (?:this|these|the)\b`,
    String.raw`\b(?:what|which) (?:period|company|form|year) (?:does|do|is) (?:this|these|the) ${DOC}\b`,
    String.raw`\b(?:summari[sz]e|describe|overview of|summary of) (?:this|these|the|that) ${DOC}\b`,
  ].join('|'),
);
const SUMMARY = /\bsumm?ari[sz]e\b|\bsummary\b|\boverview\b|\bdescribe\b/;
const REMAINING =
  /\bin the future\b|\bremaining\b|\bstill (?:to|expect\w*)\b|\byet to\b|\bleft to\b|\bfuture (?:costs?|payments?|spending)\b/;
const DECIMAL_WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4 };

/** Phrases of every term, longest first, so "total net sales" wins over "sales". */
const PHRASES = FINANCE_TERMS.flatMap((term) => term.phrases.map((phrase) => ({ phrase, term }))).sort(
  (a, b) => b.phrase.length - a.phrase.length,
);

/** The question's sentences (and the clauses after a colon), each marked an instruction, a definition or the question proper. */
export function questionParts(question: string): { text: string; kind: 'asked' | 'instruction' | 'definition' }[] {
  const parts = normalLabel(question)
    .split(/(?<=[.?!])\s+|:\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const kinds = parts.map((text, i) => ({
    text,
    kind:
      DEFINITION.test(text) || (i > 0 && /(?:defined as|define)$/.test(parts[i - 1]))
        ? ('definition' as const)
        : INSTRUCTION.test(text)
          ? ('instruction' as const)
          : ('asked' as const),
  }));
  // A question that is all instructions keeps its last sentence as the question.
  if (!kinds.some((k) => k.kind === 'asked') && kinds.length) kinds[kinds.length - 1] = { ...kinds[kinds.length - 1], kind: 'asked' };
  return kinds;
}

function termsIn(text: string): { found: { at: number; term: FinanceTerm; phrase: string }[]; rest: string } {
  let rest = ` ${text} `;
  const found: { at: number; term: FinanceTerm; phrase: string }[] = [];
  for (const { phrase, term } of PHRASES) {
    const match = new RegExp(`(?<![a-z&])${escape(phrase)}(?![a-z&])`).exec(rest);
    if (!match) continue;
    if (!found.some((f) => f.term === term)) found.push({ at: match.index, term, phrase });
    rest = rest.slice(0, match.index) + ' '.repeat(phrase.length) + rest.slice(match.index + phrase.length);
  }
  return { found, rest };
}

/** A question of what happened in a year it names ("Was the company able to retain card members during 2022?"). */
const PAST_YEAR = /\b(?:was|were|did|has|have)\b.*\b(?:during|in|for|of|over) (?:fiscal |fy\s?)?(?:19|20)\d{2}\b/;

/**
 * The filing sections the question's topic is written in; a question of what happened in a year
 * that names no line item is told in MD&A (where a filing discusses its year). A condition ("if
 * the metric is not meaningful, explain why") asks no section.
 */
function sectionsOf(asked: string, lineItems: boolean): FilingSection[] {
  const sections = sectionsAsked(asked.replace(/\bif [^.?!]*/g, ' '));
  return !lineItems && PAST_YEAR.test(asked) && !sections.includes('mdna') ? [...sections, 'mdna'] : sections;
}

/** "US" in capitals is the United States ("US sales"), not the pronoun; "US$" and "US GAAP" stay as written. */
const UNITED_STATES = /\bUS\b(?![$]|\s*GAAP)/g;

export function questionTerms(written: string): QuestionTerms {
  const question = written.replace(UNITED_STATES, 'United States');
  const lower = normalLabel(question);
  const parts = questionParts(question);
  const asked = parts
    .filter((p) => p.kind === 'asked')
    .map((p) => p.text)
    .join(' ');
  const defined = parts
    .filter((p) => p.kind === 'definition')
    .map((p) => p.text)
    .join(' ');
  const { found, rest: askedRest } = termsIn(asked);
  for (const more of termsIn(defined).found)
    if (!found.some((f) => f.term === more.term)) found.push({ ...more, at: more.at + asked.length + 1 });
  const metric = metricAsked(`${asked} ${defined}`) ?? metricAsked(lower);
  const cagr = CAGR.test(lower);
  const terms = found.sort((a, b) => a.at - b.at).map((f) => f.term);
  if (metric) for (const input of metric.metric.inputs) if (!terms.some((t) => t.key === input.item)) terms.push(termByKey(input.item));
  // why a metric moved is told by the line items that move it (gross margin by cost of sales as a percent of sales)
  if (metric && EXPLANATORY.test(asked))
    for (const key of metric.metric.explainedBy ?? []) if (!terms.some((t) => t.key === key)) terms.push(termByKey(key));
  if (cagr && !terms.length) terms.push(termByKey('revenue'));
  const years = [...question.matchAll(/\b(?:fy\s?)?((?:19|20)\d{2})\b/gi)].map((m) => m[1]);
  let rest = askedRest.replace(/\b(?:fy\s?)?(?:19|20)\d{2}\b/g, ' ');
  // a question of why keeps the metric's words: the passage that explains it names them
  if (metric && !EXPLANATORY.test(asked)) rest = rest.replace(metric.metric.names, ' ').replace(/\bmargins?\b|\bratio\b|\baverage\b/g, ' ');
  // A topic asked under other words than filings print is searched by all of them ("legal|litigation|lawsuits").
  const topics = topicsOf(rest);
  for (const topic of topics) if (!topic.keepsAsked) rest = rest.replace(new RegExp(topic.asked.source, 'g'), ' ');
  // a judgement read from line items (capital intensity from capital expenditure and PP&E beside sales and assets)
  for (const key of topics.flatMap((t) => t.items ?? [])) if (!terms.some((t) => t.key === key)) terms.push(termByKey(key));
  const plain = rest.split(/[^a-z0-9&-]+/).filter((w) => w.length > 2 && !STOP.has(w) && !CHANGE.test(w));
  const words = [...new Set([...topics.map((t) => t.words.join('|')), ...plain])];
  const computed = metric !== null || cagr || COMPUTED_ASK.test(asked);
  const wantsChange = !metric && !cagr && CHANGE.test(asked) && terms.length > 0;
  const wantsFigure = terms.length > 0 || metric !== null || FIGURE_WORDS.test(lower);
  const statements = NAMED_STATEMENTS.filter(([pattern]) => pattern.test(lower)).map(([, statement]) => statement);
  const decimals = /\bround\w* (?:\w+ ){0,3}to (?:the nearest )?(\d|zero|one|two|three|four) decimal/.exec(lower);
  return {
    terms: [...new Set(terms)],
    asked: Object.fromEntries(found.map((f) => [f.term.key, f.phrase])),
    metric,
    cagr,
    computed,
    years: [...new Set(years)],
    wantsFigure,
    wantsChange,
    compare: (CHANGE.test(asked) || /\bcompare/.test(asked)) && new Set(asked.match(/(?<!\d)(?:19|20)\d{2}\b/g) ?? []).size >= 2,
    words,
    statements,
    cumulative: CUMULATIVE.test(asked),
    // "if the metric is not meaningful, explain why" is a condition, not a question of why
    explanatory: EXPLANATORY.test(asked.replace(/\bif [^.?!]*/g, ' ')),
    forward: /\bguidance\b|\boutlook\b|\bexpect\w*|\bforecast\w*|\bproject(?:s|ed|ions?)\b|\bplan(?:s|ned)? to\b/.test(asked),
    scale: SCALES.find(([pattern]) => pattern.test(lower))?.[1] ?? null,
    decimals: decimals ? (DECIMAL_WORDS[decimals[1]] ?? Number(decimals[1])) : null,
    aboutDocument: ABOUT_DOCUMENT.test(lower),
    summary: ABOUT_DOCUMENT.test(lower) && SUMMARY.test(lower),
    // "if the metric is not meaningful, explain why" asks no section: the condition is left out
    sections: sectionsOf(asked, terms.length > 0 || metric !== null),
    remaining: REMAINING.test(asked),
  };
}
