/**
 * /us/equity_analysis/data_insights (spec 3 sections 2 and 4): a free-text query about one US
 * company. Top bar with the company's logo and ticker, the query input, New Query and Export;
 * below, Observations and Thought Process side by side above the relevant tables (a dropdown
 * labelled by each entry's first element; the KPI table shown with every figure opening its
 * filing). The stages 0-4 follow the shared view model; chatKey in the address names the chat.
 * Observations show their citations as the research chat does: each marker a numbered link to
 * the cited filing tag in /backlinker, the footnotes listed under them.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { createDataInsightsViewModel, type DataInsightsState } from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { AnswerMarkdown } from '../../features/research/answer-markdown.tsx';
import { Footnotes } from '../../features/research/citations.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { useToaster } from '../../ui/toasts.tsx';
import { KpiTable } from './kpi-table.tsx';
import { saveBytes } from './save-bytes.ts';
import { CompanyLogo } from './us-company-header.tsx';
import { UsCompanySearch } from './us-company-search.tsx';
import './us.css';

const STAGES = ['Thought process', 'Relevant tables', 'Observations'] as const;

export default function DataInsightsPage() {
  const { client } = useServices();
  const toasts = useToaster();
  const [params, setParams] = useSearchParams();
  const [model] = useState(() => createDataInsightsViewModel({ client }));
  const state = useViewModel(model);
  const chatKey = params.get('chatKey');
  const cik = params.get('cik');
  useDocumentTitle(state.company ? `${state.company.title} · Data Insights` : 'Data Insights');

  // spec 3: a fresh chatKey when the address has none
  useEffect(() => {
    if (chatKey) return model.open(chatKey, cik);
    const next = new URLSearchParams(window.location.search);
    next.set('chatKey', model.getState().chatKey);
    setParams(next, { replace: true });
  }, [model, chatKey, cik, setParams]);
  useEffect(() => () => model.dispose(), [model]);

  function newQuery() {
    const key = model.newQuery();
    const next = new URLSearchParams(window.location.search);
    next.set('chatKey', key);
    setParams(next);
  }

  async function exportTables() {
    const company = model.getState().company;
    if (!company) return; // spec 3 section 5: nothing without a company
    try {
      const bytes = await client.usDownloadExcel(company.cik_str, company.ticker);
      saveBytes(
        bytes,
        `${company.ticker ?? company.cik_str}-kpis.xlsx`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    } catch (error) {
      toasts.show('error', (error as { error?: string })?.error || 'Export failed');
    }
  }

  const busy = state.stage > 0 && state.stage < 4;
  return (
    <div className="page us-insights" data-stage={state.stage}>
      <header className="us-insights__bar">
        <CompanyLogo company={state.company} />
        {state.company ? (
          <p className="us-insights__company">
            <strong>{state.company.ticker ?? state.company.cik_str}</strong> <span className="muted">{state.company.title}</span>
          </p>
        ) : (
          <UsCompanySearch className="us-insights__picker" label="Choose a US company" onSelect={(c) => c && model.setCompany(c)} />
        )}
        <form
          className="us-insights__query"
          onSubmit={(event) => {
            event.preventDefault();
            void model.run();
          }}
        >
          <label htmlFor="insights-query" className="visually-hidden">
            Query
          </label>
          <input
            id="insights-query"
            type="search"
            placeholder="Add your search query here..."
            value={state.input}
            disabled={busy}
            onChange={(event) => model.setInput(event.target.value)}
          />
        </form>
        <button type="button" className="button button--secondary" onClick={newQuery}>
          New Query
        </button>
        <button type="button" className="button button--primary" onClick={() => void exportTables()} disabled={!state.company}>
          Export
        </button>
      </header>
      <h1 className="us-insights__title">{state.query || 'Data Insights'}</h1>
      <Stages state={state} />
      {state.error && (
        <p className="notice notice--error" role="alert">
          {state.error}
        </p>
      )}
      <div className="us-insights__panes">
        <section className="us-insights__pane" aria-labelledby="observations-title">
          <h2 id="observations-title">Observations</h2>
          {state.stage === 3 && state.selected >= 0 ? (
            <div className="us-insights__skeleton" role="status">
              <p>Analysing all the data...</p>
              <p>Gathering Observations...</p>
            </div>
          ) : state.observations.length > 0 ? (
            <>
              <ul className="us-insights__observations">
                {state.observations.map((o) => (
                  <li key={o}>
                    <AnswerMarkdown text={o} footnotes={state.footnotes} />
                  </li>
                ))}
              </ul>
              <Footnotes footnotes={state.footnotes} />
            </>
          ) : (
            <p className="muted">{state.stage === 4 ? 'No observations for this query.' : 'Observations appear here.'}</p>
          )}
        </section>
        <section className="us-insights__pane" aria-labelledby="thought-title">
          <h2 id="thought-title">Thought Process</h2>
          {state.thoughtProcess.length > 0 ? (
            <ol>
              {state.thoughtProcess.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          ) : (
            <p className="muted">{state.stage === 1 ? 'Thinking…' : 'The plan for your query appears here.'}</p>
          )}
        </section>
      </div>
      <TablesPane state={state} onSelect={(i) => model.selectTable(i)} />
    </div>
  );
}

function Stages({ state }: { state: DataInsightsState }) {
  return (
    <ol className="us-insights__stages" aria-label="Progress">
      {STAGES.map((label, i) => {
        const stage = i + 1;
        const status = state.stage === 0 ? 'pending' : state.stage > stage ? 'done' : state.stage === stage ? 'running' : 'pending';
        return (
          <li key={label} data-status={status} className={`us-insights__stage us-insights__stage--${status}`}>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

function TablesPane({ state, onSelect }: { state: DataInsightsState; onSelect(index: number): void }) {
  if (state.tables.length === 0)
    return (
      <section className="us-insights__tables us-insights__placeholder" aria-label="Relevant tables">
        <p className="muted">
          {state.stage >= 3 && state.stage < 4 ? 'Gathering relevant data..' : 'The tables relevant to your query appear here.'}
        </p>
      </section>
    );
  return (
    <section className="us-insights__tables" aria-label="Relevant tables">
      <label className="us-insights__select">
        <span>Relevant table</span>
        <select value={state.selected} onChange={(event) => onSelect(Number(event.target.value))}>
          {state.selected < 0 && <option value={-1}>Choose a table</option>}
          {state.tables.map((t, i) => (
            <option key={`${t.label}-${i}`} value={i}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {state.tableStatus === 'loading' && <p className="muted">Loading the table…</p>}
      {state.tableStatus === 'error' && <p className="notice notice--error">{state.tableError}</p>}
      {state.table && state.company && <KpiTable cik={state.company.cik_str} table={state.table} markedKpi={null} />}
    </section>
  );
}
