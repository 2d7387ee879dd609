/**
 * A filing's sanitized HTML, shown safely: a sandboxed frame (no scripts, no forms, no popups,
 * no top navigation) whose own Content-Security-Policy forbids every load but inline style and
 * data: images, so nothing leaves the page even if the server's sanitizer missed something. The
 * frame keeps the page's origin only so the page can scroll the highlighted fact into view.
 */
import { useRef } from 'react';

const FRAME_POLICY =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:; font-src data:">';

export function FilingFrame({ html, highlightId, title }: { html: string; highlightId: string | null; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  function scrollToFact() {
    const doc = frame.current?.contentDocument;
    const fact = highlightId ? doc?.getElementById(highlightId) : null;
    fact?.scrollIntoView({ block: 'center' });
    frame.current?.setAttribute('data-scrolled', fact ? 'fact' : 'none');
  }
  return (
    <iframe
      ref={frame}
      className="us-source__frame"
      title={title}
      sandbox="allow-same-origin"
      referrerPolicy="no-referrer"
      srcDoc={FRAME_POLICY + html}
      onLoad={scrollToFact}
    />
  );
}
