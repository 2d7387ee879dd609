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
  shortColumnHeader,
  formatFilterExpression,
  paginationItems,
  showingText,
  type ColumnSpec,
  type FilterType,
  type TableActions,
  type TableState,
} from '@credence/shared';
import { formatCell, headerOf } from '../../output/table.js';
import { KEYS, on, type Press } from '../keys.js';
import { useEntryState } from '../router.js';
import { editText } from '../text-edit.js';
import { cut, fit } from '../text.js';
import { TextField } from './text-field.js';
import { VirtualTable, type TableColumn } from './virtual-table.js';

/** How a filter type reads in the popup. */
export const FILTER_TYPE_WORDS: Readonly<Record<FilterType, string>> = {
  contains: 'contains',
  startsWith: 'starts with',
  endsWith: 'ends with',
  equals: 'equals',
  greaterThan: 'greater than',
  lessThan: 'less than',
  between: 'between',
  is_one_of: 'is one of',
  is_not_one_of: 'is not one of',
  empty: 'is empty',
  notEmpty: 'is not empty',
  after: 'after',
  before: 'before',
  range: 'range',
};

/** Columns whose values are short, whatever their kind. */
const NARROW: Readonly<Record<string, number>> = { currency: 10, filing_year: 13, sic_code: 10, status: 16, charge_number: 15 };

/** Below this many cells the table shows its most telling columns first, with short headers. */
export const NARROW_TABLE_WIDTH = 110;

/** The header a column shows: its short form where the table is narrow. */
export function columnLabel(column: ColumnSpec, narrow = false): string {
  return narrow ? shortColumnHeader(column) : headerOf(column);
}

/** Cells a column gets: the first (names) wide, amounts and counts narrow; less of each where the table is narrow. */
export function columnWidth(column: ColumnSpec, first: boolean, narrow = false): number {
  if (first) return narrow ? 24 : 30;
  // the header has room for the focus mark and the sort and filter marks
  const header = columnLabel(column, narrow).length + 2;
  if (narrow && column.id === 'company_number') return 10;
  if (narrow && column.id === 'company_status') return 13;
  if (NARROW[column.id]) return NARROW[column.id];
  switch (column.format) {
    case 'millions':
      return Math.max(10, Math.min(18, header));
    case 'ratio':
    case 'integer':
      return Math.max(8, Math.min(16, header));
    case 'date':
      return 14;
    case 'boolean':
      return Math.max(5, Math.min(10, column.label.length));
    case 'list':
      return 30;
    default:
      return column.id.endsWith('_number') ? 16 : 20;
  }
}

/** A cell as the CLI's tables show it (spec 2 section 9). */
export function cellText(column: ColumnSpec, value: unknown): string {
  return formatCell(column, value);
}

type Field = 'type' | 'value' | 'valueTo' | 'options';
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

function fieldsFor(kind: ColumnSpec['kind'], type: FilterType): Field[] {
  if (type === 'empty' || type === 'notEmpty') return ['type'];
  if (kind === 'select') return ['type', 'options'];
  if (type === 'between' || type === 'range') return ['type', 'value', 'valueTo'];
  return ['type', 'value'];
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

/** Lines the popup takes. */
export function popupHeight(column: ColumnSpec | undefined, type: FilterType): number {
  if (!column) return 0;
  // border 2, title, type, [fields], message, keys
  if (type === 'empty' || type === 'notEmpty') return 6;
  if (column.kind === 'select') return 7 + 6;
  return type === 'between' || type === 'range' ? 8 : 7;
}

interface PanelProps {
  column: ColumnSpec;
  popup: NonNullable<TableState<unknown>['popup']>;
  field: Field;
  cursor: number;
  options: TableState<unknown>['options'][string] | null;
  matching: readonly string[];
  optionCursor: number;
  optionSearch: string;
  width: number;
}

/** The filter popup of one column: type, value(s), the spec's message, the keys. */
function FilterPopupPanel({ column, popup, field, cursor, options, matching, optionCursor, optionSearch, width }: PanelProps) {
  const inner = Math.max(20, width - 4);
  const dates = column.kind === 'date' ? ' (DD/MM/YYYY)' : column.kind === 'number' ? ' (10m, 1.5bn, 250k)' : '';
  const fields = fieldsFor(column.kind, popup.type);
  const typeLine = popup.types.map((t) => (t === popup.type ? `‹${FILTER_TYPE_WORDS[t]}›` : FILTER_TYPE_WORDS[t])).join('  ');
  const optionRows = 6;
  const top = Math.max(0, Math.min(optionCursor - optionRows + 1, Math.max(0, matching.length - optionRows)));
  return (
    <Box flexDirection="column" width={width} height={popupHeight(column, popup.type)} borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold wrap="truncate">
        {fit(`Filter ${column.label}${dates}`, inner)}
      </Text>
      <Text wrap="truncate" color={field === 'type' ? 'cyan' : undefined}>
        {fit(`${field === 'type' ? '›' : ' '}Type: ${typeLine}`, inner)}
      </Text>
      {fields.includes('value') ? (
        <TextField
          label={`${field === 'value' ? '›' : ' '}${popup.type === 'between' || popup.type === 'range' ? 'From' : 'Value'}: `}
          value={popup.value}
          cursor={cursor}
          focused={field === 'value'}
          width={inner}
        />
      ) : null}
      {fields.includes('valueTo') ? (
        <TextField
          label={`${field === 'valueTo' ? '›' : ' '}To: `}
          value={popup.valueTo}
          cursor={cursor}
          focused={field === 'valueTo'}
          width={inner}
        />
      ) : null}
      {fields.includes('options') ? (
        <>
          <TextField
            label={`${field === 'options' ? '›' : ' '}Options (${popup.values.length} chosen), type to find: `}
            value={optionSearch}
            cursor={optionSearch.length}
            focused={field === 'options'}
            width={inner}
          />
          {options?.status === 'loading' ? <Text dimColor>Loading options…</Text> : null}
          {options?.status === 'error' ? <Text color="red">{options.error}</Text> : null}
          {Array.from({ length: optionRows }, (_, i) => {
            const option = matching[top + i];
            if (option === undefined) return <Text key={i}> </Text>;
            const chosen = popup.values.includes(option);
            return (
              <Text key={i} inverse={top + i === optionCursor && field === 'options'} wrap="truncate">
                {fit(`${top + i === optionCursor ? '›' : ' '}[${chosen ? 'x' : ' '}] ${option}`, inner)}
              </Text>
            );
          }).slice(0, options?.status === 'ready' ? optionRows : optionRows - 1)}
        </>
      ) : null}
      <Text color="red" wrap="truncate">
        {fit(popup.error ?? '', inner)}
      </Text>
      <Text dimColor wrap="truncate">
        {cut('Tab next field · ← → type · Space tick · Enter apply · Ctrl-X clear · Esc close', inner)}
      </Text>
    </Box>
  );
}
