/** The column filter popup (spec 2 2.11, section 5): type, value(s), Apply and Clear; an outside click closes it. */
import { useEffect, useId, useRef, useState } from 'react';
import type { ColumnOptionsState, ColumnSpec, FilterPopupState, TableActions } from '@credence/shared';

const TYPE_LABELS: Record<string, string> = {
  contains: 'Contains',
  startsWith: 'Starts with',
  endsWith: 'Ends with',
  equals: 'Equals',
  greaterThan: 'Greater than',
  lessThan: 'Less than',
  between: 'Between',
  after: 'After',
  before: 'Before',
  range: 'Between dates',
  is_one_of: 'Is one of',
  is_not_one_of: 'Is not one of',
  empty: 'Is empty',
  notEmpty: 'Is not empty',
};

export function FilterPopup({
  column,
  popup,
  options,
  actions,
}: {
  column: ColumnSpec;
  popup: FilterPopupState;
  options: ColumnOptionsState | undefined;
  actions: TableActions;
}) {
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const [find, setFind] = useState('');
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const target = e.target as HTMLElement;
      if (root.current && !root.current.contains(target) && !target.closest('.data-table__filter')) actions.closePopup();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') actions.closePopup();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [actions]);
  const multi = popup.type === 'is_one_of' || popup.type === 'is_not_one_of';
  const two = popup.type === 'between' || popup.type === 'range';
  const none = popup.type === 'empty' || popup.type === 'notEmpty';
  const date = popup.kind === 'date';
  const values = (options?.values ?? column.options ?? []).filter((v) => v.toLowerCase().includes(find.trim().toLowerCase()));
  return (
    <div className="filter-popup" ref={root} role="dialog" aria-label={`Filter ${column.label}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actions.applyPopup();
        }}
      >
        <label className="filter-popup__field">
          <span>Condition</span>
          <select value={popup.type} onChange={(e) => actions.editPopup({ type: e.target.value as FilterPopupState['type'] })} autoFocus>
            {popup.types.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t] ?? t}
              </option>
            ))}
          </select>
        </label>
        {multi ? (
          <fieldset className="filter-popup__options">
            <legend className="visually-hidden">{column.label} values</legend>
            <input
              type="search"
              placeholder="Search options"
              aria-label="Search options"
              value={find}
              onChange={(e) => setFind(e.target.value)}
            />
            {options?.status === 'loading' && <p className="muted">Loading…</p>}
            {options?.status === 'error' && <p className="filter-popup__error">{options.error}</p>}
            <div className="filter-popup__list">
              {values.slice(0, 300).map((v) => (
                <label key={v} className="filter-popup__option">
                  <input type="checkbox" checked={popup.values.includes(v)} onChange={() => actions.togglePopupValue(v)} /> {v}
                </label>
              ))}
            </div>
          </fieldset>
        ) : none ? null : (
          <>
            <label className="filter-popup__field">
              <span>{two ? 'From' : 'Value'}</span>
              <input
                id={`${id}-v`}
                value={popup.value}
                onChange={(e) => actions.editPopup({ value: e.target.value })}
                placeholder={date ? 'DD/MM/YYYY' : popup.kind === 'number' ? 'e.g. 10m' : ''}
              />
            </label>
            {two && (
              <label className="filter-popup__field">
                <span>To</span>
                <input
                  value={popup.valueTo}
                  onChange={(e) => actions.editPopup({ valueTo: e.target.value })}
                  placeholder={date ? 'DD/MM/YYYY' : 'e.g. 50m'}
                />
              </label>
            )}
          </>
        )}
        {popup.error && (
          <p className="filter-popup__error" role="alert">
            {popup.error}
          </p>
        )}
        <div className="filter-popup__actions">
          <button type="button" className="button button--secondary" onClick={() => actions.clearPopup()}>
            Clear
          </button>
          <button type="submit" className="button button--primary">
            Apply
          </button>
        </div>
      </form>
    </div>
  );
}
