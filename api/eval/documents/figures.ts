/**
 * Figures as gold answers, filings and analysts' answers write them, read the same way on both
 * sides of the documents evaluation: "$1577.00", "(1,577)", "$20 billion", "1.9%", "-3.7",
 * "2.7 times". Years, dates, page and note numbers, footnote markers, list numbers and names that
 * hold digits ("3M", "10-K", "FY2019", "Q2") are not figures. The rules are documented in
 * docs/evaluations.md ("How answers are scored").
 */

export interface Figure {
  /** The value as written, sign included: "(1,577)" is -1577, "$20 billion" is 20. */
  value: number;
  /** The figure as it reads in the text. */
  printed: string;
  percent: boolean;
  /** The multiplier of the unit word written with it ("million": 1e6), or null when none is. */
  scale: number | null;
  /** Written in parentheses, as statements print negatives and outflows. */
  parenthesised: boolean;
  /** Digits after the decimal point, as written ("8.70": 2). */
  decimals: number;
  /** Written with a currency ($, US$, USD, €, £). */
  currency: boolean;
  /** Where it starts and ends in the text. */
  start: number;
  end: number;
}

const SCALES: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  trillions: 1e12,
};

const DIGITS = /\d+(?:,\d{3})*(?:\.\d+)?/g;
const MONTH =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s*$/i;
/** Words after which a number names something rather than measures it. */
const LABEL =
  /\b(?:pages?|pp?\.|notes?|items?|sections?|parts?|exhibits?|rules?|articles?|schedules?|steps?|tables?|level|tier|chapter)\s*$/i;
const CURRENCY = /(?:US\$|\$|USD|€|£)\s?$/;
const PERCENT = /^\s?(?:%|percent\b|per cent\b|percentage points?\b|pp\b)/i;
const SCALE_WORD = /^\s?(thousands?|millions?|billions?|trillions?)\b/i;
const SCALE_ABBREVIATION = /^(k|mm|mn|m|bn|b)\b/i;
const TIMES = /^(?:x\b|\s?times\b)/i;

/** Every figure of `text`, in order. */
export function figuresIn(text: string): Figure[] {
  const out: Figure[] = [];
  for (const match of text.matchAll(DIGITS)) {
    const figure = figureAt(text, match.index, match[0]);
    if (figure) out.push(figure);
  }
  return out;
}

function figureAt(text: string, at: number, digits: string): Figure | null {
  let end = at + digits.length;
  const before = text[at - 1] ?? '';
  const after = text[end] ?? '';
  // part of a word, a name, a date or a reference: "FY2019", "3M", "p.52", "12/31", "10-K", "3-year", "2019-2020"
  if (/[\p{L}\d_.,/:'’]/u.test(before)) return null;
  if (/[/:.]/.test(after) && /\d/.test(text[end + 1] ?? '')) return null;
  if (after === '-' && /[\p{L}\d]/u.test(text[end + 1] ?? '')) return null;
  if (/[-–]/.test(before) && /\d/.test(text[at - 2] ?? '')) return null;
  const head = text.slice(Math.max(0, at - 24), at);
  if (MONTH.test(head) || LABEL.test(head)) return null;
  // a list's number at the start of a line: "1. Revenue"
  if (/^\.(?:\s|$)/.test(text.slice(end)) && /(?:^|\n)[\s>*-]*$/.test(text.slice(0, at))) return null;

  // what is written before it, in any order a filing uses: a sign, a currency, an opening parenthesis
  let start = at;
  let currency = false;
  let open = false;
  let signed = false;
  let minus = false;
  for (;;) {
    let j = start;
    while (j > 0 && /[ \u00a0]/.test(text[j - 1])) j--;
    const symbol = currency ? null : CURRENCY.exec(text.slice(Math.max(0, j - 3), j));
    if (symbol && !/\p{L}/u.test(text[j - symbol[0].length - 1] ?? '')) {
      currency = true;
      start = j - symbol[0].length;
    } else if (!open && text[j - 1] === '(') {
      open = true;
      start = j - 1;
    } else if (!signed && j === start && /[-−–+]/.test(text[j - 1] ?? '') && !/[\p{L}\d]/u.test(text[j - 2] ?? '')) {
      signed = true;
      minus = text[j - 1] !== '+';
      start = j - 1;
    } else break;
  }

  let rest = text.slice(end);
  let closed = false;
  const consume = (pattern: RegExp): RegExpExecArray | null => {
    const found = pattern.exec(rest);
    if (found) {
      end += found[0].length;
      rest = text.slice(end);
    }
    return found;
  };
  const closeParenthesis = () => (closed ||= open && Boolean(consume(/^\s?\)/)));
  closeParenthesis();
  const percent = consume(PERCENT);
  closeParenthesis();
  let scale: number | null = null;
  if (!percent) {
    const unit = consume(SCALE_WORD) ?? (currency ? consume(SCALE_ABBREVIATION) : null);
    if (unit) scale = SCALES[unit[1].toLowerCase()];
  }
  closeParenthesis();
  const times = !percent && scale === null && consume(TIMES);
  if (!percent && scale === null && !times && /^\p{L}/u.test(rest)) return null;
  // an opening parenthesis that is not closed is not the figure's
  if (open && !closed) start = text.lastIndexOf('(', at) + 1;

  const value = Number(digits.replace(/,/g, ''));
  const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
  const plain = !currency && !percent && scale === null && !times && !closed && !signed;
  // a year: "2018", "FY 2021"
  if (plain && /^\d{4}$/.test(digits) && value >= 1900 && value <= 2099) return null;
  // a footnote marker after a word: "Net sales(1)"
  if (closed && !currency && decimals === 0 && value < 10 && /\p{L}$/u.test(text.slice(0, start))) return null;
  return {
    value: (minus || closed) && value !== 0 ? -value : value,
    printed: text.slice(start, end).trim(),
    percent: Boolean(percent),
    scale,
    parenthesised: closed,
    decimals,
    currency,
    start,
    end,
  };
}

const NOTE_SCALE = /\bin\s+(?:(?:usd|us\$|\$|u\.s\. dollars?)\s*)?(thousands|millions|billions)\b/i;

/** The unit a question asks for or a table states: "Answer in USD millions", "(in millions, except per share)". */
export function scaleNote(text: string): number | null {
  const note = NOTE_SCALE.exec(text);
  return note ? SCALES[note[1].toLowerCase()] : null;
}

/** Citation markers ([^c1]) and markdown links are not part of what an answer says. */
export function plainAnswer(text: string): string {
  return text.replace(/\[\^[^\]\s]+\]/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}

/**
 * The figure an answer states as its answer: the first figure written in bold (where both the
 * built-in analyst and a model put the answer), else its first figure; with the unit written in
 * the same line after it ("(in millions)") when the figure carries none.
 */
export function statedFigure(answerText: string): Figure | null {
  const text = plainAnswer(answerText);
  const figures = figuresIn(text);
  const bold = [...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => [m.index, m.index + m[0].length]);
  const headline = figures.find((f) => bold.some(([from, to]) => f.start >= from && f.end <= to)) ?? figures[0];
  if (!headline) return null;
  if (headline.scale !== null || headline.percent) return headline;
  const line = text.slice(headline.end).split('\n', 1)[0];
  return { ...headline, scale: scaleNote(line) };
}

/** The answer's figures, each with the unit of its line when it carries none. */
export function answerFigures(answerText: string): Figure[] {
  const text = plainAnswer(answerText);
  return figuresIn(text).map((f) => (f.scale !== null || f.percent ? f : { ...f, scale: scaleNote(text.slice(f.end).split('\n', 1)[0]) }));
}

/** Whether `answer` is within 1% of the gold figure, or equals it at the gold's printed decimals. */
function close(answer: number, gold: Figure, magnitudes: boolean): boolean {
  const a = magnitudes ? Math.abs(answer) : answer;
  const g = magnitudes ? Math.abs(gold.value) : gold.value;
  if (Math.abs(a - g) <= Math.abs(g) * 0.01 + 1e-12) return true;
  return gold.decimals > 0 && Number(a.toFixed(gold.decimals)) === Number(g.toFixed(gold.decimals));
}

/**
 * Whether an answer's figure states the gold figure. `goldScale` is the unit the question asks
 * for when the gold answer writes none. Amounts compare in one unit when both sides name theirs,
 * else as written; a percentage matches a fraction written without a unit (1.9% and 0.019, 54%
 * and 0.54); a figure in parentheses matches on its magnitude (capital expenditure printed as an
 * outflow), a written minus sign must agree.
 */
export function figureMatches(gold: Figure, answer: Figure, goldScale: number | null = null): boolean {
  const magnitudes = gold.parenthesised || answer.parenthesised;
  const unitless = (f: Figure) => f.scale === null && !f.currency && !f.percent;
  if (gold.percent === answer.percent) {
    const from = answer.scale;
    const to = gold.scale ?? goldScale;
    const value = !gold.percent && from !== null && to !== null ? (answer.value * from) / to : answer.value;
    return close(value, gold, magnitudes);
  }
  if (gold.percent && unitless(answer)) return close(answer.value * 100, gold, magnitudes);
  if (answer.percent && unitless(gold)) return close(answer.value / 100, gold, magnitudes);
  return false;
}
