/**
 * One screener table (spec 2 2.11, 2.12): sortable headers, a filter popup per column with the
 * spec's validation, resizable columns (min 50 px; drag, arrow keys or double-click to type a
 * width), rows or the loading/error/empty texts, and the pagination bar.
 */
import { Fragment, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  columnHeader,
  paginationItems,
  screenerCellText,
  tableShowingText,
  type ColumnSpec,
  type TableActions,
  type TableState,
} from '@credence/shared';
import { Spinner } from '../../ui/spinner.tsx';
import { FilterPopup } from './filter-popup.tsx';

export const MIN_COLUMN_WIDTH = 50;
/** Spec 2 section 9 says 90 px; the headers (label, sort arrow, filter button) need 120 to stay on whole words. */
export const DEFAULT_COLUMN_WIDTH = 120;
export const FIRST_COLUMN_WIDTH = 350;
export const SKELETON_ROWS = 20;
/** The lender expander's column. */
const LEAD_WIDTH = 44;

/** The first column (the name) stays in view when the table scrolls sideways; so does the expander before it. */
function stickyCell(index: number, lead: boolean): { className: string; style: CSSProperties } | null {
  if (index !== 0) return null;
  return { className: 'data-table__sticky', style: { left: lead ? LEAD_WIDTH : 0 } };
}

export function clampWidth(width: number): number {
  return Math.max(MIN_COLUMN_WIDTH, Math.round(width));
}

/** A cell as text: the shared screenerCellText (spec 2 section 9 formats), as the terminal shows it. */
export function cellText(column: ColumnSpec, value: unknown): string {
  return screenerCellText(column, value);
}

interface Props<Row> {
  caption: string;
  columns: readonly ColumnSpec[];
  state: TableState<Row>;
  actions: TableActions;
  rowKey(row: Row, index: number): string;
  /** A custom cell (links); null falls back to cellText. */
  renderCell?(column: ColumnSpec, row: Row): ReactNode | null;
  /** Content under a row (the expanded lender). */
  renderExpansion?(row: Row): ReactNode | null;
  /** A control before the first cell (the lender expander). */
  renderLead?(row: Row): ReactNode;
  pageSizes: readonly number[];
}

export function ScreenerTable<Row>({
  caption,
  columns,
  state,
  actions,
  rowKey,
  renderCell,
  renderExpansion,
  renderLead,
  pageSizes,
}: Props<Row>) {
  const visible = columns.filter((c) => c.visible);
  const [widths, setWidths] = useState<Record<string, number>>({});
  const width = (c: ColumnSpec, i: number) => widths[c.id] ?? (i === 0 ? FIRST_COLUMN_WIDTH : DEFAULT_COLUMN_WIDTH);
  const setWidth = (id: string, w: number) => setWidths((all) => ({ ...all, [id]: clampWidth(w) }));
  const showSkeleton = state.status === 'loading' && state.rows.length === 0;
  const lead = Boolean(renderLead);
  return (
    <div className="screener-table">
      <div className="screener-table__scroll" aria-busy={state.status === 'loading'}>
        <table className="data-table" style={{ width: visible.reduce((sum, c, i) => sum + width(c, i), lead ? LEAD_WIDTH : 0) }}>
          <caption className="visually-hidden">{caption}</caption>
          <colgroup>
            {lead && <col style={{ width: LEAD_WIDTH }} />}
            {visible.map((c, i) => (
              <col key={c.id} style={{ width: width(c, i) }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {lead && (
                <th scope="col" className="data-table__sticky" style={{ left: 0 }}>
                  <span className="visually-hidden">Expand</span>
                </th>
              )}
              {visible.map((c, i) => (
                <HeaderCell
                  key={c.id}
                  column={c}
                  state={state}
                  actions={actions}
                  width={width(c, i)}
                  onWidth={(w) => setWidth(c.id, w)}
                  sticky={i === 0}
                  lead={lead}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {showSkeleton &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} className="data-table__skeleton">
                  {lead && <td />}
                  {visible.map((c) => (
                    <td key={c.id}>
                      <span />
                    </td>
                  ))}
                </tr>
              ))}
            {!showSkeleton && state.message && (
              <tr>
                <td
                  colSpan={visible.length + (lead ? 1 : 0)}
                  className={`data-table__message${state.status === 'error' ? ' data-table__message--error' : ''}`}
                  role={state.status === 'error' ? 'alert' : 'status'}
                >
                  {state.message}
                  {state.errorDetail && state.errorDetail !== state.message && (
                    <span className="data-table__detail">{state.errorDetail}</span>
                  )}
                </td>
              </tr>
            )}
            {!showSkeleton &&
              !state.message &&
              state.rows.map((row, index) => {
                const expansion = renderExpansion?.(row);
                return (
                  <Fragment key={rowKey(row, index)}>
                    <tr className={expansion ? 'is-expanded' : undefined}>
                      {lead && (
                        <td className="data-table__sticky" style={{ left: 0 }}>
                          {renderLead!(row)}
                        </td>
                      )}
                      {visible.map((c, i) => {
                        const custom = renderCell?.(c, row);
                        const value = (row as Record<string, unknown>)[c.id];
                        const sticky = stickyCell(i, lead);
                        return (
                          <td
                            key={c.id}
                            className={[c.kind === 'number' ? 'num' : '', sticky?.className ?? ''].join(' ').trim() || undefined}
                            style={sticky?.style}
                            title={typeof value === 'string' && c.truncate ? value : undefined}
                          >
                            {custom ?? cellText(c, value)}
                          </td>
                        );
                      })}
                    </tr>
                    {expansion && (
                      <tr className="data-table__expansion">
                        <td colSpan={visible.length + (lead ? 1 : 0)}>{expansion}</td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
          </tbody>
        </table>
      </div>
      <Pagination state={state} actions={actions} pageSizes={pageSizes} />
    </div>
  );
}

function HeaderCell<Row>({
  column,
  state,
  actions,
  width,
  onWidth,
  sticky,
  lead,
}: {
  column: ColumnSpec;
  state: TableState<Row>;
  actions: TableActions;
  width: number;
  onWidth(w: number): void;
  sticky: boolean;
  lead: boolean;
}) {
  const header = columnHeader(column);
  const sorted = state.sort?.columnId === column.id ? state.sort.order : null;
  const filtered = state.filters.some((f) => f.id === column.id);
  const popupOpen = state.popup?.columnId === column.id;
  const [typing, setTyping] = useState(false);
  const drag = useRef<{ x: number; w: number } | null>(null);
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={`data-table__th${sticky ? ' data-table__sticky' : ''}${popupOpen ? ' data-table__th--popup' : ''}`}
      style={sticky ? stickyCell(0, lead)!.style : undefined}
    >
      <div className="data-table__head">
        {column.sortable ? (
          <button
            type="button"
            className="data-table__sort"
            onClick={() => actions.toggleSort(column.id)}
            aria-label={`${header}: sort`}
            title={column.description}
          >
            {header}
            <span aria-hidden="true" className="data-table__arrow">
              {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
            </span>
          </button>
        ) : (
          <span className="data-table__label" title={column.description}>
            {header}
          </span>
        )}
        {column.filterable && (
          <button
            type="button"
            className={`data-table__filter${filtered ? ' data-table__filter--on' : ''}`}
            aria-label={`Filter ${column.label}${filtered ? ' (filtered)' : ''}`}
            aria-expanded={popupOpen}
            aria-haspopup="dialog"
            onClick={() => (popupOpen ? actions.closePopup() : actions.openPopup(column.id))}
          >
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 24 24" fill="currentColor">
              <path d="M3 4h18l-7 8v6l-4 2v-8z" />
            </svg>
          </button>
        )}
      </div>
      {popupOpen && state.popup && <FilterPopup column={column} popup={state.popup} options={state.options[column.id]} actions={actions} />}
      {typing ? (
        <input
          className="data-table__width-input"
          type="number"
          min={50}
          step={1}
          autoFocus
          defaultValue={Math.round(width)}
          aria-label={`${column.label} column width in pixels`}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              const n = Number((e.target as HTMLInputElement).value);
              if (Number.isInteger(n) && n >= MIN_COLUMN_WIDTH) onWidth(n);
              setTyping(false);
            }
            if (e.key === 'Escape') setTyping(false);
          }}
          onBlur={() => setTyping(false)}
        />
      ) : null}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${column.label}`}
        aria-valuenow={Math.round(width)}
        aria-valuemin={MIN_COLUMN_WIDTH}
        tabIndex={0}
        className="data-table__resize"
        onDoubleClick={() => setTyping(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
            e.preventDefault();
            onWidth(width + (e.key === 'ArrowRight' ? 10 : -10));
          } else if (e.key === 'Enter') setTyping(true);
        }}
        onPointerDown={(e) => {
          e.preventDefault();
          (e.target as HTMLElement).setPointerCapture(e.pointerId);
          drag.current = { x: e.clientX, w: width };
        }}
        onPointerMove={(e) => {
          if (drag.current) onWidth(drag.current.w + e.clientX - drag.current.x);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
      />
    </th>
  );
}

export function Pagination<Row>({
  state,
  actions,
  pageSizes,
}: {
  state: TableState<Row>;
  actions: TableActions;
  pageSizes: readonly number[];
}) {
  const [jump, setJump] = useState(String(state.page));
  useEffect(() => setJump(String(state.page)), [state.page]);
  const last = Math.max(1, state.pageCount);
  const items = paginationItems(state.page, state.pageCount);
  return (
    <nav className="pagination" aria-label="Pages">
      <span className="pagination__showing" aria-live="polite">
        {tableShowingText(state)}
      </span>
      <label className="inline-field">
        <span>Rows per page</span>
        <select value={state.pageSize} onChange={(e) => actions.setPageSize(Number(e.target.value))}>
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <div className="pagination__pages">
        <button
          type="button"
          className="pagination__button"
          onClick={() => actions.firstPage()}
          disabled={state.page <= 1}
          aria-label="First page"
        >
          «
        </button>
        <button
          type="button"
          className="pagination__button"
          onClick={() => actions.previousPage()}
          disabled={state.page <= 1}
          aria-label="Previous page"
        >
          ‹
        </button>
        {items.map((item, i) =>
          item === 'ellipsis' ? (
            <span key={`e${i}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className={`pagination__button${item === state.page ? ' pagination__button--current' : ''}`}
              aria-current={item === state.page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => actions.setPage(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className="pagination__button"
          onClick={() => actions.nextPage()}
          disabled={state.page >= last}
          aria-label="Next page"
        >
          ›
        </button>
        <button
          type="button"
          className="pagination__button"
          onClick={() => actions.lastPage()}
          disabled={state.page >= last}
          aria-label="Last page"
        >
          »
        </button>
      </div>
      <label className="inline-field">
        <span>Go to page</span>
        <input
          className="pagination__jump"
          inputMode="numeric"
          value={jump}
          onChange={(e) => setJump(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !actions.jumpToPage(jump)) setJump(String(state.page));
          }}
          onBlur={() => {
            if (jump !== String(state.page) && !actions.jumpToPage(jump)) setJump(String(state.page));
          }}
        />
      </label>
      {state.status === 'loading' && state.rows.length > 0 && <Spinner label="Loading" />}
    </nav>
  );
}
