/**
 * Areas of the product that later issues build (spec 3): the app's own links to them land on a
 * page that says what is coming, never on "Page not found". Each issue that builds one replaces
 * its route and removes it from here.
 */
export interface UpcomingArea {
  /** The route's first segment ("analysis" for /analysis and /analysis?companyNumber=...). */
  path: string;
  title: string;
  /** What it will do, in one or two sentences. */
  promise: string;
  /** What it will let an analyst do, as short points. */
  features: readonly string[];
}

export const UPCOMING_AREAS: readonly UpcomingArea[] = [
  {
    path: 'analysis',
    title: 'Deep Insights and Insights Q&A',
    promise:
      'Ask questions about a company in plain words and get answers built from its filings and data, with the plan it followed, tables and a source for every figure.',
    features: [
      'Research chat with streamed plans, answers and tables',
      'Questions over a filing PDF, with the pages it cites',
      'Restructuring workspace with an Excel export',
    ],
  },
  {
    path: 'us',
    title: 'US Companies Explorer',
    promise: 'KPIs and strategic indicators of 5000+ US companies from their SEC filings, each figure linked back to its source.',
    features: ['Strategic indicators and data insights per company', 'Source backlinks to the filing behind each figure'],
  },
];

export function upcomingArea(pathname: string): UpcomingArea | null {
  const first = pathname.replace(/^\/+/, '').split('/')[0];
  return UPCOMING_AREAS.find((a) => a.path === first) ?? null;
}
