/**
 * The PDF viewer dialog (spec 2 2.5, 2.11): the cited page of a filing's document, rendered by
 * pdf.js (loaded on first use, in its own chunk), a Close button, an open-in-new-tab link, and
 * Escape to close. Figures call `usePdfViewer().open(target)`.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useServices } from '../../app/services.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useModalDialog } from '../../ui/use-modal-dialog.ts';
import type { PdfTarget } from './explorer-url.ts';
import { itemsHoldingQuote, rectsFromBoxes, rectsFromItems, type HighlightRect, type PageTextItem } from './pdf-highlight.ts';

interface PdfViewer {
  open(target: PdfTarget): void;
}

const PdfViewerContext = createContext<PdfViewer>({ open: () => undefined });

export function usePdfViewer(): PdfViewer {
  return useContext(PdfViewerContext);
}

export function PdfViewerProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<PdfTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: PdfTarget) => {
    opener.current = document.activeElement as HTMLElement | null;
    setTarget(next);
  }, []);
  const close = useCallback(() => setTarget(null), []);
  // the focus goes back to what opened the viewer once the modal dialog is gone (while it is open
  // the rest of the page is inert and cannot take the focus)
  useEffect(() => {
    if (target || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [target]);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <PdfViewerContext.Provider value={value}>
      {children}
      {target && <PdfDialog target={target} onClose={close} />}
    </PdfViewerContext.Provider>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; url: string; pages: number; highlights: HighlightRect[] }
  | { status: 'error'; message: string };

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<(typeof import('pdfjs-dist'))['getDocument']>['promise']>['getPage']>>;

/** The cited quote's rectangles on the page: the citation's boxes, else the quote looked up in the page's text. */
async function highlightsOf(
  pdfjs: typeof import('pdfjs-dist'),
  page: PdfPage,
  target: PdfTarget,
  viewport: { width: number; height: number; scale: number; transform: number[] },
): Promise<HighlightRect[]> {
  const [, , width, height] = page.view;
  const fromBoxes = target.boxes?.length ? rectsFromBoxes(target.boxes, target.page, { width, height }) : [];
  if (fromBoxes.length || !target.quote) return fromBoxes;
  const content = await page.getTextContent();
  const items = content.items.filter((item): item is PageTextItem & (typeof content.items)[number] => 'str' in item);
  const indexes = itemsHoldingQuote(items, target.quote);
  return rectsFromItems(items, indexes, viewport, (item) => pdfjs.Util.transform(viewport.transform, item.transform));
}

/** The document's bytes: an uploaded PDF from its streamed route (pdf_file), a filing's through its download. */
async function documentBytes(
  client: ReturnType<typeof useServices>['client'],
  target: PdfTarget,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = target.upload
    ? await client.pdfFile(target.upload.chatKey, target.upload.fileName, { signal })
    : await client.filingDocument(target.companyNumber, `${target.documentId}.pdf`, { signal });
  return new Uint8Array(await response.arrayBuffer());
}

function PdfDialog({ target, onClose }: { target: PdfTarget; onClose(): void }) {
  const { client } = useServices();
  const modal = useModalDialog(onClose, { closeOnBackdrop: true });
  const canvas = useRef<HTMLCanvasElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    let destroy: (() => void) | null = null;
    (async () => {
      const [pdfjs, worker, bytes] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
        documentBytes(client, target, abort.signal),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const task = pdfjs.getDocument({ data: bytes });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      const pageNumber = Math.min(Math.max(1, target.page), doc.numPages);
      const page = await doc.getPage(pageNumber);
      if (abort.signal.aborted || !canvas.current) return;
      const viewport = page.getViewport({ scale: 1.4 });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      await page.render({ canvas: c, viewport }).promise;
      const highlights = await highlightsOf(pdfjs, page, target, viewport).catch(() => []);
      if (!abort.signal.aborted) setLoaded({ status: 'ready', url, pages: doc.numPages, highlights });
    })().catch((error: unknown) => {
      if (!abort.signal.aborted)
        setLoaded({ status: 'error', message: (error as { error?: string })?.error ?? 'Failed to download document' });
    });
    return () => {
      abort.abort();
      destroy?.();
      if (url) URL.revokeObjectURL(url);
    };
  }, [client, target]);

  const title = target.title ?? 'Source document';
  return (
    <dialog {...modal} className="pdf-dialog" aria-labelledby="pdf-dialog-title">
      <div className="pdf-dialog__bar">
        <h2 id="pdf-dialog-title" className="pdf-dialog__title">
          {title} <span className="pdf-dialog__page">page {target.page}</span>
        </h2>
        {loaded.status === 'ready' && (
          <a className="button button--secondary" href={`${loaded.url}#page=${target.page}`} target="_blank" rel="noreferrer">
            Open in new tab
          </a>
        )}
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
      <div className="pdf-dialog__body" aria-busy={loaded.status === 'loading'}>
        {loaded.status === 'loading' && <Spinner label="Loading document" />}
        {loaded.status === 'error' && (
          <p className="notice notice--error" role="alert">
            {loaded.message}
          </p>
        )}
        <div className="pdf-dialog__sheet" hidden={loaded.status !== 'ready'}>
          <canvas
            ref={canvas}
            className="pdf-dialog__canvas"
            data-page={target.page}
            aria-label={`${title}, page ${target.page}`}
            role="img"
          />
          {loaded.status === 'ready' && <Highlights rects={loaded.highlights} quote={target.quote} />}
        </div>
      </div>
    </dialog>
  );
}

/** The cited quote marked over the page, the first mark scrolled into view. */
function Highlights({ rects, quote }: { rects: HighlightRect[]; quote?: string }) {
  const first = useRef<HTMLElement>(null);
  useEffect(() => {
    // braces: scrollIntoView may return a promise, which React would take for a cleanup
    first.current?.scrollIntoView({ block: 'center' });
  }, [rects]);
  return (
    <>
      {rects.map((r, i) => (
        <mark
          key={i}
          ref={i === 0 ? first : undefined}
          className="pdf-dialog__highlight"
          style={{ left: `${r.left * 100}%`, top: `${r.top * 100}%`, width: `${r.width * 100}%`, height: `${r.height * 100}%` }}
        />
      ))}
      {quote && (
        <p className="visually-hidden" role="status">
          {rects.length ? `Highlighted on this page: ${quote}` : `The quote was not found on this page: ${quote}`}
        </p>
      )}
    </>
  );
}

/** A figure that opens its source page when it has one (spec 2 section 5), else plain text. */
export function SourceValue({ target, children, label }: { target: PdfTarget | null; children: ReactNode; label?: string }) {
  const viewer = usePdfViewer();
  if (!target) return <>{children}</>;
  return (
    <button
      type="button"
      className="source-link"
      onClick={() => viewer.open(target)}
      aria-label={label ? `${label}: open source page ${target.page}` : undefined}
      title={`Source: page ${target.page}`}
    >
      {children}
    </button>
  );
}

/** Page citations: "p. 12" buttons. */
export function PageLinks({
  companyNumber,
  documentId,
  pages,
  title,
}: {
  companyNumber: string;
  documentId: string | null | undefined;
  pages: readonly number[] | undefined;
  title?: string;
}) {
  const viewer = usePdfViewer();
  if (!documentId || !pages?.length) return null;
  return (
    <span className="page-links">
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          className="page-link"
          onClick={() => viewer.open({ companyNumber, documentId, page, title })}
          aria-label={`Open source page ${page}`}
        >
          p. {page}
        </button>
      ))}
    </span>
  );
}
