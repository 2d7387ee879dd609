/**
 * The Upload Files dialog (spec 3 sections 4, 5 and 8), reusable by any page that uploads PDFs to
 * a chat: pick PDFs (anything else: "Please select only PDF files."), each file uploads with its
 * own progress (a tenth a second, held at 90% until the server answers, then a completed mark),
 * then Submit has them processed (start_pdf_processing, polled) with a status message. A file
 * that was not uploaded keeps its row, its reason wrapped under its name (uploadFailureText, as
 * the terminal words it), and Submit names it again rather than closing over it.
 */
import { useState } from 'react';
import {
  allPdf,
  ApiError,
  DOCUMENT_TEXTS,
  formatDocumentSize,
  RESTRUCTURING_CONSTANTS,
  uploadFailureText,
  uploadProgress,
  waitForJob,
} from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { Button } from '../../ui/button.tsx';
import { useModalDialog } from '../../ui/use-modal-dialog.ts';
import './upload-dialog.css';

interface FileState {
  name: string;
  size: number;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Why a file was not uploaded, worded as the terminal words it; a file this browser could not read says so. */
function failureText(name: string, error: unknown): string {
  if (error instanceof ApiError) return uploadFailureText(name, error);
  return `${name} was not uploaded: this browser could not read the file (${error instanceof Error ? error.message : String(error)}). Choose it again.`;
}

/** After Submit: what was processed, and every chosen file that was not uploaded, by name. */
function processedText(done: { indexed: number; pages: number }, failed: readonly string[]): string {
  const processed = `Processed ${done.indexed} file${done.indexed === 1 ? '' : 's'}, ${done.pages} pages.`;
  if (!failed.length) return processed;
  return `${processed} Not uploaded: ${failed.join(', ')} (the reason is under each name); fix ${failed.length === 1 ? 'it' : 'them'} and choose again.`;
}

export interface UploadDialogProps {
  chatKey: string;
  workflowCategory?: string;
  onClose(): void;
  /** After files are stored (refresh the list) and again once processed. */
  onUploaded(): void;
}

export function UploadDialog({ chatKey, workflowCategory, onClose, onUploaded }: UploadDialogProps) {
  const { client } = useServices();
  const modal = useModalDialog(onClose);
  const [files, setFiles] = useState<FileState[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const update = (name: string, next: Partial<FileState>) => setFiles((list) => list.map((f) => (f.name === name ? { ...f, ...next } : f)));

  async function uploadOne(file: File) {
    let ticks = 0;
    const timer = setInterval(() => update(file.name, { progress: uploadProgress(++ticks, false) }), RESTRUCTURING_CONSTANTS.uploadTickMs);
    try {
      await client.uploadPdfs(chatKey, [{ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }]);
      update(file.name, { progress: uploadProgress(ticks, true), status: 'done' });
    } catch (e) {
      update(file.name, { status: 'failed', error: failureText(file.name, e) });
    } finally {
      clearInterval(timer);
    }
  }

  async function pick(list: FileList | null) {
    const picked = Array.from(list ?? []);
    if (!picked.length) return;
    if (!allPdf(picked)) {
      setError(DOCUMENT_TEXTS.onlyPdf);
      return;
    }
    setError(null);
    setFiles((current) => [
      ...current.filter((f) => !picked.some((p) => p.name === f.name)),
      ...picked.map((p) => ({ name: p.name, size: p.size, progress: 0, status: 'uploading' as const })),
    ]);
    await Promise.all(picked.map(uploadOne));
    onUploaded();
  }

  async function submit() {
    setProcessing(true);
    setStatus('Processing files…');
    try {
      const { job_id } = await client.startPdfProcessing(chatKey, workflowCategory);
      const done = await waitForJob<{ indexed: number; pages: number }>(client, job_id, {
        onProgress: (p) => setStatus(`Processing files… ${p.indexed ?? 0} of ${p.documents ?? files.length}`),
      });
      const failed = files.filter((f) => f.status === 'failed').map((f) => f.name);
      setStatus(processedText(done, failed));
      onUploaded();
      // a file that was not uploaded stays in view with its reason: never dropped silently
      if (!failed.length) onClose();
    } catch {
      setStatus(null);
      setError(DOCUMENT_TEXTS.processingFailed);
    } finally {
      setProcessing(false);
    }
  }

  const uploading = files.some((f) => f.status === 'uploading');
  return (
    <dialog {...modal} className="upload-dialog" aria-labelledby="upload-dialog-title">
      <h2 id="upload-dialog-title">Upload Files</h2>
      <label className="upload-dialog__pick">
        <span>Choose PDF files</span>
        <input type="file" multiple accept="application/pdf,.pdf" onChange={(e) => void pick(e.currentTarget.files)} />
      </label>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <ul className="upload-dialog__files" aria-label="Files">
        {files.map((f) => (
          <li key={f.name} className={`upload-dialog__file upload-dialog__file--${f.status}`}>
            <span className="upload-dialog__name">
              {f.name} <small>{formatDocumentSize(f.size)}</small>
            </span>
            <progress max={100} value={f.progress} aria-label={`${f.name} upload`} />
            <span className="upload-dialog__mark">
              {f.status === 'done' ? '✓ Completed' : f.status === 'failed' ? '✗ Not uploaded' : `${f.progress}%`}
            </span>
            {f.status === 'failed' && (
              <p className="upload-dialog__reason" role="alert">
                {f.error}
              </p>
            )}
          </li>
        ))}
      </ul>
      {status && <p role="status">{status}</p>}
      <div className="upload-dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={processing}>
          Close
        </Button>
        <Button
          onClick={() => void submit()}
          disabled={!files.some((f) => f.status === 'done') || uploading}
          busy={processing}
          busyLabel="Processing"
        >
          Submit
        </Button>
      </div>
    </dialog>
  );
}
