/** The leadership panel (spec 2 2.6): insights, active and resigned officers, PSCs, and identity verification lines. */
import { useState } from 'react';
import {
  allPscs,
  EMPTY_TEXTS,
  filterLeadershipEvents,
  formatDate,
  identityVerificationState,
  LEADERSHIP_FILTERS,
  officersMessage,
  pscNatureText,
  pscsMessage,
  pscStatementText,
  registryUrl,
  sortLeadershipEvents,
  type CompanyOverviewState,
  type CompanyOverviewViewModel,
  type LeadershipFilter,
  type LeadershipInsights,
  type LeadershipSortKey,
  type OfficerView,
  type SortDirection,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { Spinner } from '../../ui/spinner.tsx';
import { Tabs } from './tabs.tsx';
import { insight } from './overview-insight.ts';
import { FilterSelect } from './filter-select.tsx';
import { WatchNameButton } from '../../features/watchlists/watch-name-button.tsx';

const pct = (value: number | null | undefined) => (value === null || value === undefined ? 'N/A' : value.toFixed(2));

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
        <FilterSelect<LeadershipFilter> filters={LEADERSHIP_FILTERS} value={filter} onChange={setFilter} />
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
