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
  /** Line items (`line-items.ts` keys) a judgement on the topic is read from, each from its statement row. */
  items?: string[];
  /** The question's words for the topic stay search words of their own (each region it names is searched for itself). */
  keepsAsked?: boolean;
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
  // who a company's main customers are is written as its revenue's concentration: "we derive a significant portion of
  // our revenues from …", "our largest customer accounted for 20 percent of net sales", a note on concentrations
  {
    asked:
      /\b(?:primary|principal|main|major|largest|biggest|key|top|significant|important) (?:customers?|clients?)\b|\bcustomer concentrations?\b/,
    words: [
      'largest customer',
      'largest customers',
      'major customers',
      'significant customers',
      'single customer',
      'customer concentration',
      'concentrations of credit',
      'concentration of credit',
      'portion of our revenues',
      'portion of our revenue',
      'portion of our sales',
      'portion of our net sales',
    ],
  },
  { asked: /\bgeograph\w*|\bregions?\b/, words: ['geographic', 'regions', 'region', 'international'] },
  // the United States as filings print it ("U.S.": one word to full-text search, which drops "US" and "U" alike)
  { asked: /\bu\.s\.(?![a-z])|\bunited states\b/, words: ['u.s.', 'united states'] },
  // a question that names regions (US against international sales) is answered by a geographic breakdown, titled so
  // ("REGIONAL SALES RESULTS", "Geographic information"); each region it names is searched for as well
  {
    asked: /\bu\.s\.(?![a-z])|\bunited states\b|\binternational\b|\bdomestic\b|\bnon-u\.s\./,
    words: ['geographic', 'regional', 'regions', 'region'],
    keepsAsked: true,
  },
  { asked: /\bguidance\b|\boutlook\b|\bexpect\w*|\bforecast\w*/, words: ['guidance', 'outlook', 'expects', 'expected', 'forecast'] },
  { asked: /\bproduction rates?\b/, words: ['production', 'rates', 'rate'] },
  { asked: /\bdividends?\b|\bbuybacks?\b|\brepurchas\w*/, words: ['dividends', 'repurchase', 'repurchases', 'buyback'] },
  // a company's parts as an analyst names them and as its segment note and MD&A print them
  {
    asked: /\bsegments?\b|\b(?:product|service|business) (?:categor(?:y|ies)|lines?)\b|\bcategor(?:y|ies)\b|\bdivisions?\b/,
    words: ['segment', 'segments', 'categories', 'category'],
  },
  // growth "excluding M&A" is what filings call organic growth, beside acquisitions and divestitures
  { asked: /\bm&a\b|\bmergers? and acquisitions?\b/, words: ['organic', 'acquisitions', 'divestitures'] },
  // whether a company grows fast is read from its sales growth
  { asked: /\b(?:high|fast|strong|rapid)[- ]growth\b|\bgrowth (?:company|stock)\b/, words: ['sales', 'revenues', 'revenue'] },
  // how capital-intensive a business is: its capital expenditure and fixed assets beside its sales and assets
  {
    asked: /\bcapital[- ]intensive\b|\bcapital intensity\b/,
    words: ['property, plant and equipment', 'capital expenditures', 'purchases of property'],
    items: ['capex', 'revenue', 'ppe', 'totalAssets'],
  },
];

/** The topics a question names, each as the words to search and quote it by. */
export function topicsOf(question: string): Topic[] {
  const q = question.toLowerCase();
  return TOPICS.filter((t) => t.asked.test(q));
}

/**
 * Where in a filing a question's topic is written, by the item headings SEC forms share: why a
 * figure changed is told in MD&A, what could go wrong under risk factors, lawsuits under legal
 * proceedings (and the notes' contingencies), customers, products and markets under the business.
 * Search ranks the pages of those sections first (documents/search/sections.ts tells them).
 */
export type FilingSection = 'business' | 'risk' | 'legal' | 'mdna' | 'market-risk' | 'statements';

export const SECTION_TOPICS: { asked: RegExp; sections: FilingSection[] }[] = [
  {
    asked: /\b(?:why|drove|drive[ns]?|drivers?|caused?|reasons?|explain\w*|factors?|due to|impact\w*|affect\w*)\b/,
    sections: ['mdna'],
  },
  // what is expected is written in MD&A's outlook, and in the business and its risks: never in the statements
  { asked: /\b(?:guidance|outlook|expect\w*|forecast\w*|plans?|anticipat\w*)\b/, sections: ['mdna', 'business', 'risk'] },
  { asked: /\brisks?\b|\buncertaint\w*|\bthreats?\b|\bexposure\b/, sections: ['risk'] },
  {
    asked: /\blegal\b|\blawsuits?\b|\blitigation\b|\bproceedings\b|\bsettlements?\b|\binvestigations?\b/,
    sections: ['legal', 'statements'],
  },
  {
    asked:
      /\bcustomers?\b|\bclients?\b|\bcompetit\w*|\bproducts?\b|\bmarkets?\b|\bemployees\b|\bcyclical\w*|\bseasonal\w*|\bgeograph\w*|\boperates?\b|\bsuppliers?\b/,
    sections: ['business', 'risk'],
  },
  { asked: /\binterest rates?\b|\bcurrency\b|\bforeign exchange\b|\bcommodit\w*|\bhedg\w*/, sections: ['market-risk', 'mdna'] },
];

/** The sections a question's words point to (none for a plain figure). */
export function sectionsAsked(question: string): FilingSection[] {
  const q = question.toLowerCase();
  return [...new Set(SECTION_TOPICS.filter((t) => t.asked.test(q)).flatMap((t) => t.sections))];
}
