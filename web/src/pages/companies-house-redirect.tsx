/**
 * /home/companies-house (spec 2 2.1): the UK explorer view with companyNumber and category. The
 * explorer lives at /uk/, so this address opens it there with the same company and view
 * (category "aggregated", the aggregated financials, is the explorer's "financials").
 */
import { Navigate, useLocation } from 'react-router';
import { explorerSearch, readExplorerParams } from '../features/explorer/explorer-url.ts';

export default function CompaniesHouseRedirect() {
  const params = new URLSearchParams(useLocation().search);
  if (params.get('category') === 'aggregated') params.set('category', 'financials');
  const query = explorerSearch(readExplorerParams(params)).toString();
  return <Navigate to={`/uk/${query ? `?${query}` : ''}`} replace />;
}
