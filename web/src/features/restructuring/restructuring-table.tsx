/**
 * The results table (spec 3 /us/restructuring): titled by the table title, a column per chosen
 * field, each cited cell a button that opens its page in the PDF viewer; Edit Columns (select or
 * remove), Add Column (names checked by the shared rules: empty, duplicate, trimmed) and the
 * Excel download.
 */
import { useState, type FormEvent } from 'react';
import { canExport, checkColumnName, RESTRUCTURING_TEXTS, type RestructuringCell, type RestructuringTable } from '@credence/shared';
import { usePdfViewer } from '../explorer/pdf-viewer.tsx';
import { Button } from '../../ui/button.tsx';
import { ColumnEditor } from './column-editor.tsx';

interface Props {
  table: RestructuringTable | null;
  chatKey: string;
  loading: boolean;
  onAddColumn(name: string): void;
  /** Re-runs with these columns (a selection of the current ones). */
  onColumns(columns: string[]): void;
  onExport(): void;
  exporting: boolean;
}

function Cell({ cell, chatKey }: { cell: RestructuringCell | string | undefined; chatKey: string }) {
  const viewer = usePdfViewer();
  if (!cell) return <td />;
  if (typeof cell === 'string') return <td>{cell}</td>;
  if (!cell.pdf_file_name || !cell.pageNumber) return <td className="restructuring-table__missing">{cell.text}</td>;
  const label = `${cell.pdf_file_name}, page ${cell.pageNumber}`;
  return (
    <td>
      <span>{cell.text}</span>{' '}
      <button
        type="button"
        className="restructuring-table__source"
        title={`Open ${label}`}
        onClick={() =>
          viewer.open({
            companyNumber: '',
            documentId: cell.document_id ?? cell.pdf_file_name!,
            page: cell.pageNumber!,
            title: cell.pdf_file_name!,
            quote: cell.quote,
            upload: { chatKey, fileName: cell.pdf_file_name! },
          })
        }
      >
        p. {cell.pageNumber}
      </button>
    </td>
  );
}

export function RestructuringTableView({ table, chatKey, loading, onAddColumn, onColumns, onExport, exporting }: Props) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkColumnName(name, table?.columns ?? []);
    if (!check.ok) return setError(check.error);
    setError(null);
    setName('');
    setAdding(false);
    onAddColumn(check.name);
  }

  return (
    <section className="restructuring-table" aria-label="Results table">
      <header className="restructuring-table__bar">
        <h2>{table?.table_title || RESTRUCTURING_TEXTS.defaultTableTitle}</h2>
        <Button variant="secondary" onClick={() => setEditing((e) => !e)} disabled={!table?.columns.length || loading}>
          Edit Columns
        </Button>
        <Button variant="secondary" onClick={() => setAdding((a) => !a)} disabled={!table || loading}>
          Add Column
        </Button>
        <Button variant="secondary" onClick={onExport} disabled={!canExport(table) || loading} busy={exporting} busyLabel="Exporting">
          Excel
        </Button>
      </header>
      {editing && table && !loading && (
        <ColumnEditor
          key={table.columns.join('|')}
          columns={table.columns}
          onSave={(columns) => {
            setEditing(false);
            onColumns(columns);
          }}
        />
      )}
      {adding && (
        <form className="restructuring-table__add" onSubmit={submit}>
          <label>
            Column name
            <input value={name} onChange={(e) => setName(e.currentTarget.value)} autoFocus />
          </label>
          <Button type="submit">Save</Button>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      {loading ? (
        <p className="restructuring-table__loading" role="status">
          {RESTRUCTURING_TEXTS.loading}
        </p>
      ) : table ? (
        <div className="restructuring-table__scroll">
          <table className="data-table">
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {table.columns.map((c) => (
                    <Cell key={c} cell={row[c]} chatKey={chatKey} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="restructuring-table__empty">Upload credit documents, then run a query to build the table.</p>
      )}
    </section>
  );
}
