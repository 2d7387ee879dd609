/**
 * The public site's routes (spec 1 section 2). Each page is its own chunk loaded by the router
 * before it renders (route `lazy`), so the page appears in one paint over the HTML the server
 * sent, and `/` downloads none of the signed-in app's pages.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type Module = Record<string, unknown> & { default?: ComponentType };

function page<M extends Module>(load: () => Promise<M>, name: keyof M = 'default') {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const products = () => import('./pages/product-page.tsx');

export const publicRoutes: RouteObject = {
  lazy: page(() => import('./layout/public-layout.tsx')),
  children: [
    { index: true, lazy: page(() => import('./pages/landing-page.tsx')) },
    { path: 'pricing', lazy: page(() => import('./pages/pricing-page.tsx')) },
    { path: 'security', lazy: page(() => import('./pages/security-page.tsx')) },
    { path: 'company', lazy: page(() => import('./pages/company-page.tsx')) },
    { path: 'contact-us', lazy: page(() => import('./pages/contact-us-page.tsx')) },
    { path: 'contact-sales', lazy: page(() => import('./pages/contact-sales-page.tsx')) },
    { path: 'solutions', lazy: page(() => import('./pages/solutions-page.tsx')) },
    { path: 'revamped-website', lazy: page(() => import('./pages/solutions-page.tsx')) },
    { path: 'blogs', lazy: page(() => import('./blog/blog-list-page.tsx')) },
    { path: 'blogs/:slug', lazy: page(() => import('./blog/blog-article-page.tsx')) },
    // spec 3 shows no guard: a visitor sees the catalogue (more specific than the app's us/*)
    { path: 'us/integrations', lazy: page(() => import('./pages/integrations-page.tsx')) },
    { path: 'privacy-policy', lazy: page(() => import('./pages/privacy-policy-page.tsx')) },
    {
      path: 'products',
      lazy: page(() => import('./pages/products-layout.tsx')),
      children: [
        { index: true, lazy: page(products, 'ProductsOverview') },
        { path: 'search', lazy: page(products, 'SearchProduct') },
        { path: 'discover', lazy: page(products, 'DiscoverProduct') },
        { path: 'monitor', lazy: page(products, 'MonitorProduct') },
        { path: 'deep-insights', lazy: page(products, 'DeepInsightsProduct') },
      ],
    },
    // any address neither the site nor the app knows, signed in or not (prerendered as 404.html)
    { path: '*', lazy: page(() => import('./pages/not-found-page.tsx')) },
  ],
};
