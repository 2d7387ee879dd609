/**
 * A watchlist's lenders and people on /watchlists (issue 29 section 3), each with Remove: rows
 * worded by shared's watchedNameRows, so the terminal's `credence watch ls --list` says the same.
 */
import { RemoveButton } from './remove-button.tsx';
import { visibleControls, watchedNameRows, type WatchlistDetail, type WatchlistsViewModel } from '@credence/shared';

export function WatchedNamesTable({ list, model, busy }: { list: WatchlistDetail; model: WatchlistsViewModel; busy: boolean }) {
  const { lenders, people } = watchedNameRows(list);
  if (lenders.length + people.length === 0)
    return (
      <p className="muted">
        No lenders or people yet: press “Watch this lender” on a company’s charges, or “Watch this person” in its leadership.
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="simple-table watchlist__names">
        <caption className="visually-hidden">Lenders and people on {visibleControls(list.name)}</caption>
        <thead>
          <tr>
            <th scope="col">Lender or person</th>
            <th scope="col">Watched</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...lenders, ...people].map((row) => (
            <tr key={`${row.kind}:${row.key}`}>
              <td>
                <span className="muted">{row.kind === 'lender' ? 'Lender' : 'Person'}</span> {row.name}
              </td>
              <td>{row.detail}</td>
              <td>{row.added}</td>
              <td>
                <RemoveButton label={row.removeLabel} busy={busy} onRemove={() => void model.removeName(row.kind, row.key, row.name)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
