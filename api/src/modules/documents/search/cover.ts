/**
 * What a document is, from its first pages as every SEC filing prints them: the form ("FORM 10-K",
 * or the cover's "ANNUAL / QUARTERLY / CURRENT REPORT PURSUANT TO SECTION 13 OR 15(d)"), the period
 * ("For the fiscal year ended …", "For the quarterly period ended …", "Date of report …"), the
 * filer (the line over "(Exact name of registrant as specified in its charter)", or the line
 * under the commission file number); an earnings or press release by its release line and
 * dateline ("– Johnson & Johnson (NYSE: JNJ) today announced results for …"). Each fact keeps
 * the line it was read from, so the answer quotes it and the checker finds it on its page.
 * Nothing is guessed: a fact the cover does not print is left out.
 */

export interface CoverFact {
  /** The value as the answer states it ("10-K", "December 31, 2018", "3M COMPANY"). */
  value: string;
  /** The page's line it was read from (quoted as it reads). */
  line: string;
  page: number;
}

export interface Cover {
  form: CoverFact | null;
  /** What the form is, in words ("annual report"). */
  formName: string | null;
  filer: CoverFact | null;
  period: CoverFact | null;
}

interface CoverPage {
  page: number;
  lines: { text: string }[];
}

const FORM_NAMES: Record<string, string> = {
  '10-K': 'annual report',
  '10-Q': 'quarterly report',
  '8-K': 'current report',
  '20-F': 'annual report of a foreign private issuer',
  '40-F': 'annual report of a Canadian issuer',
  '6-K': 'report of a foreign private issuer',
  'earnings release': 'results announcement',
  'press release': 'announcement',
};

const FORM_LINE = /^\s*form\s+(10-k|10-q|8-k|20-f|40-f|6-k)(?:\/a)?\b/i;
const REPORT_LINE: [RegExp, string][] = [
  [/\bannual report pursuant to section 13 or 15\s?\(d\)/i, '10-K'],
  [/\bquarterly report pursuant to section 13 or 15\s?\(d\)/i, '10-Q'],
  [/^\s*current report\b/i, '8-K'],
];
const DATE = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2}\s*,?\s*(?:19|20)\d{2}`;
const PERIODS: RegExp[] = [
  new RegExp(String.raw`for the (?:fiscal )?year ended\s*(${DATE})`, 'i'),
  new RegExp(String.raw`for the quarterly period ended\s*(${DATE})`, 'i'),
  new RegExp(String.raw`date of report[^:]{0,60}:?\s*(${DATE})`, 'i'),
  new RegExp(String.raw`for the (?:three|six|nine|twelve) months ended\s*(${DATE})`, 'i'),
  // "Annual Report on Form 10-K for the fiscal year 2019": the year alone
  /for the fiscal year ((?:19|20)\d{2})\b/i,
];
/** "Annual Report on Form 10-K", "Quarterly Report on Form 10-Q": the form named in a title line. */
const REPORT_ON_FORM = /\b(?:annual|quarterly|current) report on form (10-k|10-q|8-k|20-f)\b/i;
/** A company's name as a title line prints it: ending in its legal form. */
const LEGAL_NAME =
  /^[A-Z0-9][\w&.,'’ -]{1,58}\b(?:inc|incorporated|corp|corporation|company|co|plc|ltd|limited|llc|lp|n\.v|s\.a|ag|se|group|holdings)\.?$/i;
const EXACT_NAME = /^\(?exact name of (?:the )?registrant/i;
const FILE_NUMBER = /\bcommission file (?:number|no\.?)/i;
const RELEASE = /\bfor immediate release\b|\bpress release\b|\bnews release\b/i;
/** "– Johnson & Johnson (NYSE: JNJ) today announced results for fourth-quarter and full year 2022" */
const DATELINE =
  /[–—-]\s*([A-Z][\w&.,'’ -]{1,60}?)\s*\((?:NYSE|Nasdaq|NASDAQ|LSE|TSX)[^)]*\)\s*(?:today\s+)?(?:announced|reported)\s+([^.“"]{0,120})/;
const RESULTS = /\bresults\b|\bearnings\b/i;
/** A line that is no name: a rule, a caption, an address, a number. */
const NOT_A_NAME =
  /^[\s_\-–—=.*]*$|^\(|\d{3}|pursuant|securities|commission|washington|form\b|\bfor the\b|transition|\bperiod\b|^or$|\bmark one\b/i;

/** The value as stated: spaces as one, a word hyphenated across lines joined again ("fourth- quarter"). */
const fact = (value: string, line: string, page: number): CoverFact => ({
  value: value
    .replace(/\s+/g, ' ')
    .replace(/(\w)- (\w)/g, '$1-$2')
    .trim(),
  line,
  page,
});

/** The lines of the first pages, each with its page, and each joined with the next (a date set on the line under its words). */
function linesOf(pages: CoverPage[]): { text: string; joined: string; page: number }[] {
  const out: { text: string; joined: string; page: number }[] = [];
  for (const p of pages) {
    const texts = p.lines.map((l) => l.text.trim()).filter(Boolean);
    texts.forEach((text, i) => out.push({ text, joined: i + 1 < texts.length ? `${text} ${texts[i + 1]}` : text, page: p.page }));
  }
  return out;
}

function formOf(lines: ReturnType<typeof linesOf>, release: boolean): CoverFact | null {
  for (const l of lines.slice(0, 40)) {
    const form = FORM_LINE.exec(l.text);
    if (form) return fact(form[1].toUpperCase(), l.text, l.page);
  }
  for (const l of lines.slice(0, 40))
    for (const [pattern, form] of REPORT_LINE) if (pattern.test(l.text) && !/^\s*[☐¨o]\s/.test(l.text)) return fact(form, l.text, l.page);
  for (const l of lines.slice(0, 40)) {
    const named = REPORT_ON_FORM.exec(l.text);
    if (named) return fact(named[1].toUpperCase(), l.text, l.page);
  }
  if (!release) return null;
  const releaseLine = lines.find((l) => RELEASE.test(l.text));
  const results = lines.slice(0, 40).find((l) => DATELINE.test(l.text) && RESULTS.test(l.text));
  if (results) return fact('earnings release', results.text, results.page);
  return releaseLine ? fact('press release', releaseLine.text, releaseLine.page) : null;
}

function periodOf(lines: ReturnType<typeof linesOf>, form: string | undefined): CoverFact | null {
  const head = lines.slice(0, 60);
  // a line that prints it whole first; then a line with the next (a date set under its words)
  for (const which of ['text', 'joined'] as const)
    for (const pattern of PERIODS)
      for (const l of head) {
        const found = pattern.exec(l[which]);
        if (found) return fact(found[1], l[which], l.page);
      }
  if (form !== 'earnings release' && form !== 'press release') return null;
  for (const which of ['text', 'joined'] as const)
    for (const l of head.slice(0, 40)) {
      const dateline = DATELINE.exec(l[which]);
      const period = dateline && /\bresults for ([^.“"]*?(?:19|20)\d{2})/i.exec(dateline[0]);
      if (period) return fact(period[1], l[which], l.page);
    }
  return null;
}

function filerOf(lines: ReturnType<typeof linesOf>): CoverFact | null {
  const captioned = lines.findIndex((l) => EXACT_NAME.test(l.text));
  for (let i = captioned - 1; i >= Math.max(0, captioned - 3); i--)
    if (!NOT_A_NAME.test(lines[i].text) && lines[i].text.length <= 80) return fact(lines[i].text, lines[i].text, lines[i].page);
  const numbered = lines.findIndex((l) => FILE_NUMBER.test(l.text));
  // the 3M layout: the name set under the commission file number, without the caption
  const next = numbered >= 0 ? lines[numbered + 1] : undefined;
  if (captioned < 0 && next && !NOT_A_NAME.test(next.text) && next.text.length <= 60 && next.text === next.text.toUpperCase())
    return fact(next.text, next.text, next.page);
  for (const l of lines.slice(0, 40)) {
    const dateline = DATELINE.exec(l.text);
    if (dateline) return fact(dateline[1], l.text, l.page);
  }
  const titled = lines.slice(0, 10).find((l) => l.page === lines[0]?.page && LEGAL_NAME.test(l.text) && !NOT_A_NAME.test(l.text));
  return titled ? fact(titled.text, titled.text, titled.page) : null;
}

/** The document's form, filer and period from its first pages (give the first two or three). */
export function coverOf(pages: CoverPage[]): Cover {
  const lines = linesOf(pages);
  const release = lines.slice(0, 40).some((l) => RELEASE.test(l.text) || DATELINE.test(l.text));
  const form = formOf(lines, release);
  return {
    form,
    formName: form ? (FORM_NAMES[form.value] ?? null) : null,
    filer: filerOf(lines),
    period: periodOf(lines, form?.value),
  };
}
