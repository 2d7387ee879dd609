/**
 * The route table. Every page is its own chunk (React.lazy): /login loads the app's core and the
 * sign-in form only. `pages` doubles as the preload list (the database selector warms /uk/).
 */
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { publicRoutes } from '../public/public-routes.ts';
import { RequireSession, SignedOutOnly } from './guards.tsx';
import { pages, type Loader } from './pages.ts';
import { RootLayout, RouteError } from './root-layout.tsx';

function page(load: Loader) {
  const Page = lazy(load);
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // the public site: `/` and the marketing pages (their own chunks, see public/public-routes.ts)
      publicRoutes,
      {
        element: <SignedOutOnly honourRedirect />,
        children: [
          { path: 'login', element: page(pages.login) },
          { path: 'signup', element: page(pages.signup) },
        ],
      },
      {
        element: <SignedOutOnly honourRedirect={false} />,
        children: [
          { path: 'forgot_password', element: page(pages.forgotPassword) },
          { path: 'reset-password/:token', element: page(pages.resetPassword) },
        ],
      },
      { path: 'verify/:token', element: page(pages.verify) },
      {
        element: <RequireSession />,
        children: [
          {
            element: page(pages.shell),
            children: [
              { path: 'home', element: page(pages.home) },
              { path: 'home/companies-house', element: page(pages.companiesHouse) },
              { path: 'analysis', element: page(pages.analysis) },
              // US equity (spec 3): /us and /us/equity_analysis lead to the strategic indicators
              { path: 'us', element: <Navigate to="/us/equity_analysis/strategic-indicators" replace /> },
              { path: 'us/equity_analysis', element: <Navigate to="/us/equity_analysis/strategic-indicators" replace /> },
              { path: 'us/equity_analysis/strategic-indicators', element: page(pages.usStrategicIndicators) },
              { path: 'us/equity_analysis/search', element: page(pages.usStrategicIndicators) },
              { path: 'us/analysis', element: page(pages.usAnalysis) },
              { path: 'backlinker', element: page(pages.backlinker) },
              // areas later issues build: a page that says what is coming (features/upcoming)
              { path: 'us/*', element: page(pages.comingSoon) },
              { path: 'uk/*', element: page(pages.uk) },
              { path: 'companies-screener', element: page(pages.companiesScreener) },
              { path: 'creditors-screener', element: page(pages.creditorsScreener) },
              // issue 29 §3: the signed-in user's watchlists
              { path: 'watchlists', element: page(pages.watchlists) },
              { path: 'approve/:token', element: page(pages.approve) },
              // ops tools (issue 17): the ops and admin roles; others see a refusal
              { path: 'intern-instance-manager', element: page(pages.instanceManager) },
              { path: 'ec2-monitoring', element: page(pages.ec2Monitoring) },
            ],
          },
        ],
      },
      {
        // spec 3 sections 2 and 6: data insights and restructuring send visitors to /signup (with the address to come back to)
        element: <RequireSession to="signup" />,
        children: [
          {
            element: page(pages.shell),
            children: [
              { path: 'us/equity_analysis/data_insights', element: page(pages.usDataInsights) },
              { path: 'us/restructuring', element: page(pages.restructuring) },
            ],
          },
        ],
      },
    ],
  },
];
