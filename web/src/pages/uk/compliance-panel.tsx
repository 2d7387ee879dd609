/** The confirmation-statement and compliance panel (spec 2 2.9), with identity verification findings. */
import { useState } from 'react';
import {
  CS_EVENT_FILTERS,
  CS_STATUS_TEXTS,
  averageDelayText,
  dueInText,
  onTimeText,
  complianceReason,
  EMPTY_TEXTS,
  filterConfirmationEvents,
  formatDate,
  identityVerificationSummaryText,
  identityVerificationFindingText,
  registryUrl,
  sortConfirmationEvents,
  type CompanyOverview,
  type CompanyOverviewViewModel,
  type CsEventFilter,
  type IdentityVerificationSummary,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { insight } from './overview-insight.ts';
import { FilterSelect } from './filter-select.tsx';

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
        <FilterSelect<CsEventFilter> filters={CS_EVENT_FILTERS} value={filter} onChange={setFilter} />
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
