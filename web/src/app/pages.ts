/**
 * Each page's chunk, loaded on first visit (or ahead of it, as the database selector does for /uk/).
 * Every page here calls the API, so the typed client's chunk comes with it (in parallel) rather
 * than on the first call; the public site (public/public-routes.ts) leaves it out.
 */
import type { ComponentType } from 'react';
import { loadTypedClient } from '../features/api/web-api.ts';

export type Loader = () => Promise<{ default: ComponentType }>;

const chunks = {
  login: () => import('../pages/login-page.tsx'),
  signup: () => import('../pages/signup-page.tsx'),
  forgotPassword: () => import('../pages/forgot-password-page.tsx'),
  resetPassword: () => import('../pages/reset-password-page.tsx'),
  verify: () => import('../pages/verify-page.tsx'),
  approve: () => import('../pages/approve-page.tsx'),
  home: () => import('../pages/home-page.tsx'),
  uk: () => import('../pages/uk-page.tsx'),
  companiesScreener: () => import('../pages/companies-screener-page.tsx'),
  creditorsScreener: () => import('../pages/creditors-screener-page.tsx'),
  watchlists: () => import('../pages/watchlists-page.tsx'),
  comingSoon: () => import('../pages/coming-soon-page.tsx'),
  restructuring: () => import('../features/restructuring/restructuring-page.tsx'),
  analysis: () => import('../features/research/analysis-page.tsx'),
  companiesHouse: () => import('../pages/companies-house-redirect.tsx'),
  instanceManager: () => import('../pages/instance-manager-page.tsx'),
  ec2Monitoring: () => import('../pages/ec2-monitoring-page.tsx'),
  shell: () => import('./app-shell.tsx'),
  usStrategicIndicators: () => import('../pages/us/strategic-indicators-page.tsx'),
  usAnalysis: () => import('../pages/us/us-analysis-page.tsx'),
  backlinker: () => import('../pages/us/backlinker-page.tsx'),
  usDataInsights: () => import('../pages/us/data-insights-page.tsx'),
} satisfies Record<string, Loader>;

async function withClient<M>(page: Promise<M>): Promise<M> {
  const [module] = await Promise.all([page, loadTypedClient()]);
  return module;
}

export const pages = Object.fromEntries(
  Object.entries(chunks).map(([name, load]) => [name, () => withClient(load())]),
) as unknown as typeof chunks;
