/** The four product pages' words. */
export interface ProductContent {
  slug: 'search' | 'discover' | 'monitor' | 'deep-insights';
  name: string;
  headline: string;
  intro: string;
  points: readonly { title: string; text: string }[];
}

export const PRODUCTS: readonly ProductContent[] = [
  {
    slug: 'search',
    name: 'Search',
    headline: 'Find the company, the filing and the page',
    intro:
      'One search box over company registries, accounts, charges, officers and documents, ranked for the questions credit and deal teams ask.',
    points: [
      { title: 'Names, numbers and postcodes', text: 'Exact matches first, then close spellings and former names.' },
      { title: 'Semantic document search', text: 'Search filings, broker reports and transcripts by meaning, not keywords.' },
      { title: 'Open at the source', text: 'Every result opens the document at the page that matched.' },
    ],
  },
  {
    slug: 'discover',
    name: 'Discover',
    headline: 'Screen a market in minutes',
    intro: 'The companies and creditors screeners filter on financials, charges, ownership and status, in words or in exact filters.',
    points: [
      { title: 'Plain-English filters', text: '“Manufacturers with turnover over £10m and an outstanding charge” becomes an exact query.' },
      { title: 'Lender league tables', text: 'Who lends to whom, how much is outstanding and what was satisfied.' },
      { title: 'Exports', text: 'Excel, CSV or JSON Lines, from the browser or a scheduled job.' },
    ],
  },
  {
    slug: 'monitor',
    name: 'Monitor',
    headline: 'Hear about it the day it is filed',
    intro: 'Follow borrowers, portfolios and lenders, and get the changes that move credit risk as they happen.',
    points: [
      { title: 'Charges', text: 'New, varied and satisfied charges on the companies you follow.' },
      { title: 'Filings', text: 'Accounts and confirmation statements as they arrive, and when they are late.' },
      { title: 'Control', text: 'Changes of persons with significant control and of officers.' },
    ],
  },
  {
    slug: 'deep-insights',
    name: 'Deep Insights',
    headline: 'Answers that show their working',
    intro: 'Ask a question about a company; Credence plans the research, reads the filings and answers with tables and citations.',
    points: [
      { title: 'A plan first', text: 'See and edit the steps before the answer is written.' },
      { title: 'Tables for your model', text: 'Capital structure, maturities and covenants as tables you can export.' },
      { title: 'Every figure sourced', text: 'Citations to the filing and page behind each number.' },
    ],
  },
];
