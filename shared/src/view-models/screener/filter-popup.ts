/**
 * The column filter popup (spec 2 2.11, section 5): open on one column with its current filter
 * shown, edit the type and values as typed text, Apply with the spec's validation messages
 * (popupFilterError), Clear. Pure: the screener view models keep the state.
 */
import { FILTER_TYPES_BY_KIND, type ColumnKind, type ColumnSpec, type FilterType } from '../../filters/types.js';
import { checkFilter, isoToPopupDate, popupFilterError, type NormalisedFilter } from '../../filters/validate.js';

export interface FilterPopupState {
  columnId: string;
  kind: ColumnKind;
  /** The filter types this column offers (FILTER_TYPES_BY_KIND), the first the default. */
  types: readonly FilterType[];
  type: FilterType;
  /** As typed: dates DD/MM/YYYY, numbers may be "10m". */
  value: string;
  /** The end of between / range. */
  valueTo: string;
  /** Chosen options of is_one_of / is_not_one_of. */
  values: readonly string[];
  /** The validation message of the last Apply, null when none. */
  error: string | null;
}

export type FilterPopupEdit = Partial<Pick<FilterPopupState, 'type' | 'value' | 'valueTo' | 'values'>>;

function shown(value: unknown, kind: ColumnKind): string {
  if (value === undefined || value === null) return '';
  return kind === 'date' ? isoToPopupDate(String(value)) : String(value);
}

/** The popup for a column, showing the column's current filter when it has one. */
export function openFilterPopup(column: ColumnSpec, current: NormalisedFilter | undefined): FilterPopupState {
  const types = FILTER_TYPES_BY_KIND[column.kind];
  const type = current && types.includes(current.type) ? current.type : types[0];
  return {
    columnId: column.id,
    kind: column.kind,
    types,
    type,
    value: shown(current?.value, column.kind),
    valueTo: shown(current?.valueTo, column.kind),
    values: (current?.values ?? []).map(String),
    error: null,
  };
}

/** An edit of the popup's fields; any edit clears the last message. A type the column lacks is ignored. */
export function editFilterPopup(popup: FilterPopupState, edit: FilterPopupEdit): FilterPopupState {
  const type = edit.type !== undefined && popup.types.includes(edit.type) ? edit.type : popup.type;
  return { ...popup, ...edit, type, error: null };
}

/** Adds or removes one option of a list filter. */
export function toggleFilterPopupValue(popup: FilterPopupState, option: string): FilterPopupState {
  const values = popup.values.includes(option) ? popup.values.filter((v) => v !== option) : [...popup.values, option];
  return { ...popup, values, error: null };
}

export type FilterPopupResult = { ok: true; filter: NormalisedFilter } | { ok: false; error: string };

/**
 * Apply: the spec's message when the values are not acceptable (companies: "Please select at least
 * one value", creditors: "... option"), else the filter normalised (numbers, ISO dates, booleans).
 */
export function applyFilterPopup(
  popup: FilterPopupState,
  columns: readonly ColumnSpec[],
  screen: 'companies' | 'creditors',
): FilterPopupResult {
  const column = columns.find((c) => c.id === popup.columnId);
  if (!column) return { ok: false, error: `Unknown column ${popup.columnId}` };
  const parts = { type: popup.type, value: popup.value, valueTo: popup.valueTo, values: [...popup.values] };
  const message = popupFilterError(column, parts, screen);
  if (message) return { ok: false, error: message };
  const check = checkFilter(column.id, popup.type, parts, columns);
  if (!check.ok) return { ok: false, error: check.message };
  return { ok: true, filter: check.filters[0] ?? { id: column.id, type: popup.type } };
}

/** The filters with `filter` replacing any filter on its column (spec 2 2.11: Apply replaces). */
export function replaceColumnFilter(filters: readonly NormalisedFilter[], filter: NormalisedFilter): NormalisedFilter[] {
  const at = filters.findIndex((f) => f.id === filter.id);
  if (at < 0) return [...filters, filter];
  return filters.map((f, i) => (i === at ? filter : f));
}

/** The filters without the one on `columnId` (spec 2 2.11: Clear removes). */
export function removeColumnFilter(filters: readonly NormalisedFilter[], columnId: string): NormalisedFilter[] {
  return filters.filter((f) => f.id !== columnId);
}
