/**
 * The PDFs attached to the research chat (spec 3 PDF chat): the list above the question box and
 * the Attach PDFs button (each one can be removed), which opens the shared Upload Files dialog with the chat's key. With any
 * attached, the chat's questions are answered from them.
 */
import { useState } from 'react';
import { formatDocumentSize, type UploadedPdf } from '@credence/shared';
import { errorText } from '../api/web-api.ts';
import { UploadDialog } from '../documents/upload-dialog.tsx';

export function AttachedPdfs({
  pdfs,
  busy,
  chatKey,
  onUploaded,
  onRemove,
}: {
  pdfs: readonly UploadedPdf[];
  busy: boolean;
  /** The chat's key, made when the dialog opens (PDFs are uploaded with it). */
  chatKey(): string;
  onUploaded(): void;
  onRemove(fileName: string): Promise<void>;
}) {
  const [uploadKey, setUploadKey] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  function remove(fileName: string) {
    setRemoveError(null);
    onRemove(fileName).catch((e: unknown) => setRemoveError(`${fileName} was not removed: ${errorText(e, 'please try again.')}`));
  }

  return (
    <div className="attached-pdfs">
      {pdfs.length > 0 && (
        <ul className="attached-pdfs__list" aria-label="Attached PDFs">
          {pdfs.map((pdf) => (
            <li key={pdf.document_id} className="attached-pdfs__item" title={pdf.scanned ? 'Scanned: no text to search' : undefined}>
              <span className="attached-pdfs__name">{pdf.file_name}</span>{' '}
              <span className="muted">
                {pdf.pages} page{pdf.pages === 1 ? '' : 's'} · {formatDocumentSize(pdf.size)}
                {pdf.scanned ? ' · scanned, no text' : ''}
              </span>
              <button
                type="button"
                className="attached-pdfs__remove"
                disabled={busy}
                aria-label={`Remove ${pdf.file_name}`}
                title={`Remove ${pdf.file_name}`}
                onClick={() => remove(pdf.file_name)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--ghost attached-pdfs__attach" disabled={busy} onClick={() => setUploadKey(chatKey())}>
        Attach PDFs
      </button>
      {removeError && (
        <p className="notice notice--error attached-pdfs__error" role="alert">
          {removeError}
        </p>
      )}
      {uploadKey && <UploadDialog chatKey={uploadKey} onClose={() => setUploadKey(null)} onUploaded={onUploaded} />}
    </div>
  );
}
