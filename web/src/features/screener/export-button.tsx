/** Export (csv or xlsx) of every row the current filters, sort and search select, as a file download. */
import { useState } from 'react';
import { exportQuery, type ExportFormat, type ScreenerTable, type TableState } from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { useToaster } from '../../ui/toasts.tsx';

export function exportFileName(table: ScreenerTable, format: ExportFormat, now = new Date()): string {
  return `credence-${table}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** The name the server gives in Content-Disposition, else ours. */
export function downloadName(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match ? decodeURIComponent(match[1]) : fallback;
}

export function ExportButton({ table, state }: { table: ScreenerTable; state: TableState<unknown> }) {
  const { client } = useServices();
  const toasts = useToaster();
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const response = await client.export(table, exportQuery(table, state), format);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = downloadName(response.headers.get('content-disposition'), exportFileName(table, format));
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toasts.show('error', (error as { error?: string })?.error ?? 'Export failed');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="export">
      <label className="inline-field">
        <span className="visually-hidden">Export format</span>
        <select value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'xlsx')} aria-label="Export format">
          <option value="csv">CSV</option>
          <option value="xlsx">Excel (xlsx)</option>
        </select>
      </label>
      <button type="button" className="button button--secondary" onClick={run} disabled={busy}>
        {busy ? 'Exporting…' : 'Export'}
      </button>
    </div>
  );
}
