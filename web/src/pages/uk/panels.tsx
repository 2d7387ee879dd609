/** The leadership, charges, share capital and confirmation-statement panels (spec 2 2.6-2.9). */
import { useState } from 'react';
import {
  allPscs,
  averageDurationText,
  CAPITAL_CLASS_LABELS,
  CAPITAL_FILING_CLASSES,
  capitalChart,
  chargeStatusColour,
  chargeTimelineText,
  currencySymbol,
  CS_EVENT_FILTERS,
  CS_STATUS_TEXTS,
  averageDelayText,
  dueInText,
  onTimeText,
  complianceReason,
  EMPTY_TEXTS,
  filterConfirmationEvents,
  filterLeadershipEvents,
  formatCurrency,
  formatDate,
  identityVerificationState,
  identityVerificationSummaryText,
  identityVerificationFindingText,
  LEADERSHIP_FILTERS,
  officersMessage,
  pscNatureText,
  pscsMessage,
  pscStatementText,
  registryChargeUrl,
  registryUrl,
  sortConfirmationEvents,
  sortLeadershipEvents,
  splitCharges,
  type ChargeView,
  type CompanyOverview,
  type CompanyOverviewState,
  type CompanyOverviewViewModel,
  type CsEventFilter,
  type LeadershipFilter,
  type LeadershipInsights,
  type IdentityVerificationSummary,
  type LeadershipSortKey,
  type OfficerView,
  type OverviewInsights,
  type SortDirection,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { BarChart } from '../../ui/bar-chart.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Tabs } from './tabs.tsx';
import { WatchNameButton } from '../../features/watchlists/watch-name-button.tsx';

/** One of the overview's typed insights (shared contract); null when an older server left it out. */
function insight<K extends keyof OverviewInsights>(overview: CompanyOverview, key: K): OverviewInsights[K] | null {
  return overview.insights?.[key] ?? null;
}

const pct = (value: number | null | undefined) => (value === null || value === undefined ? 'N/A' : value.toFixed(2));

/* ---------------------------------------------------------------- leadership (2.6) */

type LeadershipTab = 'insights' | 'active' | 'resigned' | 'pscs';

export function LeadershipPanel({ model, state }: { model: CompanyOverviewViewModel; state: CompanyOverviewState }) {
  const [tab, setTab] = useState<LeadershipTab>('insights');
  const overview = state.overview!;
  const insights = insight(overview, 'leadership');
  const { officers } = state;
  const list = officers.data.officers.data;
  const active = list.filter((o) => !o.resigned_on);
  const resigned = list.filter((o) => o.resigned_on);
  const pscs = allPscs(officers.data);
  const loading = officers.status === 'loading' || officers.status === 'idle';
  const count = (n: number, fallback?: number) => (loading ? (fallback ?? '…') : n);
  let body;
  if (tab === 'insights') body = <LeadershipInsightsView model={model} insights={insights} />;
  else if (loading) body = <Spinner label="Loading officers" />;
  else if (tab === 'pscs') {
    const message = pscsMessage(officers);
    body = message ? (
      <p>{message}</p>
    ) : (
      <ul className="people">
        {pscs.map((p, i) => (
          <li key={i} className="people__item">
            <strong>{p.name ?? (p.statement ? pscStatementText(p.statement) : 'Statement')}</strong>
            <span className="muted">
              {p.kind} · notified {formatDate(p.notified_on)}
              {p.ceased_on ? ` · ceased ${formatDate(p.ceased_on)}` : ''}
            </span>
            {p.natures_of_control.length > 0 && (
              <span className="people__natures">{p.natures_of_control.map(pscNatureText).join('; ')}</span>
            )}
            {!p.ceased_on && p.kind.startsWith('individual') && <IdentityVerificationLine details={p.identity_verification_details} />}
          </li>
        ))}
      </ul>
    );
  } else {
    const rows = tab === 'active' ? active : resigned;
    const message = officersMessage(officers) ?? (rows.length === 0 ? 'No officers to display' : null);
    body = message ? (
      <p>{message}</p>
    ) : (
      <ul className="people">
        {rows.map((o, i) => (
          <li key={i} className="people__item">
            {o.links.officer.appointments ? (
              <a href={registryUrl(o.links.officer.appointments)} target="_blank" rel="noreferrer">
                <strong>{o.name}</strong>
                <span className="visually-hidden"> (appointments, opens in a new tab)</span>
              </a>
            ) : (
              <strong>{o.name}</strong>
            )}
            <span className="muted">
              {o.officer_role} · appointed {formatDate(o.appointed_on)}
              {o.resigned_on ? ` · resigned ${formatDate(o.resigned_on)}` : ''}
              {o.nationality ? ` · ${o.nationality}` : ''}
            </span>
            {!o.resigned_on && <IdentityVerificationLine details={o.identity_verification_details} />}
            {o.links.officer.appointments && <WatchNameButton kind="person" value={o.links.officer.appointments} label={o.name} />}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Tabs
      label="Leadership"
      tabs={[
        { id: 'insights', label: 'Insights' },
        { id: 'active', label: `Active (${count(active.length, insights?.tabs.active)})` },
        { id: 'resigned', label: `Resigned (${count(resigned.length, insights?.tabs.resigned)})` },
        { id: 'pscs', label: `PSCs (${count(pscs.length, insights?.tabs.pscs)})` },
      ]}
      active={tab}
      onChange={setTab}
    >
      {body}
    </Tabs>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** A director's or PSC's identity verification (ECCTA), worded by the shared rule. */
export function IdentityVerificationLine({ details }: { details: OfficerView['identity_verification_details'] }) {
  const idv = identityVerificationState(details, today());
  return (
    <span className={`people__idv people__idv--${idv.tone}`} data-idv-state={idv.state}>
      Identity verification: {idv.text}
    </span>
  );
}

function LeadershipInsightsView({ model, insights }: { model: CompanyOverviewViewModel; insights: LeadershipInsights | null }) {
  const { expandedPanels } = useViewModel(model);
  const [filter, setFilter] = useState<LeadershipFilter>('all');
  const [sortBy, setSortBy] = useState<LeadershipSortKey>('date');
  const [direction, setDirection] = useState<SortDirection>('desc');
  if (!insights || !insights.hasFilings) return <p>{EMPTY_TEXTS.leadership}</p>;
  const d = insights.directorActivity;
  const t = insights.turnover;
  const p = insights.pscActivity;
  const open = (id: string) => expandedPanels.includes(`leadership:${id}`);
  const toggle = (id: string) => model.togglePanel(`leadership:${id}`, { exclusive: true });
  const events = sortLeadershipEvents(filterLeadershipEvents(insights.timeline, filter), sortBy, direction);
  return (
    <div>
      <div className="insight-cards">
        <InsightCard
          title="Director Activity"
          headline={`${d.appointments} appointed · ${d.terminations} terminated`}
          open={open('directors')}
          onToggle={() => toggle('directors')}
        >
          <dl className="facts facts--compact">
            <dt>Current directors</dt>
            <dd>{d.currentDirectors}</dd>
            <dt>Detail changes</dt>
            <dd>{d.changes}</dd>
            <dt>Secretary appointments</dt>
            <dd>{d.secretaryAppointments}</dd>
            <dt>Secretary terminations</dt>
            <dd>{d.secretaryTerminations}</dd>
            <dt>Other officer events</dt>
            <dd>{d.otherOfficerEvents}</dd>
          </dl>
        </InsightCard>
        <InsightCard
          title="Turnover Signal"
          headline={t.level === 'n/a' ? EMPTY_TEXTS.turnover : `${t.level.toUpperCase()} turnover`}
          tone={t.level}
          open={open('turnover')}
          onToggle={() => toggle('turnover')}
        >
          <p>{t.reason}</p>
          <dl className="facts facts--compact">
            <dt>Movement ratio</dt>
            <dd>{pct(t.movementRatio)}</dd>
            <dt>Net change ratio</dt>
            <dd>{pct(t.netChangeRatio)}</dd>
            <dt>Termination ratio</dt>
            <dd>{pct(t.terminationRatio)}</dd>
          </dl>
          <p className="muted">{t.helpText}</p>
        </InsightCard>
        <InsightCard
          title="PSC Activity"
          headline={`${p.notified} notified · ${p.ceased} ceased`}
          open={open('pscs')}
          onToggle={() => toggle('pscs')}
        >
          <dl className="facts facts--compact">
            <dt>Current PSCs</dt>
            <dd>{p.currentPscs}</dd>
            <dt>Changed</dt>
            <dd>{p.changed}</dd>
            <dt>Statements filed</dt>
            <dd>{p.statementsFiled}</dd>
            <dt>Statements withdrawn</dt>
            <dd>{p.statementsWithdrawn}</dd>
          </dl>
        </InsightCard>
      </div>
      <h3 className="subheading">Events in the last {insights.windowMonths} months</h3>
      <div className="toolbar">
        <label className="inline-field">
          <span>Show</span>
          <select value={filter} onChange={(e) => setFilter(e.target.value as LeadershipFilter)}>
            {LEADERSHIP_FILTERS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Sort by</span>
          <select value={sortBy} onChange={(e) => setSortBy(e.target.value as LeadershipSortKey)}>
            <option value="date">Date</option>
            <option value="type">Type</option>
            <option value="name">Name</option>
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDirection(direction === 'desc' ? 'asc' : 'desc')}
          aria-label={`Sort ${direction === 'desc' ? 'ascending' : 'descending'}`}
        >
          {direction === 'desc' ? '↓ Newest first' : '↑ Oldest first'}
        </button>
      </div>
      {insights.timeline.length === 0 ? (
        <p>{EMPTY_TEXTS.recentEvents}</p>
      ) : events.length === 0 ? (
        <p>{EMPTY_TEXTS.filteredEvents}</p>
      ) : (
        <ol className="timeline">
          {events.map((e, i) => (
            <li key={`${e.transactionId}-${i}`} className={`timeline__item timeline__item--${e.color}`}>
              <span className="timeline__date">{formatDate(e.dateMs)}</span>
              <span>
                <strong>{e.label}</strong>
                {e.name ? ` · ${e.name}` : ''} <span className="muted">({e.filingType})</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function InsightCard({
  title,
  headline,
  tone,
  open,
  onToggle,
  children,
}: {
  title: string;
  headline: string;
  tone?: string;
  open: boolean;
  onToggle(): void;
  children: React.ReactNode;
}) {
  return (
    <div className={`insight-card${tone ? ` insight-card--${tone.replace('/', '')}` : ''}`}>
      <h3 className="insight-card__title">{title}</h3>
      <p className="insight-card__headline">{headline}</p>
      <button type="button" className="link-button" aria-expanded={open} onClick={onToggle}>
        {open ? 'Hide Details' : 'Show Details'}
      </button>
      {open && <div className="insight-card__details">{children}</div>}
    </div>
  );
}

/* ---------------------------------------------------------------- charges (2.7) */

type ChargesTab = 'summary' | 'all' | 'active' | 'satisfied';

export function ChargesPanel({ overview, initialTab = 'summary' }: { overview: CompanyOverview; initialTab?: ChargesTab }) {
  const [tab, setTab] = useState<ChargesTab>(initialTab);
  const charges = overview.charges?.charges ?? [];
  const split = splitCharges(charges);
  const stats = insight(overview, 'charges');
  let body;
  if (charges.length === 0 || !stats) body = <p>{EMPTY_TEXTS.charges}</p>;
  else if (tab === 'summary')
    body = (
      <div>
        <div className="stat-cards">
          <Stat label="Total" value={stats.total} />
          <Stat label="Active" value={stats.active} />
          <Stat label="Satisfied" value={stats.satisfied} />
          <Stat label="Avg. duration" value={averageDurationText(stats.averageDurationMonths)} />
        </div>
        <div className="columns">
          <div>
            <h3 className="subheading">Charge types</h3>
            <CountList items={stats.typeBreakdown} />
          </div>
          <div>
            <h3 className="subheading">Notable creditors</h3>
            <CountList items={stats.notableCreditors} />
          </div>
          <div>
            <h3 className="subheading">Timeline</h3>
            <dl className="facts facts--compact">
              <dt>Most recent</dt>
              <dd>{chargeTimelineText(stats.mostRecent)}</dd>
              <dt>Oldest</dt>
              <dd>{chargeTimelineText(stats.oldest)}</dd>
            </dl>
          </div>
        </div>
      </div>
    );
  else {
    const rows = tab === 'all' ? split.all : tab === 'active' ? split.active : split.satisfied;
    body =
      rows.length === 0 ? (
        <p>{tab === 'active' ? EMPTY_TEXTS.activeCharges : EMPTY_TEXTS.satisfiedCharges}</p>
      ) : (
        <ChargeList companyNumber={overview.company_profile.company_number} charges={rows} />
      );
  }
  return (
    <Tabs
      label="Charges"
      tabs={[
        { id: 'summary', label: 'Summary' },
        { id: 'all', label: `All (${split.all.length})` },
        { id: 'active', label: `Active (${split.active.length})` },
        { id: 'satisfied', label: `Satisfied (${split.satisfied.length})` },
      ]}
      active={tab}
      onChange={setTab}
    >
      {body}
    </Tabs>
  );
}

function ChargeList({ companyNumber, charges }: { companyNumber: string; charges: readonly ChargeView[] }) {
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">Type</th>
            <th scope="col">Persons entitled</th>
            <th scope="col">Satisfied</th>
            <th scope="col">Document</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((c) => (
            <tr key={c.charge_id}>
              <td>{formatDate(c.created_on)}</td>
              <td>
                <span className={`status-badge status-badge--${chargeStatusColour(c.status)}`}>{c.status}</span>
              </td>
              <td>{c.classification.description ?? 'Unknown'}</td>
              <td>
                {c.persons_entitled.length === 0
                  ? '-'
                  : c.persons_entitled.map((p, i) => (
                      <span key={i} className="charge-lender">
                        {p.name} <WatchNameButton kind="lender" value={p.name} label={p.name} />
                      </span>
                    ))}
              </td>
              <td>{c.satisfied_on ? formatDate(c.satisfied_on) : '-'}</td>
              <td>
                <a href={registryChargeUrl(companyNumber, c.charge_id)} target="_blank" rel="noreferrer">
                  View<span className="visually-hidden"> charge {c.charge_code ?? c.charge_number} (opens in a new tab)</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="stat-card">
      <span className="stat-card__label">{label}</span>
      <span className="stat-card__value">{typeof value === 'number' ? value.toLocaleString('en-GB') : value}</span>
    </div>
  );
}

function CountList({ items }: { items: readonly { name: string; count: number }[] }) {
  if (items.length === 0) return <p className="muted">None</p>;
  return (
    <ul className="count-list">
      {items.slice(0, 8).map((i) => (
        <li key={i.name}>
          <span>{i.name}</span> <strong>{i.count}</strong>
        </li>
      ))}
    </ul>
  );
}

/* ---------------------------------------------------------------- share capital (2.8) */

export function CapitalPanel({ overview }: { overview: CompanyOverview }) {
  const capital = insight(overview, 'capital');
  if (!capital || capital.total === 0) return <p>{EMPTY_TEXTS.capital}</p>;
  const latest = capital.latestStatement;
  const previous = capital.previousStatement;
  const chart = capitalChart(capital);
  const chartTitle = chart ? `Issued capital (${currencySymbol(chart.currency).trim()})` : '';
  return (
    <div className="columns columns--3">
      <div>
        <h3 className="subheading">Capital Overview</h3>
        {latest ? (
          <dl className="facts facts--compact">
            <dt>Latest statement</dt>
            <dd>
              {formatDate(latest.date)} ({latest.type})
            </dd>
            {Object.entries(latest.totals).map(([currency, total]) => (
              <div key={currency} className="facts__pair">
                <dt>Issued capital ({currency})</dt>
                <dd>{formatCurrency(total, currency)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">No statement of capital figures</p>
        )}
        {chart && (
          <figure className="capital-chart">
            <figcaption className="metric-charts__title">{chartTitle} by statement</figcaption>
            <BarChart title={chartTitle} points={chart.points} format={(v) => formatCurrency(v, chart.currency)} width={220} height={90} />
          </figure>
        )}
      </div>
      <div>
        <h3 className="subheading">Activity &amp; Impact</h3>
        <ul className="count-list">
          {CAPITAL_FILING_CLASSES.map((c) => (
            <li key={c}>
              <span>
                {CAPITAL_CLASS_LABELS[c]} ({c})
              </span>{' '}
              <strong>{capital.counts[c]}</strong>
            </li>
          ))}
        </ul>
        {latest && previous && (
          <p className="muted">
            Since {formatDate(previous.date)}:{' '}
            {Object.entries(latest.totals)
              .map(([cur, total]) => `${cur} ${formatCurrency(total - (previous.totals[cur] ?? 0), cur)}`)
              .join(', ')}
          </p>
        )}
      </div>
      <div>
        <h3 className="subheading">Timeline</h3>
        <ol className="timeline">
          {capital.timeline.slice(0, 12).map((e, i) => (
            <li key={`${e.transactionId}-${i}`} className="timeline__item">
              <span className="timeline__date">{formatDate(e.date)}</span>
              <span>
                <strong>{e.type}</strong> {e.label}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/* ---------------------------------------------------------------- confirmation statements (2.9) */

/** Directors' and PSCs' identity verification as a compliance finding: overdue people, each with its record. */
function IdentityVerificationFinding({ summary }: { summary: IdentityVerificationSummary | null | undefined }) {
  if (!summary) return null;
  const bad = summary.overdue.length > 0;
  return (
    <div className={`insight-card insight-card--${bad ? 'poor' : 'good'}`} data-testid="idv-finding">
      <h3 className="insight-card__title">Identity Verification</h3>
      <p className="insight-card__headline">{identityVerificationSummaryText(summary)}</p>
      {bad && (
        <ul className="insight-card__details">
          {summary.overdue.map((f, i) => (
            <li key={i}>
              <a href={registryUrl(f.source)} target="_blank" rel="noreferrer">
                {identityVerificationFindingText(f)}
                <span className="visually-hidden"> (register record, opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function CompliancePanel({ model, overview }: { model: CompanyOverviewViewModel; overview: CompanyOverview }) {
  const { expandedPanels } = useViewModel(model);
  const [filter, setFilter] = useState<CsEventFilter>('all');
  const [sortBy, setSortBy] = useState<'date' | 'type'>('date');
  const cs = insight(overview, 'confirmation_statement');
  const idv = <IdentityVerificationFinding summary={insight(overview, 'identity_verification')} />;
  if (!cs || cs.metrics.totalFilings === 0)
    return (
      <div>
        {idv}
        <p>{EMPTY_TEXTS.confirmationStatements}</p>
      </div>
    );
  const m = cs.metrics;
  const events = sortConfirmationEvents(filterConfirmationEvents(cs.events, filter), sortBy);
  const open = (id: string) => expandedPanels.includes(`compliance:${id}`);
  return (
    <div>
      <div className="insight-cards">
        <div className={`insight-card insight-card--${cs.status}`}>
          <h3 className="insight-card__title">Filing Status</h3>
          <p className="insight-card__headline">{CS_STATUS_TEXTS[cs.status]}</p>
          <p className="muted">
            Next due {formatDate(m.nextDueDate)}
            {m.daysUntilDue !== null ? ` (${dueInText(m.daysUntilDue)})` : ''}
          </p>
        </div>
        <div className={`insight-card insight-card--${cs.compliance.replace('/', '')}`}>
          <h3 className="insight-card__title">Compliance Health</h3>
          <p className="insight-card__headline">{complianceReason(cs).rating}</p>
          <p className="muted insight-card__reason">{complianceReason(cs).reason}</p>
          <button
            type="button"
            className="link-button"
            aria-expanded={open('health')}
            onClick={() => model.togglePanel('compliance:health')}
          >
            {open('health') ? 'Hide Details' : 'Show Details'}
          </button>
          {open('health') && (
            <dl className="facts facts--compact insight-card__details">
              <dt>On time</dt>
              <dd>{onTimeText(m)}</dd>
              <dt>Late</dt>
              <dd>{m.late}</dd>
              <dt>Average delay</dt>
              <dd>{averageDelayText(m.averageDelayDays)}</dd>
            </dl>
          )}
        </div>
        {idv}
        <div className={`insight-card insight-card--${cs.integrity.replace('/', '')}`}>
          <h3 className="insight-card__title">Filing Integrity</h3>
          <p className="insight-card__headline">{cs.integrity.toUpperCase()} risk</p>
          <button
            type="button"
            className="link-button"
            aria-expanded={open('integrity')}
            onClick={() => model.togglePanel('compliance:integrity')}
          >
            {open('integrity') ? 'Hide Details' : 'Show Details'}
          </button>
          {open('integrity') && (
            <dl className="facts facts--compact insight-card__details">
              <dt>Corrections</dt>
              <dd>{m.corrections}</dd>
              <dt>Annotations</dt>
              <dd>{m.annotations}</dd>
              <dt>With updates</dt>
              <dd>
                {m.withUpdates} of {m.statements}
              </dd>
            </dl>
          )}
        </div>
      </div>
      <div className="columns">
        <div>
          <h3 className="subheading">CS metrics</h3>
          <dl className="facts facts--compact">
            <dt>Statements</dt>
            <dd>{m.statements}</dd>
            <dt>Last made up</dt>
            <dd>{formatDate(m.lastMadeUpDate)}</dd>
            <dt>Last filed</dt>
            <dd>{formatDate(m.lastFiledDate)}</dd>
          </dl>
        </div>
        <div>
          <h3 className="subheading">Cadence</h3>
          <dl className="facts facts--compact">
            <dt>Average interval</dt>
            <dd>{cs.cadence.averageIntervalMonths === null ? 'N/A' : `${cs.cadence.averageIntervalMonths.toFixed(1)} months`}</dd>
            <dt>Filed late (&gt;10 days)</dt>
            <dd>{cs.cadence.lateFilings}</dd>
            <dt>Early filings</dt>
            <dd>{cs.cadence.earlyFilings}</dd>
          </dl>
          {cs.cadence.warning && (
            <p className="notice notice--error">Over 40% of statements were filed more than 10 days after the review end.</p>
          )}
        </div>
      </div>
      <h3 className="subheading">CS events</h3>
      <div className="toolbar">
        <label className="inline-field">
          <span>Show</span>
          <select value={filter} onChange={(e) => setFilter(e.target.value as CsEventFilter)}>
            {CS_EVENT_FILTERS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Sort by</span>
          <select value={sortBy} onChange={(e) => setSortBy(e.target.value as 'date' | 'type')}>
            <option value="date">Date</option>
            <option value="type">Type</option>
          </select>
        </label>
      </div>
      {events.length === 0 ? (
        <p>{EMPTY_TEXTS.csEvents}</p>
      ) : (
        <ol className="timeline">
          {events.map((e, i) => (
            <li key={`${e.transactionId}-${i}`} className={`timeline__item${e.onTime === false ? ' timeline__item--red' : ''}`}>
              <span className="timeline__date">{formatDate(e.filedDate)}</span>
              <span>
                <strong>{e.label}</strong> made up to {formatDate(e.madeUpDate)}
                {e.delayDays !== null ? ` · ${e.delayDays} days after review end` : ''}
                {e.correction ? ' · correction' : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export { Spinner };
