/** The charges panel (spec 2 2.7): summary, all, active and satisfied charges. */
import { useState } from 'react';
import {
  averageDurationText,
  chargeStatusColour,
  chargeTimelineText,
  EMPTY_TEXTS,
  formatDate,
  registryChargeUrl,
  splitCharges,
  type ChargeView,
  type CompanyOverview,
} from '@credence/shared';
import { Tabs } from './tabs.tsx';
import { insight } from './overview-insight.ts';
import { WatchNameButton } from '../../features/watchlists/watch-name-button.tsx';

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
