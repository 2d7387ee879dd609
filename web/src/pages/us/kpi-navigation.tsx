/**
 * The KPI table navigation (spec 3 section 2): the tables of the category as tabs, the annual /
 * quarterly toggle, the KPI search (a KPI found opens its table with its row marked) and the table.
 */
import { useId, useState } from 'react';
import {
  kpiSearchResults,
  kpiTableNames,
  type StrategicIndicatorsState,
  type StrategicIndicatorsViewModel,
  type UsDocumentCategory,
  type UsKpiItem,
} from '@credence/shared';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { KpiTable } from './kpi-table.tsx';

const CATEGORIES: { id: UsDocumentCategory; label: string }[] = [
  { id: 'annual', label: 'Annual' },
  { id: 'quarterly', label: 'Quarterly' },
];

export function KpiNavigation({
  model,
  state,
  onCategory,
  onTable,
  onKpi,
}: {
  model: StrategicIndicatorsViewModel;
  state: StrategicIndicatorsState;
  onCategory(category: UsDocumentCategory): void;
  onTable(tableName: string): void;
  onKpi(item: UsKpiItem): void;
}) {
  const id = useId();
  const [active, setActive] = useState(0);
  const tables = kpiTableNames(state);
  const found = kpiSearchResults(state);
  const cik = state.company!.cik_str;
  return (
    <div className="us-kpis">
      <div className="us-kpis__bar">
        <nav className="us-kpis__tables" aria-label="KPI tables">
          {tables.map((name) => (
            <button
              key={name}
              type="button"
              className={`us-kpis__tab${name === state.tableName ? ' us-kpis__tab--current' : ''}`}
              aria-current={name === state.tableName ? 'page' : undefined}
              onClick={() => onTable(name)}
            >
              {name}
            </button>
          ))}
        </nav>
        <div className="us-kpis__period" role="radiogroup" aria-label="Periods">
          {CATEGORIES.map((c) => (
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={state.category === c.id}
              className={`us-kpis__toggle${state.category === c.id ? ' us-kpis__toggle--on' : ''}`}
              onClick={() => state.category !== c.id && onCategory(c.id)}
            >
              {c.label}
            </button>
          ))}
        </div>
        <div className="us-kpis__search">
          <label htmlFor={`${id}-kpi`} className="visually-hidden">
            Search KPIs
          </label>
          <input
            id={`${id}-kpi`}
            type="search"
            role="combobox"
            aria-expanded={found.length > 0}
            aria-controls={`${id}-kpis`}
            aria-autocomplete="list"
            autoComplete="off"
            placeholder="Search KPIs..."
            value={state.kpiQuery}
            onChange={(event) => {
              setActive(0);
              model.setKpiQuery(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                setActive((i) => Math.min(Math.max(i + (event.key === 'ArrowDown' ? 1 : -1), 0), Math.max(found.length - 1, 0)));
              } else if (event.key === 'Enter' && found[active]) {
                event.preventDefault();
                onKpi(found[active]!);
              } else if (event.key === 'Escape') model.setKpiQuery('');
            }}
          />
          {state.kpiQuery.trim() !== '' && (
            <ul id={`${id}-kpis`} role="listbox" aria-label="KPIs" className="us-kpis__found">
              {found.length === 0 && <li className="muted">No KPI matches "{state.kpiQuery.trim()}".</li>}
              {found.map((item, i) => (
                <li
                  key={`${item.table_name}-${item.name}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'us-kpis__option us-kpis__option--active' : 'us-kpis__option'}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => onKpi(item)}
                >
                  {item.row_header_name} <span className="muted">· {item.table_name}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {state.kpisStatus === 'loading' || state.tableStatus === 'loading' ? (
        <div className="us-kpis__loading">
          <Spinner label="Loading the KPI table" />
        </div>
      ) : null}
      {state.tableStatus === 'error' && (
        <ErrorNotice message={state.tableError ?? ''} onRetry={() => model.setTable(state.tableName ?? '')} />
      )}
      {state.kpisStatus === 'ready' && tables.length === 0 && (
        <p className="notice notice--info">No KPI tables for the {state.category} periods of this company.</p>
      )}
      {state.table && state.tableStatus === 'ready' && <KpiTable cik={cik} table={state.table} markedKpi={state.kpiName} />}
    </div>
  );
}
