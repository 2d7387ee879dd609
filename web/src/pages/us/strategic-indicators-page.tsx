/**
 * /us/equity_analysis/strategic-indicators (spec 3 section 2): without cik the search landing;
 * with cik the company header, KPI table navigation, KPI search, the annual/quarterly toggle and
 * the KPI table. The address (cik, category, table_name, kpi_name) is the state: every choice
 * writes it and the view model follows it. An unknown cik goes to /us/equity_analysis/search.
 */
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  createStrategicIndicatorsViewModel,
  readStrategicIndicatorsAddress,
  strategicIndicatorsSearch,
  US_EQUITY_TEXTS,
  type UsCompany,
  type UsDocumentCategory,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { CONTACT_EMAIL } from '../../public/site-config.ts';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { useToaster } from '../../ui/toasts.tsx';
import { KpiNavigation } from './kpi-navigation.tsx';
import { UsCompanyHeader } from './us-company-header.tsx';
import { UsLanding } from './us-landing.tsx';
import { saveBytes } from './save-bytes.ts';
import { STRATEGIC_INDICATORS_PATH, US_SEARCH_PATH } from './paths.ts';
import { takeBootPrefetch } from './boot-prefetch.ts';
import './us.css';

export default function StrategicIndicatorsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const address = readStrategicIndicatorsAddress(params);
  const state = location.state as { unknownCik?: string; company?: UsCompany } | null;
  // the search's company goes along: the page asks for its KPI list at once, not for it again
  const open = (company: UsCompany | null) =>
    company
      ? navigate(`${STRATEGIC_INDICATORS_PATH}?cik=${encodeURIComponent(company.cik_str)}`, { state: { company } })
      : navigate(STRATEGIC_INDICATORS_PATH);
  if (!address) return <UsLanding onSelect={open} unknownCik={state?.unknownCik ?? null} />;
  return <CompanyIndicators key="company" search={params.toString()} known={state?.company ?? null} />;
}

function CompanyIndicators({ search, known }: { search: string; known: UsCompany | null }) {
  const { client } = useServices();
  const toasts = useToaster();
  const [, setParams] = useSearchParams();
  const [model] = useState(() => createStrategicIndicatorsViewModel({ client }));
  const state = useViewModel(model);
  useDocumentTitle(state.company ? `${state.company.title} · Strategic Indicators` : 'Strategic Indicators');

  useEffect(() => {
    const address = readStrategicIndicatorsAddress(new URLSearchParams(search));
    if (!address) return;
    // calls already started: at the app's start (a cik in the first address) or the search's company
    model.open(address, { prefetch: takeBootPrefetch(), company: known });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the company of the navigation that opened this address only
  }, [model, search]);
  useEffect(() => () => model.dispose(), [model]);

  if (state.companyStatus === 'missing') return <Navigate to={US_SEARCH_PATH} replace state={{ unknownCik: state.cik }} />;

  /** A choice goes into the address (a history entry each), which the view model then follows. */
  function go(change: { category?: UsDocumentCategory; tableName?: string | null; kpiName?: string | null }) {
    const s = model.getState();
    const next = strategicIndicatorsSearch({
      cik: s.company?.cik_str ?? s.cik,
      category: change.category ?? s.category,
      tableName: change.tableName === undefined ? s.tableName : change.tableName,
      kpiName: change.kpiName === undefined ? s.kpiName : change.kpiName,
    });
    setParams(new URLSearchParams(next));
  }

  async function request() {
    const result = await model.requestCompany();
    toasts.show(result.ok ? 'success' : 'error', result.text);
  }

  async function download() {
    const result = await model.downloadExcel();
    if ('error' in result) return toasts.show('error', result.error);
    saveBytes(result.bytes, result.fileName, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  }

  return (
    <div className="page us-page">
      {state.companyStatus === 'loading' && <p className="us-page__loading">Loading company…</p>}
      {state.companyStatus === 'error' && (
        <p className="notice notice--error" role="alert">
          {state.companyError ?? US_EQUITY_TEXTS.companyDataFailed}
        </p>
      )}
      {state.company && (
        <UsCompanyHeader company={state.company} busy={state.busy} onRequest={() => void request()} onDownload={() => void download()} />
      )}
      {state.company && !state.company.available && (
        <p className="notice notice--info us-page__empty">{US_EQUITY_TEXTS.noFacts(state.company.title)}</p>
      )}
      {state.kpisStatus === 'quota' && (
        <div className="notice notice--error us-page__quota" role="alert">
          <p>{US_EQUITY_TEXTS.quotaExceeded}</p>
          <a className="button button--secondary" href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('More Credence credits')}`}>
            Get In Touch
          </a>
        </div>
      )}
      {state.kpisStatus === 'error' && (
        <p className="notice notice--error" role="alert">
          {state.kpisError}
        </p>
      )}
      {(state.kpisStatus === 'ready' || state.kpisStatus === 'loading') && state.company && (
        <KpiNavigation
          model={model}
          state={state}
          onCategory={(category) => go({ category, kpiName: null })}
          onTable={(tableName) => go({ tableName, kpiName: null })}
          onKpi={(item) => {
            model.setKpiQuery('');
            go({ category: item.category, tableName: item.table_name, kpiName: item.name });
          }}
        />
      )}
    </div>
  );
}
