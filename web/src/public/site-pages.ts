/**
 * Every public page: its address, title and description. The router, the build's prerendering
 * (HTML with content and meta tags for visitors without JavaScript and for crawlers) and the
 * sitemap all read this one list.
 */
export interface PublicPageMeta {
  path: string;
  title: string;
  description: string;
  /** The address search engines should index instead (a second address of the same page): left out of the sitemap. */
  canonical?: string;
}

export const PUBLIC_PAGES: readonly PublicPageMeta[] = [
  {
    path: '/',
    title: 'Credence: the AI financial analyst you can trust',
    description:
      'Financial data and analytics, reimagined: search, screen and monitor 100K+ companies and 10M+ filings with an AI analyst that shows its sources.',
  },
  {
    path: '/products',
    title: 'Products · Credence',
    description: 'Search, Discover, Monitor and Deep Insights: the four ways Credence puts company data and filings to work.',
  },
  {
    path: '/products/search',
    title: 'Search · Credence',
    description: 'Find any company, filing, charge or officer in seconds with semantic search across registries and documents.',
  },
  {
    path: '/products/discover',
    title: 'Discover · Credence',
    description: 'Screen companies and creditors on financials, charges and ownership to build a target list in minutes.',
  },
  {
    path: '/products/monitor',
    title: 'Monitor · Credence',
    description: 'Alerts on new charges, filings and ownership changes for the companies you follow.',
  },
  {
    path: '/products/deep-insights',
    title: 'Deep Insights · Credence',
    description: 'Ask a question, see the plan, get an answer with tables and the sources behind every figure.',
  },
  {
    path: '/pricing',
    title: 'Pricing · Credence',
    description: 'Request pricing for your team and estimate the hours and salary cost Credence saves with the ROI calculator.',
  },
  {
    path: '/security',
    title: 'Security · Credence',
    description: 'How Credence protects your data: encryption in transit and at rest, no training on your data, deletion on request.',
  },
  {
    path: '/company',
    title: 'Company · Credence',
    description: 'The team combining finance and AI expertise behind Credence, and the roles open to join it.',
  },
  {
    path: '/contact-us',
    title: 'Contact us · Credence',
    description: 'Meet the team behind Credence and ask for a free trial.',
  },
  {
    path: '/contact-sales',
    title: 'Try Credence for free · Credence',
    description: 'Ask for a free trial of Credence: analyse 100,000+ companies and 10M+ filings from day one.',
  },
  {
    path: '/solutions',
    title: 'Solutions · Credence',
    description: 'Credence for asset management, consulting, investment and corporate banking, and sell-side research.',
  },
  {
    // spec 1 section 2: a second address of the solutions page
    path: '/revamped-website',
    title: 'Solutions · Credence',
    description: 'Credence for asset management, consulting, investment and corporate banking, and sell-side research.',
    canonical: '/solutions',
  },
  {
    path: '/blogs',
    title: 'Blog · Credence',
    description: 'Notes on credit, filings and the markets from the people building Credence.',
  },
  {
    path: '/us/integrations',
    title: 'Integrations · Credence',
    description: 'The data sources, exports, AI models and sign-in providers Credence works with.',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy policy · Credence',
    description: 'What personal data Credence collects, why, how long it is kept and the choices you have.',
  },
];

/** The page any unknown address gets (prerendered as 404.html, sent with status 404). */
export const NOT_FOUND_PAGE: PublicPageMeta = {
  path: '/404',
  title: 'Page not found · Credence',
  description: 'There is no page at this address.',
};

export function publicPageMeta(path: string): PublicPageMeta | undefined {
  return PUBLIC_PAGES.find((page) => page.path === path);
}
