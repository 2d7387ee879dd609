/**
 * /us/restructuring, the 'Capital Restructuring' workspace (spec 3): history of restructuring
 * chats, the query bar with focus areas, Upload Files, New Query and Export, then Observations,
 * Thought Process and the results table. Queries run the shared flow (plan, start_query, poll,
 * save the chat); each failure shows the spec's error modal. The chat is ?chatKey=; the chips under
 * the query bar are its saved runs.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DOCUMENT_TEXTS,
  FOCUS_AREAS,
  newChatKey,
  restructuringRunOf,
  RESTRUCTURING_TEXTS,
  RestructuringError,
  runRestructuringQuery,
  type ChatHistoryItem,
  type UploadedPdf,
  type WorkflowCategory,
} from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { PdfViewerProvider } from '../explorer/pdf-viewer.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorModal } from './error-modal.tsx';
import { HistoryNav } from './history-nav.tsx';
import { RestructuringTableView } from './restructuring-table.tsx';
import { chipRuns, EMPTY, RunChips, type Shown } from './run-chips.tsx';
import { UploadDialog } from '../documents/upload-dialog.tsx';
import './restructuring.css';

export default function RestructuringPage() {
  const { client } = useServices();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const chatKey = params.get('chatKey') ?? '';
  const [shown, setShown] = useState<Shown>(EMPTY);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<WorkflowCategory>('restructuring');
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [files, setFiles] = useState<UploadedPdf[]>([]);
  const [history, setHistory] = useState<ChatHistoryItem[]>([]);
  const [runs, setRuns] = useState<Shown[]>([]);
  const closeError = useCallback(() => setError(null), []);

  useEffect(() => {
    if (!chatKey) setParams({ chatKey: newChatKey() }, { replace: true });
  }, [chatKey, setParams]);

  const refreshFiles = useCallback(() => {
    if (!chatKey) return;
    client.fetchPdfList(chatKey).then(setFiles, () => setError(DOCUMENT_TEXTS.listFailed));
  }, [client, chatKey]);
  const refreshHistory = useCallback(() => {
    client.getChatHistory().then(
      (items) => setHistory(items),
      () => setError(RESTRUCTURING_TEXTS.historyFailed),
    );
  }, [client]);

  useEffect(() => {
    refreshFiles();
    refreshHistory();
  }, [refreshFiles, refreshHistory]);

  /** The chat's saved runs become the chips; on opening a chat its latest run is shown. */
  const loadRuns = useCallback(
    async (showLatest: boolean) => {
      const chat = await client.getChat(chatKey);
      setRuns(chipRuns(chat.details));
      const last = chat.details.at(-1);
      if (!showLatest || !last) return;
      setShown(restructuringRunOf(last));
      setQuery(last.query_str);
    },
    [client, chatKey],
  );

  useEffect(() => {
    if (!chatKey) return;
    setShown(EMPTY);
    setRuns([]);
    loadRuns(true).catch(() => undefined); // a new chat has nothing saved yet
  }, [chatKey, loadRuns]);

  function pick(saved: Shown) {
    setShown(saved);
    setQuery(saved.query);
  }

  async function run(text: string, columns?: string[]) {
    setLoading(true);
    try {
      const result = await runRestructuringQuery(client, {
        query: text,
        chatKey,
        category,
        columns,
        plan: columns ? shown.plan : undefined,
        onStage: (stage, detail) => stage === 'plan' && detail && setShown((s) => ({ ...s, query: text, plan: detail.plan })),
      });
      setShown({ query: text, plan: result.thought_process, observations: result.observations, table: result.table_data });
      refreshHistory();
      loadRuns(false).catch(() => setError(RESTRUCTURING_TEXTS.historyFailed));
    } catch (e) {
      setError(e instanceof RestructuringError ? e.message : RESTRUCTURING_TEXTS.unexpected((e as Error)?.message ?? String(e)));
    } finally {
      setLoading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!query.trim() || loading) return;
    void run(query.trim());
  }

  /** Spec 3 section 4: a deleted chat leaves the lists and the page goes to /us/restructuring. */
  async function deleteChat(chat: ChatHistoryItem) {
    try {
      await client.deleteChat(chat.chat_id);
      setHistory((h) => h.filter((c) => c.chat_id !== chat.chat_id));
      void navigate('/us/restructuring');
    } catch (e) {
      setError(RESTRUCTURING_TEXTS.unexpected((e as Error)?.message ?? String(e)));
    }
  }

  async function exportExcel() {
    setExporting(true);
    try {
      // the run shown, by its id (a chip's older run); a run just made is the chat's latest
      const file = await client.restructuringExcel(chatKey, { runId: shown.runId });
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
    } catch (e) {
      setError(RESTRUCTURING_TEXTS.unexpected((e as Error)?.message ?? String(e)));
    } finally {
      setExporting(false);
    }
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
              onChange={(e) => setQuery(e.currentTarget.value)}
            />
            <select aria-label="Focus area" value={category} onChange={(e) => setCategory(e.currentTarget.value as WorkflowCategory)}>
              {FOCUS_AREAS.map((f) => (
                <option key={f.id} value={f.id} disabled={!f.active}>
                  {f.label}
                  {f.active ? '' : ' (coming soon)'}
                </option>
              ))}
            </select>
            <Button type="submit" disabled={!query.trim()} busy={loading} busyLabel="Running">
              Run
            </Button>
            <Button variant="secondary" onClick={() => setUploading(true)}>
              Upload Files
            </Button>
            <Button variant="secondary" onClick={() => setParams({ chatKey: newChatKey() })}>
              New Query
            </Button>
            <Button variant="secondary" onClick={() => void exportExcel()} disabled={!shown.table?.columns.length || loading}>
              Export
            </Button>
          </form>
          <RunChips runs={runs} current={shown} disabled={loading} onPick={pick} />
          <p className="restructuring__files" aria-label="Uploaded files">
            {files.length ? files.map((f) => `${f.file_name} (${f.pages} pages)`).join(' · ') : 'No files uploaded yet.'}
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
            loading={loading}
            exporting={exporting}
            onExport={() => void exportExcel()}
            onAddColumn={(name) => void run(shown.query || query.trim(), [...(shown.table?.columns ?? []), name])}
            onColumns={(columns) => void run(shown.query || query.trim(), columns)}
          />
        </main>
        {uploading && chatKey && (
          <UploadDialog chatKey={chatKey} workflowCategory={category} onClose={() => setUploading(false)} onUploaded={refreshFiles} />
        )}
        {error && <ErrorModal message={error} onClose={closeError} />}
      </div>
    </PdfViewerProvider>
  );
}
