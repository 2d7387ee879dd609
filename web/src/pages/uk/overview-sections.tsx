/**
 * The overview page's sections (spec 2 2.5-2.9), in page order, each under its anchor. Rules and
 * formats come from @credence/shared; these components only lay the results out.
 */
import { Component, useEffect, useState, type ReactNode } from 'react';
import {
  addressLines,
  currencySymbol,
  EMPTY_TEXTS,
  FINANCIAL_SUMMARY_LABELS,
  fiscalYearLabel,
  formatDate,
  formatEmployees,
  formatMillions,
  formatStatementFigure,
  keyFigureChangeText,
  keyFigures,
  keyFigureText,
  KPI_CARD_KEYS,
  LABEL_LENGTHS,
  NOT_AVAILABLE,
  sicLines,
  statementUnit,
  truncateLabel,
  type CompanyOverview,
  type CompanyOverviewState,
  type CompanyOverviewViewModel,
  type FinancialSummaryKey,
  type SeriesItem,
} from '@credence/shared';
import { pdfTarget, SOURCE_MISSING_NOTICE, type OverviewAnchor } from '../../features/explorer/explorer-url.ts';
import { PageLinks, SourceValue } from '../../features/explorer/pdf-viewer.tsx';
import { BarChart } from '../../ui/bar-chart.tsx';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CapitalPanel } from './capital-panel.tsx';
import { ChargesPanel } from './charges-panel.tsx';
import { CompliancePanel } from './compliance-panel.tsx';
import { LeadershipPanel } from './leadership-panel.tsx';
import { CreditRatios } from './credit-ratios.tsx';
import { DistressSignals } from './distress-signals.tsx';
import { StatusBadge } from './company-header.tsx';
import { ChangeCell, StatementTable } from './statement-table.tsx';
import { Tabs } from './tabs.tsx';

export const SECTION_FAILED = 'Something went wrong in this section.';

class SectionBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="notice notice--error">{SECTION_FAILED}</p> : this.props.children;
  }
}

export function Section({ id, title, children, wide }: { id: string; title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section
      id={id}
      className={`panel overview-section${wide ? ' overview-section--wide' : ''}`}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      <h2 id={`${id}-title`} className="overview-section__title">
        {title}
      </h2>
      <SectionBoundary>{children}</SectionBoundary>
    </section>
  );
}

export function OverviewSections({
  model,
  state,
  anchors,
}: {
  model: CompanyOverviewViewModel;
  state: CompanyOverviewState;
  anchors: OverviewAnchor[];
}) {
  const overview = state.overview!;
  const has = (id: string) => anchors.some((a) => a.id === id);
  const number = overview.company_profile.company_number;
  return (
    <div className="overview">
      <DistressSignals overview={overview} />
      {has('financial-summary') && (
        <Section id="financial-summary" title="Financial Summary" wide>
          <KpiCards overview={overview} />
          <CreditRatios overview={overview} />
        </Section>
      )}
      <Section id="company-profile" title="Company Profile">
        <CompanyProfile overview={overview} />
      </Section>
      {has('business-overview') && (
        <Section id="business-overview" title="Business Overview">
          <p className="prose">{overview.document_summary?.businessOverview ?? EMPTY_TEXTS.summary}</p>
        </Section>
      )}
      {has('key-financials') && (
        <Section id="key-financials" title="Current Financials" wide>
          <CurrentFinancials model={model} state={state} />
        </Section>
      )}
      <Section id="officers" title="Leadership Overview" wide>
        <LeadershipPanel model={model} state={state} />
      </Section>
      {has('key-highlights') && (
        <Section id="key-highlights" title="Financial Analysis Summary" wide>
          <AnalysisSummary overview={overview} />
        </Section>
      )}
      {has('charges') && (
        <Section id="charges" title="Creditor and Charges" wide>
          <ChargesPanel overview={overview} />
        </Section>
      )}
      {has('capital-overview') && (
        <Section id="capital-overview" title="Share Capital" wide>
          <CapitalPanel overview={overview} />
        </Section>
      )}
      {has('risk-profile') && (
        <Section id="risk-profile" title="Corporate Risk Assessment" wide>
          <RiskAssessment overview={overview} />
        </Section>
      )}
      <Section id="confirmation-statement" title="Regulatory Compliance Risk Tracker" wide>
        <CompliancePanel model={model} overview={overview} />
      </Section>
      {has('auditor-profile') && (
        <Section id="auditor-profile" title="Auditor Information">
          <dl className="facts">
            <dt>Auditor</dt>
            <dd>{overview.document_metadata?.additionalDetails?.auditor?.name ?? NOT_AVAILABLE}</dd>
            <dt>Opinion</dt>
            <dd>{overview.document_summary?.auditorOpinion?.value ?? NOT_AVAILABLE}</dd>
          </dl>
          <span hidden>{number}</span>
        </Section>
      )}
    </div>
  );
}

export const KPI_CARDS: ReadonlyArray<{ key: FinancialSummaryKey; label: string }> = KPI_CARD_KEYS.map((key) => ({
  key,
  label: FINANCIAL_SUMMARY_LABELS[key],
}));

/** The KPI cards: each metric in the latest financial year (shared keyFigures), with the change on the year before. */
export function KpiCards({ overview }: { overview: CompanyOverview }) {
  const figures = keyFigures(overview.financial_summary);
  const year = figures?.turnover?.year ?? null;
  const number = overview.company_profile.company_number;
  let anyClickable = false;
  const cards = KPI_CARDS.map(({ key, label }) => {
    const figure = figures?.[key] ?? null;
    const change = figure?.change ?? null;
    const target = pdfTarget(number, figure?.document_id, figure?.pageNumber, `${label} ${fiscalYearLabel(year)}`);
    if (target) anyClickable = true;
    return (
      <div key={key} className="kpi-card" data-metric={key}>
        <span className="kpi-card__label">{label}</span>
        <span className="kpi-card__value">
          <SourceValue target={target} label={label}>
            {keyFigureText(key, figure?.value, figure?.currency)}
          </SourceValue>
        </span>
        <span
          className={`kpi-card__change kpi-card__change--${!change || change.good === null ? 'flat' : change.good ? 'good' : 'bad'}`}
          title="Change on the year before"
        >
          {keyFigureChangeText(figure)}
        </span>
      </div>
    );
  });
  return (
    <>
      <p className="overview-section__sub">Financial year {year ?? NOT_AVAILABLE}</p>
      <div className="kpi-grid">{cards}</div>
      {!anyClickable && <p className="muted">{SOURCE_MISSING_NOTICE}</p>}
    </>
  );
}

export function CompanyProfile({ overview }: { overview: CompanyOverview }) {
  const p = overview.company_profile;
  const sic = sicLines(p.company_metadata, p.sic_codes);
  return (
    <dl className="facts">
      <dt>Incorporated</dt>
      <dd>{formatDate(p.incorporation_date)}</dd>
      <dt>Status</dt>
      <dd>
        <StatusBadge status={p.company_status} />
      </dd>
      <dt>Type</dt>
      <dd>{p.company_category ?? NOT_AVAILABLE}</dd>
      <dt>Country of origin</dt>
      <dd>{p.country_of_origin ?? NOT_AVAILABLE}</dd>
      <dt>{sic.length > 1 ? 'SIC codes' : 'SIC code'}</dt>
      <dd>
        {sic.length === 0
          ? NOT_AVAILABLE
          : sic.map((line) => (
              <span key={line} className="address-line">
                {line}
              </span>
            ))}
      </dd>
      <dt>Registered address</dt>
      <dd>
        <address>
          {addressLines(p.registered_address).map((line, i) => (
            <span key={i} className="address-line">
              {line}
            </span>
          ))}
        </address>
      </dd>
    </dl>
  );
}

type FinancialTab = 'summary' | 'balance' | 'income' | 'cash';

function CurrentFinancials({ model, state }: { model: CompanyOverviewViewModel; state: CompanyOverviewState }) {
  const [tab, setTab] = useState<FinancialTab>('summary');
  const { financials } = state;
  useEffect(() => model.loadFinancials(), [model]);
  const overview = state.overview!;
  const number = overview.company_profile.company_number;
  const tabs: { id: FinancialTab; label: string }[] = [
    { id: 'summary', label: 'Financial Summary' },
    { id: 'balance', label: 'Balance Sheet' },
    { id: 'income', label: 'Income Statement' },
    { id: 'cash', label: 'Cash Flow' },
  ];
  let body: ReactNode;
  if (tab === 'summary') body = <SummaryTable overview={overview} />;
  else if (financials.status === 'loading' || financials.status === 'idle')
    body = (
      <p role="status">
        <Spinner /> Loading financial data...
      </p>
    );
  else if (financials.status === 'error') body = <ErrorNotice message={financials.error ?? ''} onRetry={() => model.loadFinancials()} />;
  else {
    const data = financials.data!;
    const years =
      tab === 'balance'
        ? data.standardized_balance_sheet
        : tab === 'income'
          ? data.standardized_income_statement
          : data.standardized_cash_flow_statement;
    body = <StatementTable years={years} companyNumber={number} />;
  }
  return (
    <Tabs label="Current Financials" tabs={tabs} active={tab} onChange={setTab}>
      {body}
    </Tabs>
  );
}

function SummaryTable({ overview }: { overview: CompanyOverview }) {
  const summary = overview.financial_summary;
  const number = overview.company_profile.company_number;
  const years = [...new Set(Object.values(summary ?? {}).flatMap((s) => (s as SeriesItem[]).map((i) => i.year)))]
    .sort((a, b) => b - a)
    .slice(0, 5);
  if (!summary || years.length === 0) return <p>{EMPTY_TEXTS.financials}</p>;
  // one unit for the table (shared rules/uk/statements.ts): the amounts of the years shown
  const amounts = KPI_CARDS.filter((c) => c.key !== 'employeeCount').flatMap(({ key }) =>
    (summary[key] ?? []).filter((s) => years.includes(s.year)).map((s) => s.value),
  );
  const unit = statementUnit(
    amounts,
    Object.values(summary)
      .flatMap((s) => (s as SeriesItem[]) ?? [])
      .find((s) => s.currency)?.currency,
  );
  return (
    <>
      <div className="table-scroll">
        <table className="simple-table simple-table--numbers statement-table" data-unit={unit.label}>
          <thead>
            <tr>
              <th scope="col">Amounts in {unit.label}</th>
              {years.map((y) => (
                <th key={y} scope="col">
                  FY{y}
                </th>
              ))}
              <th scope="col">
                Change<span className="visually-hidden"> on the year before</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {KPI_CARDS.map(({ key, label }) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {years.map((y) => {
                  const item = (summary[key] ?? []).find((s) => s.year === y);
                  return (
                    <td key={y}>
                      <SourceValue target={pdfTarget(number, item?.document_id, item?.pageNumber, `${label} FY${y}`)}>
                        {formatStatementFigure(item?.value, key === 'employeeCount' ? 'count' : 'amount', unit)}
                      </SourceValue>
                    </td>
                  );
                })}
                <ChangeCell
                  metric={key}
                  current={(summary[key] ?? []).find((s) => s.year === years[0])?.value ?? null}
                  previous={(summary[key] ?? []).find((s) => s.year === years[0] - 1)?.value ?? null}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SummaryCharts summary={summary} years={years} />
    </>
  );
}

/** One bar chart per key metric over the years the table shows, oldest first; amounts in millions. */
function SummaryCharts({ summary, years }: { summary: NonNullable<CompanyOverview['financial_summary']>; years: readonly number[] }) {
  const ascending = [...years].sort((a, b) => a - b);
  return (
    <ul className="metric-charts" aria-label="Financial Summary charts">
      {KPI_CARDS.map(({ key, label }) => {
        const series = summary[key] ?? [];
        const points = ascending.map((y) => ({
          label: `FY${y}`,
          tick: `FY${String(y).slice(-2)}`,
          value: series.find((s) => s.year === y)?.value ?? null,
        }));
        const count = key === 'employeeCount';
        const currency = series.find((s) => s.currency)?.currency ?? 'GBP';
        const title = count ? label : `${label} (${currencySymbol(currency)}m)`;
        return (
          <li key={key} className="metric-charts__item">
            <span className="metric-charts__title">{title}</span>
            <BarChart title={title} points={points} format={count ? formatEmployees : formatMillions} />
          </li>
        );
      })}
    </ul>
  );
}

type AnalysisTab = 'highlights' | 'outlook' | 'policies';

function AnalysisSummary({ overview }: { overview: CompanyOverview }) {
  const [tab, setTab] = useState<AnalysisTab>('highlights');
  const summary = overview.document_summary;
  const number = overview.company_profile.company_number;
  const doc = summary?.document_id ?? overview.filing_details?.document_id ?? null;
  const items =
    tab === 'highlights'
      ? (summary?.keyHighlights?.length ? summary.keyHighlights : (overview.document_key_highlights ?? [])).map((h) => ({
          text: h.highlight,
          pages: h.pageNumbers,
        }))
      : tab === 'outlook'
        ? (summary?.futureOutlook ?? []).map((o) => ({ text: o.outlookItem, pages: o.pageNumbers }))
        : (summary?.criticalAccountingPolicies ?? []).map((p) => ({ text: p.policy, pages: p.pageNumbers }));
  return (
    <Tabs
      label="Financial Analysis Summary"
      tabs={[
        { id: 'highlights', label: 'Key Highlights' },
        { id: 'outlook', label: 'Future Outlook' },
        { id: 'policies', label: 'Accounting Policies' },
      ]}
      active={tab}
      onChange={setTab}
    >
      {items.length === 0 ? (
        <p>{EMPTY_TEXTS.section}</p>
      ) : (
        <ul className="bullet-list">
          {items.map((item, i) => (
            <li key={i}>
              {item.text} <PageLinks companyNumber={number} documentId={doc} pages={item.pages} title="Annual report" />
            </li>
          ))}
        </ul>
      )}
    </Tabs>
  );
}

export const RISK_CATEGORIES = ['Strategic', 'Operational', 'Financial', 'Regulatory', 'Other'] as const;

export function riskCategoryOf(category: string | null | undefined): (typeof RISK_CATEGORIES)[number] {
  const found = RISK_CATEGORIES.find((c) => c.toLowerCase() === (category ?? '').trim().toLowerCase());
  return found ?? 'Other';
}

function RiskAssessment({ overview }: { overview: CompanyOverview }) {
  const [category, setCategory] = useState<string>('all');
  const [expanded, setExpanded] = useState(true);
  const summary = overview.document_summary!;
  const number = overview.company_profile.company_number;
  const risks = summary.riskOverview.filter((r) => category === 'all' || riskCategoryOf(r.riskCategory) === category);
  const management = summary.managementDiscussionSummary;
  return (
    <div className="risk">
      {management && (
        <div className="risk__summary">
          <h3 className="risk__subtitle">Management summary</h3>
          <p className="prose">
            {expanded ? management.value : truncateLabel(management.value, LABEL_LENGTHS.summaryPreview)}{' '}
            <PageLinks companyNumber={number} documentId={summary.document_id} pages={management.pageNumbers} title="Annual report" />
          </p>
          {management.value.length > LABEL_LENGTHS.summaryPreview && (
            <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Show Less' : 'Show More'}
            </button>
          )}
        </div>
      )}
      <label className="inline-field">
        <span>Category</span>
        <select value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="all">All categories</option>
          {RISK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {risks.length === 0 ? (
        <p>{EMPTY_TEXTS.risks}</p>
      ) : (
        <ul className="risk__list">
          {risks.map((r, i) => (
            <li key={i} className={`risk__item risk__item--${riskCategoryOf(r.riskCategory).toLowerCase()}`}>
              <span className="risk__category">{riskCategoryOf(r.riskCategory)}</span>
              <span>
                {r.riskDescription}{' '}
                <PageLinks companyNumber={number} documentId={summary.document_id} pages={r.pageNumbers} title="Annual report" />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="risk__footer muted">Last updated from the latest annual report · {fiscalYearLabel(summary.fiscal_year)}</p>
    </div>
  );
}
