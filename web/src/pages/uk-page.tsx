/**
 * /uk/: the UK company explorer (spec 2 2.2, 2.4, 2.5). Without companyNumber in the address it
 * shows the search landing; with one, the company view. The address is the state: choosing a
 * company replaces the history entry with companyNumber and category=overview (spec 2 2.2).
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { createCompanyOverviewViewModel, type CompanySearchResult } from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useServices } from '../app/services.tsx';
import { explorerSearch, readExplorerParams, type ExplorerParams } from '../features/explorer/explorer-url.ts';
import { PdfViewerProvider } from '../features/explorer/pdf-viewer.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { CompanyView } from './uk/company-view.tsx';
import { ExplorerFooter } from './uk/explorer-footer.tsx';
import { Landing } from './uk/landing.tsx';
import '../ui/data.css';
import './uk/uk.css';
import '../features/watchlists/watchlists.css';

export default function UkPage() {
  const { client } = useServices();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const params = readExplorerParams(search);
  const [model] = useState(() => createCompanyOverviewViewModel({ client }));
  const state = useViewModel(model);
  useDocumentTitle(state.overview?.company_profile.company_name ?? 'UK Companies Explorer');

  useEffect(() => {
    if (params.companyNumber && params.companyNumber !== model.getState().companyNumber) model.open(params.companyNumber);
    if (!params.companyNumber && model.getState().companyNumber) model.close();
  }, [model, params.companyNumber]);

  useEffect(() => {
    model.start();
    return () => model.dispose();
  }, [model]);

  const update = useCallback(
    (next: Partial<ExplorerParams>) =>
      setSearch(explorerSearch({ ...readExplorerParams(new URLSearchParams(window.location.search)), ...next }), {
        replace: true,
        preventScrollReset: true,
      }),
    [setSearch],
  );

  const select = useCallback(
    (result: CompanySearchResult) => {
      const current = new URLSearchParams(window.location.search);
      const to = `/uk/?${explorerSearch({ companyNumber: result.CompanyNumber, category: 'overview' })}`;
      // spec 2 2.2: a selection replaces the history entry; from the landing it is a new view
      navigate(to, { replace: current.has('companyNumber') });
      window.scrollTo({ top: 0 });
    },
    [navigate],
  );

  return (
    <PdfViewerProvider>
      {params.companyNumber ? (
        <CompanyView model={model} state={state} params={params} update={update} onSelect={select} onReturn={() => navigate('/uk/')} />
      ) : (
        <Landing onSelect={select} />
      )}
      <ExplorerFooter
        company={params.companyNumber ? { number: params.companyNumber, name: state.overview?.company_profile.company_name ?? null } : null}
      />
    </PdfViewerProvider>
  );
}
