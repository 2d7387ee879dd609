/**
 * /backlinker (spec 3 section 2): the source of one KPI value. The company's name, the form type,
 * the filing's report date, a link to the filing at the SEC, and the filing's sanitized document
 * with the fact highlighted and scrolled into view; the value's info; and for a derived value its
 * quarterised operands. A filing from before inline XBRL says so and links to the SEC document.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  createKpiSourceViewModel,
  formatKpiValue,
  kpiPeriodTitle,
  kpiValueFacts,
  operandRows,
  parseDocumentCategory,
  backlinkerPath,
  US_SAMPLE_NOTICE,
  type UsHighlightedSource,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FilingFrame } from './filing-frame.tsx';
import { STRATEGIC_INDICATORS_PATH } from './paths.ts';
import './us.css';

export default function BacklinkerPage() {
  const { client } = useServices();
  const [params] = useSearchParams();
  const cik = params.get('cik')?.trim() ?? '';
  const kvId = params.get('kv_id')?.trim() ?? '';
  const category = parseDocumentCategory(params.get('doc_cg'));
  const [model] = useState(() => createKpiSourceViewModel({ client }));
  const state = useViewModel(model);
  const source = state.source;
  useDocumentTitle(source ? `${source.kpi_info.row_header_name} ${kpiPeriodTitle(source.kpi_info)} · ${source.company_name}` : 'Source');

  useEffect(() => {
    if (cik && kvId) model.open(cik, kvId, category);
    return () => model.dispose();
  }, [model, cik, kvId, category]);

  if (!cik || !kvId)
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Source</h1>
        <p className="notice notice--info">
          Open a figure's source from a KPI table: <Link to={STRATEGIC_INDICATORS_PATH}>US strategic indicators</Link>.
        </p>
      </div>
    );
  return (
    <div className="page us-source">
      {state.status === 'loading' && <Spinner size="large" label="Loading the source" />}
      {state.status === 'error' && <ErrorNotice message={state.error ?? ''} onRetry={() => model.open(cik, kvId, category)} />}
      {source && <SourceView cik={cik} source={source} />}
    </div>
  );
}

function SourceView({ cik, source }: { cik: string; source: UsHighlightedSource }) {
  const v = source.kpi_info;
  const tableHref = `${STRATEGIC_INDICATORS_PATH}?${new URLSearchParams({
    cik,
    ...(v.ending_type === 'FY' ? {} : { category: 'quarterly' }),
    table_name: v.table_name,
    kpi_name: v.name,
  }).toString()}`;
  const rows = operandRows(v);
  return (
    <>
      <header className="us-source__header">
        <p className="us-source__crumbs">
          <Link to={tableHref}>
            {source.company_name} · {v.table_name}
          </Link>
        </p>
        <h1 className="us-source__title">
          {v.row_header_name} · {kpiPeriodTitle(v)}
          {v.derived && <span className="badge us-source__derived">Derived</span>}
        </h1>
        <p className="us-source__meta">
          <span>{source.company_name}</span>
          {source.form_type && <span>Form {source.form_type}</span>}
          {source.filing_report_date && <span>Report date {source.filing_report_date}</span>}
          {source.sec_source_url ? (
            <a href={source.sec_source_url} target="_blank" rel="noreferrer noopener">
              The filing at the SEC<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <span className="muted">{US_SAMPLE_NOTICE}</span>
          )}
        </p>
      </header>
      <dl className="us-source__facts" aria-label="KPI info">
        {kpiValueFacts(v).map(([label, text]) => (
          <div key={label} className="us-source__fact">
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {v.derived && rows.length > 0 && (
        <section className="us-source__operands" aria-labelledby="operands-title">
          <h2 id="operands-title" className="us-source__subtitle">
            Quarterised value{v.formula ? `: ${v.formula}` : ''}
          </h2>
          <table className="us-table__grid us-source__operand-table">
            <thead>
              <tr>
                <th scope="col"> </th>
                <th scope="col">Figure</th>
                <th scope="col">Period</th>
                <th scope="col">Value</th>
                <th scope="col">Tag / filing</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={`${o.role}-${o.label}`}>
                  <td>{o.role}</td>
                  <td>
                    {o.kpi_value_id ? (
                      <Link to={backlinkerPath(cik, o.kpi_value_id, o.kpi_value_id.includes('@FY') ? 'annual' : 'quarterly')}>
                        {o.label}
                      </Link>
                    ) : (
                      o.label
                    )}
                  </td>
                  <td>{o.period}</td>
                  <td className="us-table__cell">{o.value}</td>
                  <td>{o.source}</td>
                </tr>
              ))}
              <tr className="us-source__result">
                <td>=</td>
                <td>
                  {v.row_header_name} {kpiPeriodTitle(v)}
                </td>
                <td>{v.fiscal_date}</td>
                <td className="us-table__cell">{formatKpiValue(v.value, v.unit)}</td>
                <td>derived</td>
              </tr>
            </tbody>
          </table>
        </section>
      )}
      {source.sentence && (
        <p className="us-source__sentence">
          <span className="muted">Shown in the filing as: </span>
          {source.sentence}
        </p>
      )}
      {source.message && (
        <p className="notice notice--info us-source__message" role="status">
          {source.message}{' '}
          {source.sec_source_url && (
            <a href={source.sec_source_url} target="_blank" rel="noreferrer noopener">
              Open the document at the SEC
            </a>
          )}
        </p>
      )}
      {source.raw_html && (
        <FilingFrame
          html={source.raw_html}
          highlightId={source.highlight_id}
          title={`${source.company_name} ${source.form_type ?? 'filing'}`}
        />
      )}
    </>
  );
}
