/**
 * Narrative topics an analyst asks about under other words than a filing prints them ("legal
 * battles" are "legal proceedings" and "litigation"; a "spin off" is a "separation"): each topic
 * with the words of a question that name it and the words filings use for it, so that a question's
 * topic is searched and quoted by any of them.
 */
export interface Topic {
  /** Words of a question that name the topic (lowercase). */
  asked: RegExp;
  /** Single words a filing writes it with, the question's usual word first. */
  words: string[];
}

export const TOPICS: Topic[] = [
  {
    asked: /\blegal (?:battles?|issues?|cases?|disputes?|matters?|proceedings?|actions?)\b|\blawsuits?\b|\blitigation\b/,
    words: ['litigation', 'lawsuits', 'lawsuit', 'proceedings', 'legal'],
  },
  { asked: /\bcyclical(?:ity)?\b|\bcycles?\b/, words: ['cyclical', 'cyclicality', 'cycles', 'cycle'] },
  { asked: /\bretain(?:ed|ing)?\b|\bretention\b/, words: ['retention', 'retain', 'retained'] },
  {
    asked: /\bspin(?:ning)?[- ]?offs?\b|\bspinoffs?\b|\bseparat\w*/,
    words: ['separation', 'spin-off', 'spinoff', 'separate', 'separated'],
  },
  { asked: /\bacquir\w*|\bacquisitions?\b|\bbought\b/, words: ['acquisition', 'acquisitions', 'acquired', 'acquire'] },
  { asked: /\bcustomers?\b|\bclients?\b/, words: ['customers', 'customer', 'clients'] },
  { asked: /\bgeograph\w*|\bregions?\b/, words: ['geographic', 'regions', 'region', 'international'] },
  { asked: /\bguidance\b|\boutlook\b|\bexpect\w*|\bforecast\w*/, words: ['guidance', 'outlook', 'expects', 'expected', 'forecast'] },
  { asked: /\bproduction rates?\b/, words: ['production', 'rates', 'rate'] },
  { asked: /\bdividends?\b|\bbuybacks?\b|\brepurchas\w*/, words: ['dividends', 'repurchase', 'repurchases', 'buyback'] },
];

/** The topics a question names, each as the words to search and quote it by. */
export function topicsOf(question: string): { words: string[]; asked: RegExp }[] {
  const q = question.toLowerCase();
  return TOPICS.filter((t) => t.asked.test(q));
}
