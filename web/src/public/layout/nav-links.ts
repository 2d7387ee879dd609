/** The public header's and footer's links (spec 1 section 2). */
export interface NavLink {
  label: string;
  to: string;
}

export const PRODUCT_LINKS: readonly NavLink[] = [
  { label: 'Search', to: '/products/search' },
  { label: 'Discover', to: '/products/discover' },
  { label: 'Monitor', to: '/products/monitor' },
  { label: 'Deep Insights', to: '/products/deep-insights' },
];

export const COMPANY_LINKS: readonly NavLink[] = [
  { label: 'About Us', to: '/company#team' },
  { label: 'Careers', to: '/company#careers' },
  { label: 'Contact Us', to: '/contact-us' },
];

/** On the landing page the header also scrolls to its sections. */
export const LANDING_SECTION_LINKS: readonly NavLink[] = [
  { label: 'Product', to: '#product' },
  { label: 'Features', to: '#features' },
  { label: 'Contact', to: '#contact' },
];
