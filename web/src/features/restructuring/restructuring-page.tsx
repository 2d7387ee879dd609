/**
 * /us/restructuring, the 'Capital Restructuring' workspace (spec 3): history of restructuring
 * chats, the query bar with focus areas, Upload Files, New Query and Export, then Observations,
 * Thought Process and the results table. A thin renderer of the shared restructuring view model
 * (state, runs and their stages, chips, errors); the chat is ?chatKey=, and the page keeps only
 * the address, the upload dialog and the browser download.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  createRestructuringViewModel,
  FOCUS_AREAS,
  newChatKey,
  RESTRUCTURING_STAGE_TEXTS,
  RESTRUCTURING_TEXTS,
  uploadedFilesText,
  type ChatHistoryItem,
  type WorkflowCategory,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { PdfViewerProvider } from '../explorer/pdf-viewer.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorModal } from './error-modal.tsx';
import { HistoryNav } from './history-nav.tsx';
import { RestructuringTableView } from './restructuring-table.tsx';
import { RunChips } from './run-chips.tsx';
import { UploadDialog } from '../documents/upload-dialog.tsx';
import './restructuring.css';

/** Saves the workbook the browser's way (a link to a blob URL). */
function download(file: { bytes: Uint8Array; fileName: string }) {
  const url = URL.createObjectURL(
    new Blob([file.bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function RestructuringPage() {
  const { client } = useServices();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const chatKey = params.get('chatKey') ?? '';
  const [model] = useState(() => createRestructuringViewModel({ client }));
  const { query, category, shown, runs, history, files, running, stage, exporting, error } = useViewModel(model);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!chatKey) setParams({ chatKey: newChatKey() }, { replace: true });
    else model.open(chatKey);
  }, [chatKey, setParams, model]);
  useEffect(() => () => model.dispose(), [model]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void model.submit();
  }

  /** Spec 3 section 4: a deleted chat leaves the lists and the page goes to /us/restructuring. */
  async function deleteChat(chat: ChatHistoryItem) {
    if (await model.deleteChat(chat)) void navigate('/us/restructuring');
  }

  async function exportExcel() {
    const file = await model.exportExcel();
    if (file) download(file);
  }

  return (
    <PdfViewerProvider>
      <div className="restructuring">
        <HistoryNav history={history} chatKey={chatKey} onDelete={(c) => void deleteChat(c)} />
        <main className="restructuring__main">
          <p className="restructuring__crumb">Workflows</p>
          <h1>{RESTRUCTURING_TEXTS.title}</h1>
          <form className="restructuring__query" onSubmit={submit}>
            <input
              aria-label="Query"
              placeholder="Add your search query here..."
              value={query}
              onChange={(e) => model.setQuery(e.currentTarget.value)}
            />
            <select aria-label="Focus area" value={category} onChange={(e) => model.setCategory(e.currentTarget.value as WorkflowCategory)}>
              {FOCUS_AREAS.map((f) => (
                <option key={f.id} value={f.id} disabled={!f.active}>
                  {f.label}
                  {f.active ? '' : ' (coming soon)'}
                </option>
              ))}
            </select>
            <Button type="submit" disabled={!query.trim()} busy={running} busyLabel="Running">
              Run
            </Button>
            <Button variant="secondary" onClick={() => setUploading(true)}>
              Upload Files
            </Button>
            <Button variant="secondary" onClick={() => setParams({ chatKey: newChatKey() })}>
              New Query
            </Button>
            <Button variant="secondary" onClick={() => void exportExcel()} disabled={!shown.table?.columns.length || running}>
              Export
            </Button>
          </form>
          <RunChips runs={runs} current={shown} disabled={running} onPick={model.pick} />
          {stage && (
            <p className="restructuring__stage" role="status">
              {RESTRUCTURING_STAGE_TEXTS[stage]}
            </p>
          )}
          <p className="restructuring__files" aria-label="Uploaded files">
            {uploadedFilesText(files)}
          </p>
          <div className="restructuring__panels">
            <section aria-label="Observations" className="restructuring__panel" tabIndex={0}>
              <h2>Observations</h2>
              {shown.observations.map((o) => (
                <p key={o.title}>
                  <strong>{o.title}:</strong> {o.details}
                </p>
              ))}
            </section>
            <section aria-label="Thought Process" className="restructuring__panel" tabIndex={0}>
              <h2>Thought Process</h2>
              <ol>
                {shown.plan.map((step, i) => (
                  <li key={i}>{step}</li>
                ))}
              </ol>
            </section>
          </div>
          <RestructuringTableView
            table={shown.table}
            chatKey={chatKey}
            loading={running}
            exporting={exporting}
            onExport={() => void exportExcel()}
            onAddColumn={(name) => void model.addColumn(name)}
            onColumns={(columns) => void model.setColumns(columns)}
          />
        </main>
        {uploading && chatKey && (
          <UploadDialog chatKey={chatKey} workflowCategory={category} onClose={() => setUploading(false)} onUploaded={model.refreshFiles} />
        )}
        {error && <ErrorModal message={error} onClose={model.closeError} />}
      </div>
    </PdfViewerProvider>
  );
}
