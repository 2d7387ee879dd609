/**
 * Choosing the table's columns (spec 3 section 4, column edit): a box per column, Save enabled
 * only when the choice changed (and keeps at least one column); saving re-runs the query with a
 * step listing the selected columns.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';

interface Props {
  columns: string[];
  onSave(columns: string[]): void;
}

export function ColumnEditor({ columns, onSave }: Props) {
  const [selected, setSelected] = useState<string[]>(columns);
  const changed = selected.length !== columns.length || selected.some((c, i) => c !== columns[i]);

  function toggle(column: string, on: boolean) {
    setSelected((s) => columns.filter((c) => (c === column ? on : s.includes(c))));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (changed && selected.length) onSave(selected);
  }

  return (
    <form className="restructuring-table__columns" aria-label="Columns" onSubmit={submit}>
      {columns.map((c) => (
        <label key={c}>
          <input type="checkbox" checked={selected.includes(c)} onChange={(e) => toggle(c, e.currentTarget.checked)} /> {c}
        </label>
      ))}
      <Button type="submit" disabled={!changed || !selected.length}>
        Save columns
      </Button>
    </form>
  );
}
