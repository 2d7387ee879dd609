/**
 * The scrolling messages with the sticky question bar (spec 3 section 2): once a question's
 * heading has scrolled out of view, the bar shows it with "Go to Query", which scrolls back to it.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** The index of the last heading above the top of the scroll area, or -1. */
export function questionAbove(headingTops: readonly number[], viewTop: number): number {
  let found = -1;
  headingTops.forEach((top, i) => {
    if (top < viewTop) found = i;
  });
  return found;
}

export function MessageList({ questions, children, follow }: { questions: readonly string[]; children: ReactNode; follow: unknown }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(-1);

  const headings = () => Array.from(scroller.current?.querySelectorAll<HTMLElement>('.message__question') ?? []);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    setCurrent(
      questionAbove(
        headings().map((h) => h.getBoundingClientRect().bottom),
        top,
      ),
    );
  }, []);

  // keep the newest content in view while an answer streams, unless the reader scrolled up
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 160;
    if (nearBottom) el.scrollTop = el.scrollHeight;
    measure();
  }, [follow, measure]);

  function goToQuery() {
    const heading = headings()[current];
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading?.focus({ preventScroll: true });
  }

  return (
    <div className="message-list">
      {current >= 0 && questions[current] !== undefined && (
        <div className="question-bar">
          <span className="question-bar__text" title={questions[current]}>
            {questions[current]}
          </span>
          <button type="button" className="button button--secondary" onClick={goToQuery}>
            Go to Query
          </button>
        </div>
      )}
      <div className="message-list__scroll" ref={scroller} onScroll={measure} tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}
