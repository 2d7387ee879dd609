/** An artifacts table whose columns resize by dragging their edge (spec 3: min 50 px, default 200 px). */
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { COLUMN_DEFAULT_PX, resizedColumn } from './layout.ts';
import { followPointerDrag } from './pointer-drag.ts';

export interface ArtifactTable {
  title: string;
  headers: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
  unit?: string;
}

function cellText(value: string | number | null): string {
  if (value === null) return '–';
  if (typeof value === 'number') return value.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  return value;
}

export function ResizableTable({ table }: { table: ArtifactTable }) {
  const [widths, setWidths] = useState<number[]>(() => table.headers.map(() => COLUMN_DEFAULT_PX));
  const widthOf = (i: number) => widths[i] ?? COLUMN_DEFAULT_PX;

  function setWidth(i: number, width: number) {
    setWidths((list) => table.headers.map((_, j) => (j === i ? width : (list[j] ?? COLUMN_DEFAULT_PX))));
  }

  function startDrag(i: number, event: PointerEvent<HTMLSpanElement>) {
    const startX = event.clientX;
    const startWidth = widthOf(i);
    followPointerDrag(event, (e) => setWidth(i, resizedColumn(startWidth, e.clientX - startX)));
  }

  function keyResize(i: number, event: KeyboardEvent<HTMLSpanElement>) {
    const delta = event.key === 'ArrowRight' ? 20 : event.key === 'ArrowLeft' ? -20 : 0;
    if (!delta) return;
    event.preventDefault();
    setWidth(i, resizedColumn(widthOf(i), delta));
  }

  return (
    <div className="artifact-table">
      <table style={{ width: table.headers.reduce((sum, _, i) => sum + widthOf(i), 0) }}>
        <colgroup>
          {table.headers.map((h, i) => (
            <col key={`${i}-${h}`} style={{ width: widthOf(i) }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {table.headers.map((h, i) => (
              <th key={`${i}-${h}`} scope="col" data-width={widthOf(i)}>
                <span className="artifact-table__head">{h}</span>
                <span
                  className="artifact-table__resize"
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`Resize column ${h}`}
                  aria-valuenow={widthOf(i)}
                  tabIndex={0}
                  onPointerDown={(e) => startDrag(i, e)}
                  onKeyDown={(e) => keyResize(i, e)}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c} className={typeof cell === 'number' ? 'artifact-table__number' : undefined}>
                  {cellText(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
