/** The landing page's words (original to Credence). */
export const HERO_METRICS = ['MOIC', 'IRR', 'DPI', 'RVPI', 'TVPI', 'PME', 'EBITDA Margin', 'Net Debt/EBITDA', 'FCF Yield'] as const;

/** Where the team has worked, described rather than named (no other company's marks). */
export const TEAM_BACKGROUNDS = [
  'Global investment bank',
  'Top-tier strategy consultancy',
  'Credit fund',
  'Big Four restructuring practice',
  'Machine-learning research lab',
] as const;

export const FEATURE_BLOCKS = [
  {
    id: 'search',
    title: 'Search every company and filing in one box',
    text: 'Type a name, a number, a postcode or a question. Credence searches registries, accounts, charges and documents together and ranks what matters for credit and deal work.',
    points: [
      'Company, officer and lender search',
      'Semantic search across filings and transcripts',
      'Results you can open at the exact page',
    ],
  },
  {
    id: 'alerts',
    title: 'Alerts on charges and filings',
    text: 'Follow a borrower, a portfolio or a lender. When a new charge is registered, a filing lands late or control changes hands, you hear about it the same day.',
    points: ['New and satisfied charges', 'Overdue accounts and confirmation statements', 'Changes of ownership and officers'],
  },
  {
    id: 'screener',
    title: 'A screener built for credit',
    text: 'Filter companies and creditors on turnover, leverage, charges and ownership, save the query and export the list to Excel or CSV for the rest of the team.',
    points: ['Plain-English filters turned into exact ones', 'Lender league tables', 'Exports for scheduled jobs'],
  },
  {
    id: 'insights',
    title: 'Deep insights with their sources',
    text: 'Ask for a capital structure, a covenant summary or a peer comparison. Credence shows its plan, writes the answer and links every figure to the document it came from.',
    points: ['Plans you can read and edit', 'Tables ready for your model', 'Citations down to the page'],
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'We used to spend the first two days of a mandate pulling accounts and charge registers. Now it takes an afternoon, and the sources are one click away.',
    author: 'Director',
    firm: 'Debt advisory boutique',
  },
  {
    quote: 'The charge alerts caught a refinancing in our watch list a week before the market talked about it.',
    author: 'Portfolio manager',
    firm: 'Special situations fund',
  },
  {
    quote: 'It answers like an analyst who shows their working, which is the only kind of answer our investment committee accepts.',
    author: 'Partner',
    firm: 'Mid-market private equity firm',
  },
] as const;
