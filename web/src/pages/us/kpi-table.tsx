/**
 * A KPI table (spec 3 section 2): a row per KPI under its group, a column per fiscal year or
 * quarter, derived values marked; each cell opens its source in /backlinker.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { backlinkerPath, kpiTableView, US_DERIVED_MARK, US_DERIVED_NOTE, type UsKpiTable } from '@credence/shared';

export function KpiTable({ cik, table, markedKpi }: { cik: string; table: UsKpiTable; markedKpi: string | null }) {
  const view = kpiTableView(table);
  const marked = useRef<HTMLTableRowElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // the newest periods are on the right: show them first; a KPI picked in the search scrolls into view
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
    marked.current?.scrollIntoView({ block: 'center' });
  }, [table, markedKpi]);

  return (
    <section className="us-table" aria-labelledby="us-table-title">
      <div className="us-table__caption">
        <h2 id="us-table-title" className="us-table__title">
          {view.title} <span className="muted">· {table.category === 'annual' ? 'annual' : 'quarterly'}</span>
        </h2>
        <p className="us-table__unit">{view.unitLabel}</p>
      </div>
      {view.rows.length === 0 ? (
        <p className="notice notice--info">No values in this table for the {table.category} periods.</p>
      ) : (
        <div className="us-table__scroller" ref={scroller}>
          <table className="us-table__grid">
            <thead>
              <tr>
                <th scope="col" className="us-table__kpi">
                  KPI
                </th>
                {view.periods.map((p) => (
                  <th scope="col" key={p.key} title={`${p.start} to ${p.fiscal_date}`}>
                    {p.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.rows.flatMap((row) => [
                row.firstOfGroup ? (
                  <tr key={`group-${row.group}-${row.name}`} className="us-table__group">
                    <th scope="rowgroup" colSpan={view.periods.length + 1}>
                      {row.group}
                    </th>
                  </tr>
                ) : null,
                <tr
                  key={row.name}
                  ref={row.name === markedKpi ? marked : undefined}
                  className={row.name === markedKpi ? 'us-table__row us-table__row--marked' : 'us-table__row'}
                  data-kpi={row.name}
                >
                  <th scope="row" className="us-table__kpi">
                    {row.label}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={view.periods[i]!.key} className={cell?.derived ? 'us-table__cell us-table__cell--derived' : 'us-table__cell'}>
                      {cell ? (
                        <Link
                          to={backlinkerPath(cik, cell.kpi_value_id, table.category)}
                          title={cell.derived ? `Derived: open to see its operands` : 'Open the filing with this figure highlighted'}
                          aria-label={`${row.label} ${view.periods[i]!.label}: ${cell.text}${cell.derived ? ' (derived)' : ''}, open its source`}
                        >
                          {cell.text}
                        </Link>
                      ) : (
                        <span className="muted">{cell === null ? '—' : ''}</span>
                      )}
                    </td>
                  ))}
                </tr>,
              ])}
            </tbody>
          </table>
        </div>
      )}
      {view.hasDerived && (
        <p className="us-table__note">
          {US_DERIVED_MARK} {US_DERIVED_NOTE}
        </p>
      )}
    </section>
  );
}
