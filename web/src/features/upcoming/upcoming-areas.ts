/**
 * Areas of the product that later issues build (spec 3): the app's own links to them land on a
 * page that says what is coming, never on "Page not found". Each issue that builds one replaces
 * its route and removes it from here.
 */
export interface UpcomingArea {
  /** The route's first segment ("us" for /us and /us/analysis). */
  path: string;
  title: string;
  /** What it will do, in one or two sentences. */
  promise: string;
  /** What it will let an analyst do, as short points. */
  features: readonly string[];
}

export const UPCOMING_AREAS: readonly UpcomingArea[] = [
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
