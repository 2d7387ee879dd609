/**
 * One screener table on screen (the companies screener, or one creditors tab): a search line,
 * the active filters and sort, the table (visible rows only), the filter popup of the focused
 * column, the page-size chooser, the page jump and the footer ("Showing X to Y of N entries").
 * State and rules are the shared view model's (TableState + TableActions); this hook keeps only
 * what is on screen: the focused column, which field has the keys, the cursor in a field.
 */
import { type ReactNode } from 'react';
import { Box, Text } from 'ink';
import {
  columnsByPriority,
  formatFilterExpression,
  paginationItems,
  showingText,
  type ColumnSpec,
  type TableActions,
  type TableState,
} from '@credence/shared';
import { KEYS, on, type Press } from '../keys.js';
import { useEntryState } from '../router.js';
import { editText } from '../text-edit.js';
import { fit } from '../text.js';
import { TextField } from './text-field.js';
import { VirtualTable, type TableColumn } from './virtual-table.js';
import { cellText, columnLabel, columnWidth, NARROW_TABLE_WIDTH } from './screener-columns.js';
import { fieldsFor, FilterPopupPanel, popupHeight, type Field } from './filter-popup.js';

export { cellText, columnLabel, columnWidth, NARROW_TABLE_WIDTH } from './screener-columns.js';
export { FILTER_TYPE_WORDS, popupHeight } from './filter-popup.js';

type Mode = 'table' | 'search' | 'jump' | 'size';

export interface ScreenerTableOptions<Row> {
  /** Keeps this table's screen state apart from another's (a creditors tab each). */
  id: string;
  /** The state to draw (the render's). */
  state: TableState<Row>;
  /** The state now, for the keys (the view model's getState). */
  getState(): TableState<Row>;
  actions: TableActions;
  columns: readonly ColumnSpec[];
  /** "companies", "lenders": the footer's noun. */
  noun: string;
  pageSizes: readonly number[];
  width: number;
  height: number;
  onOpen(row: Row): void;
  /** The columns most worth showing first where the table is narrow (shared COMPANY_COLUMN_PRIORITY); the others are left off there. */
  priority?: readonly string[];
  rowKey(row: Row, index: number): string;
  marked?(row: Row): boolean;
  /** Says something in the header (a column that cannot be sorted, a bad page number). */
  say(message: string | null, tone?: 'info' | 'error' | 'busy'): void;
}

export interface ScreenerTableView {
  element: ReactNode;
  /** The table's keys; false when the press is not one of them. */
  handle(press: Press): boolean;
  /** True while a field, the popup or a chooser has the keys (q and ? type there). */
  capturing(): boolean;
}

export function useScreenerTable<Row>(o: ScreenerTableOptions<Row>): ScreenerTableView {
  const { state, actions, width, height } = o;
  const narrow = width < NARROW_TABLE_WIDTH;
  const visible = o.columns.filter((c) => c.visible);
  const shownColumns = narrow && o.priority ? columnsByPriority(visible, o.priority) : visible;
  // what to draw comes from the render; what the keys act on comes fresh from get() and getState()
  const [focusedColumn, setFocusedColumn, getFocusedColumn] = useEntryState(`${o.id}:column`, 0);
  const [mode, setMode, getMode] = useEntryState<Mode>(`${o.id}:mode`, 'table');
  const [cursor, setCursor, getCursor] = useEntryState(`${o.id}:cursor`, 0);
  const [jumpText, setJumpText, getJumpText] = useEntryState(`${o.id}:jump`, '');
  const [sizeChoice, setSizeChoice, getSizeChoice] = useEntryState(`${o.id}:size`, 0);
  const [field, setField, getField] = useEntryState<Field>(`${o.id}:field`, 'value');
  const [optionCursor, setOptionCursor, getOptionCursor] = useEntryState(`${o.id}:option`, 0);
  const [optionSearch, setOptionSearch, getOptionSearch] = useEntryState(`${o.id}:optionSearch`, '');
  const popup = state.popup;
  const popupColumn = popup ? o.columns.find((c) => c.id === popup.columnId) : undefined;
  const options = popup ? (state.options[popup.columnId] ?? null) : null;
  const matching = (opts: typeof options, search: string) =>
    (opts?.values ?? []).filter((v) => v.toLowerCase().includes(search.trim().toLowerCase()));
  const matchingOptions = matching(options, optionSearch);
  const focusedSpec = () => shownColumns[Math.min(getFocusedColumn(), shownColumns.length - 1)];

  const openPopup = () => {
    const column = focusedSpec();
    if (!column?.filterable) {
      o.say(`${column?.label ?? 'This column'} cannot be filtered`, 'error');
      return;
    }
    actions.openPopup(column.id);
    setField(column.kind === 'select' ? 'options' : 'value');
    const current = o.getState().filters.find((f) => f.id === column.id);
    setCursor(String(current?.value ?? '').length);
    setOptionCursor(0);
    setOptionSearch('');
  };

  const popupKeys = (press: Press): boolean => {
    const table = o.getState();
    const popup = table.popup;
    const popupColumn = popup ? o.columns.find((c) => c.id === popup.columnId) : undefined;
    if (!popup || !popupColumn) return false;
    const fields = fieldsFor(popupColumn.kind, popup.type);
    const at = Math.max(0, fields.indexOf(getField()));
    const matchingOptions = matching(table.options[popup.columnId] ?? null, getOptionSearch());
    if (on(KEYS.back, press)) actions.closePopup();
    else if (on(KEYS.clearPopup, press)) actions.clearPopup();
    else if (on(KEYS.apply, press)) actions.applyPopup();
    else if (press.name === 'tab' || press.name === 'shift-tab') {
      const next = fields[(at + (press.name === 'tab' ? 1 : fields.length - 1)) % fields.length];
      setField(next);
      if (next === 'value') setCursor(popup.value.length);
      if (next === 'valueTo') setCursor(popup.valueTo.length);
    } else if (fields[at] === 'type') {
      const i = popup.types.indexOf(popup.type);
      if (press.name === 'left' || press.name === 'h' || press.name === 'up' || press.name === 'k')
        actions.editPopup({ type: popup.types[Math.max(0, i - 1)] });
      else if (press.name === 'right' || press.name === 'l' || press.name === 'down' || press.name === 'j' || press.name === 'space')
        actions.editPopup({ type: popup.types[Math.min(popup.types.length - 1, i + 1)] });
      return true;
    } else if (fields[at] === 'options') {
      if (press.name === 'down') setOptionCursor((c) => Math.min(Math.max(0, matchingOptions.length - 1), c + 1));
      else if (press.name === 'up') setOptionCursor((c) => Math.max(0, c - 1));
      else if (on(KEYS.toggle, press)) {
        const option = matchingOptions[getOptionCursor()];
        if (option !== undefined) actions.togglePopupValue(option);
      } else {
        const next = editText({ value: getOptionSearch(), cursor: getOptionSearch().length }, press);
        if (next) {
          setOptionSearch(next.value);
          setOptionCursor(0);
        }
      }
      return true;
    } else {
      const key = fields[at] === 'valueTo' ? 'valueTo' : 'value';
      const next = editText({ value: popup[key], cursor: getCursor() }, press);
      if (next) {
        setCursor(next.cursor);
        if (next.value !== popup[key]) actions.editPopup({ [key]: next.value });
      }
    }
    return true;
  };

  const visibleRows = Math.max(1, height - 4 - (popup ? popupHeight(popupColumn, popup.type) : 0));

  const handle = (press: Press): boolean => {
    const table = o.getState();
    const mode = getMode();
    if (table.popup) return popupKeys(press);
    if (mode === 'search') {
      if (on(KEYS.apply, press)) {
        actions.submitSearch();
        setMode('table');
      } else if (on(KEYS.back, press) || on(KEYS.pane, press)) setMode('table');
      else {
        const next = editText({ value: table.search, cursor: getCursor() }, press);
        if (!next) return press.text !== '';
        setCursor(next.cursor);
        if (next.value !== table.search) actions.setSearch(next.value);
      }
      return true;
    }
    if (mode === 'jump') {
      if (on(KEYS.apply, press)) {
        const text = getJumpText();
        setMode('table');
        if (!actions.jumpToPage(text))
          o.say(`Page: a whole number from 1 to ${Math.max(1, table.pageCount).toLocaleString('en-GB')}`, 'error');
      } else if (on(KEYS.back, press)) setMode('table');
      else {
        const next = editText({ value: getJumpText(), cursor: getJumpText().length }, press);
        if (next) setJumpText(next.value);
      }
      return true;
    }
    if (mode === 'size') {
      if (press.name === 'left' || press.name === 'h' || press.name === 'up' || press.name === 'k')
        setSizeChoice((c) => Math.max(0, c - 1));
      else if (press.name === 'right' || press.name === 'l' || press.name === 'down' || press.name === 'j')
        setSizeChoice((c) => Math.min(o.pageSizes.length - 1, c + 1));
      else if (on(KEYS.apply, press)) {
        actions.setPageSize(o.pageSizes[getSizeChoice()]);
        setMode('table');
      } else if (on(KEYS.back, press)) setMode('table');
      return true;
    }
    if (on(KEYS.down, press)) actions.moveSelection(1);
    else if (on(KEYS.up, press)) actions.moveSelection(-1);
    else if (on(KEYS.pageDown, press)) actions.moveSelection(visibleRows);
    else if (on(KEYS.pageUp, press)) actions.moveSelection(-visibleRows);
    else if (on(KEYS.top, press)) actions.select(0);
    else if (on(KEYS.bottom, press)) actions.select(table.rows.length - 1);
    else if (on(KEYS.left, press)) setFocusedColumn((c) => Math.max(0, c - 1));
    else if (on(KEYS.right, press)) setFocusedColumn((c) => Math.min(shownColumns.length - 1, c + 1));
    else if (on(KEYS.sort, press)) {
      const column = focusedSpec();
      if (column?.sortable) actions.toggleSort(column.id);
      else o.say(`${column?.label ?? 'This column'} cannot be sorted`, 'error');
    } else if (on(KEYS.filter, press)) openPopup();
    else if (on(KEYS.clearFilter, press)) {
      const column = focusedSpec();
      if (column) actions.removeFilter(column.id);
    } else if (on(KEYS.clearFilters, press)) actions.clearFilters();
    else if (on(KEYS.nextPage, press)) actions.nextPage();
    else if (on(KEYS.prevPage, press)) actions.previousPage();
    else if (on(KEYS.firstPage, press)) actions.firstPage();
    else if (on(KEYS.lastPage, press)) actions.lastPage();
    else if (on(KEYS.jump, press)) {
      setJumpText('');
      setMode('jump');
    } else if (on(KEYS.pageSize, press)) {
      setSizeChoice(Math.max(0, o.pageSizes.indexOf(table.pageSize)));
      setMode('size');
    } else if (on(KEYS.search, press)) {
      setCursor(table.search.length);
      setMode('search');
    } else if (on(KEYS.open, press)) {
      const row = table.rows[table.selectedIndex];
      if (row !== undefined) o.onOpen(row);
    } else return false;
    return true;
  };

  const tableColumns: TableColumn[] = shownColumns.map((c, i) => ({
    id: c.id,
    label: columnLabel(c, narrow),
    width: columnWidth(c, i === 0, narrow),
    align: c.kind === 'number' ? 'right' : 'left',
  }));
  const byId = new Map(o.columns.map((c) => [c.id, c]));
  const filtered = new Set(state.filters.map((f) => f.id));
  const filterText = state.filters.map((f) => formatFilterExpression(f)).join('  ');
  const sortText = state.sort
    ? `${byId.get(state.sort.columnId)?.label ?? state.sort.columnId} ${state.sort.order === 'asc' ? '▲' : '▼'}`
    : 'none';
  const loading = state.status === 'loading' || state.searchPending;
  const pages = paginationItems(state.page, state.pageCount)
    .map((p) => (p === 'ellipsis' ? '…' : p === state.page ? `[${p}]` : String(p)))
    .join(' ');
  const footer =
    mode === 'jump'
      ? null
      : `Page ${state.page.toLocaleString('en-GB')} of ${Math.max(1, state.pageCount).toLocaleString('en-GB')} · ${showingText(state.page, state.pageSize, state.totalCount, state.totalIsEstimate)} · ${state.pageSize} per page`;
  const inner = width;

  const element = (
    <Box flexDirection="column" width={width} height={height}>
      {mode === 'search' || state.search !== '' ? (
        <TextField
          label="Search: "
          value={state.search}
          cursor={cursor}
          focused={mode === 'search'}
          width={inner}
          placeholder="names and numbers"
        />
      ) : (
        <Text dimColor wrap="truncate">
          {fit(
            `${loading ? 'loading… · ' : ''}/ search · h l column · s sort · f filter · ] [ page · : go to · z rows · Enter open · ? keys`,
            inner,
          )}
        </Text>
      )}
      <Text wrap="truncate">
        {fit(
          `Filters: ${filterText || 'none'} · Sort: ${sortText}${loading && (mode === 'search' || state.search !== '') ? ' · loading…' : ''}`,
          inner,
        )}
      </Text>
      <VirtualTable
        columns={tableColumns}
        rows={state.rows}
        cell={(row, c) => cellText(byId.get(c.id)!, (row as Record<string, unknown>)[c.id])}
        rowKey={o.rowKey}
        selected={state.selectedIndex}
        focusedColumn={Math.min(focusedColumn, shownColumns.length - 1)}
        height={visibleRows + 1}
        width={inner}
        headerMark={(c) =>
          `${state.sort?.columnId === c.id ? (state.sort.order === 'asc' ? '▲' : '▼') : ''}${filtered.has(c.id) ? '•' : ''}`
        }
        empty={
          state.status === 'error'
            ? `${state.message ?? ''}${state.errorDetail ? ` (${state.errorDetail})` : ''}`
            : (state.message ?? (state.status === 'ready' ? '' : 'Loading…'))
        }
        marked={o.marked}
        active={!popup}
      />
      {popup && popupColumn ? (
        <FilterPopupPanel
          column={popupColumn}
          popup={popup}
          field={field}
          cursor={cursor}
          options={options}
          matching={matchingOptions}
          optionCursor={optionCursor}
          optionSearch={optionSearch}
          width={inner}
        />
      ) : null}
      {mode === 'jump' ? (
        <TextField
          label={`Go to page (1-${Math.max(1, state.pageCount).toLocaleString('en-GB')}): `}
          value={jumpText}
          cursor={jumpText.length}
          focused
          width={inner}
        />
      ) : mode === 'size' ? (
        <Text wrap="truncate">
          <Text bold>Rows per page: </Text>
          {o.pageSizes.map((s, i) => (
            <Text key={s} inverse={i === sizeChoice}>
              {i === sizeChoice ? `[${s}]` : ` ${s} `}
            </Text>
          ))}
          <Text dimColor> ← → choose · Enter set · Esc cancel</Text>
        </Text>
      ) : (
        <Text wrap="truncate" dimColor={!footer}>
          {fit(`${footer ?? ''}${width >= 110 && pages ? `   ${pages}` : ''}`, inner)}
        </Text>
      )}
    </Box>
  );
  return { element, handle, capturing: () => o.getState().popup !== null || getMode() !== 'table' };
}
