/**
 * One open watchlist on /watchlists: its name (rename), e-mail setting, delete, add companies from
 * search or a CSV of company numbers, and its companies, lenders and people with Remove. A thin view over shared's
 * watchlists view model.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  EXPLORER_HEADER_DEBOUNCE_MS,
  visibleControls,
  type EmailMode,
  type WatchlistDetail,
  type WatchlistsViewModel,
} from '@credence/shared';
import { companyHref } from '../explorer/explorer-url.ts';
import { CompanySearch } from '../../pages/uk/company-search.tsx';
import { StatusBadge } from '../../pages/uk/company-header.tsx';
import { RemoveButton } from './remove-button.tsx';
import { WatchedNamesTable } from './watched-names-table.tsx';

export function WatchlistPanel({
  list,
  model,
  busy,
  onDeleted,
}: {
  list: WatchlistDetail;
  model: WatchlistsViewModel;
  busy: boolean;
  /** The list is gone: the page's address leaves it. */
  onDeleted(): void;
}) {
  const [name, setName] = useState(list.name);
  const [confirming, setConfirming] = useState(false);

  async function readCsv(file: File | undefined) {
    if (!file) return;
    await model.add({ csv: await file.text() });
  }

  return (
    <article className="watchlist panel" aria-labelledby="watchlist-name">
      <header className="watchlist__head">
        <h2 id="watchlist-name" className="panel__title">
          {visibleControls(list.name)}
        </h2>
        <p className="muted">
          {list.companies.toLocaleString('en-GB')} {list.companies === 1 ? 'company' : 'companies'} · {list.lenders}{' '}
          {list.lenders === 1 ? 'lender' : 'lenders'} · {list.people} {list.people === 1 ? 'person' : 'people'} · {list.rules.length} kinds
          of alert
        </p>
      </header>
      <div className="watchlist__settings">
        <form
          className="watchlist__rename"
          onSubmit={(event) => {
            event.preventDefault();
            void model.rename(name);
          }}
        >
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="button button--secondary" disabled={busy || name.trim() === list.name}>
            Rename
          </button>
        </form>
        <label className="watchlist__email">
          E-mail alerts
          <select value={list.email} disabled={busy} onChange={(e) => void model.setEmail(e.target.value as EmailMode)}>
            {EMAIL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {EMAIL_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        </label>
        {confirming ? (
          <span className="watchlist__delete">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void model.deleteOpen().then((done) => done && onDeleted())}
            >
              Delete “{visibleControls(list.name)}”
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            Delete list…
          </button>
        )}
      </div>
      <div className="watchlist__add">
        <CompanySearch
          debounceMs={EXPLORER_HEADER_DEBOUNCE_MS}
          label={`Add a company to ${list.name}`}
          placeholder="Add a company: name, number or postcode"
          onSelect={(result) => void model.add({ company_numbers: [result.CompanyNumber] })}
        />
        <label className="watchlist__csv">
          Add a CSV of company numbers
          <input type="file" accept=".csv,text/csv,text/plain" disabled={busy} onChange={(e) => void readCsv(e.target.files?.[0])} />
        </label>
      </div>
      {list.company_list.length === 0 ? (
        <p className="muted">No companies yet: add one above, press Watch on a company’s page, or Watch all in the screener.</p>
      ) : (
        <div className="table-scroll">
          <table className="simple-table watchlist__table">
            <caption className="visually-hidden">Companies on {visibleControls(list.name)}</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Company</th>
                <th scope="col">Status</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.company_list.map((c) => (
                <tr key={c.company_number}>
                  <td>{c.company_number}</td>
                  <td>
                    <Link to={companyHref(c.company_number)}>{visibleControls(c.company_name ?? c.company_number)}</Link>
                  </td>
                  <td>{c.company_status ? <StatusBadge status={c.company_status} /> : null}</td>
                  <td>{c.added_at.slice(0, 10)}</td>
                  <td>
                    <RemoveButton
                      label={`Remove ${c.company_number} from ${list.name}`}
                      busy={busy}
                      onRemove={() => void model.remove(c.company_number)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="subheading">Lenders and people</h3>
      <WatchedNamesTable list={list} model={model} busy={busy} />
    </article>
  );
}
