/**
 * The chat's streaming timings (spec 3 sections 4 and 9) that only the web shows: the plan card's
 * and the related questions' 1 s skeletons, the loading message changed every 5 s, and the
 * "pages analyzed" count after the sources. Pure rules take the elapsed time and the random
 * source as arguments so tests can drive them; the hooks run them on the real clock. With
 * prefers-reduced-motion, or for a chat restored from history, nothing waits.
 */
import { useEffect, useState } from 'react';
import { RESEARCH_CONSTANTS, type ResearchCitation } from '@credence/shared';
import { usePrefersReducedMotion } from './typing.ts';

/** What the reader sees while the answer is still to come, changed every 5 s. */
export const LOADING_MESSAGES = [
  'Reading the company’s filings…',
  'Gathering the figures…',
  'Checking each figure against its page…',
  'Writing the answer…',
] as const;

/** The loading message shown `elapsedMs` after the wait began. */
export function loadingMessageAt(elapsedMs: number): string {
  const turn = Math.floor(Math.max(0, elapsedMs) / RESEARCH_CONSTANTS.loadingMessageRotationMs);
  return LOADING_MESSAGES[turn % LOADING_MESSAGES.length];
}

export const PAGES_ANALYZED_MIN_MS = 1900;
export const PAGES_ANALYZED_MAX_MS = 2400;

/**
 * When the "pages analyzed" count shows, counted from the first source card: the source count
 * times a random 1900–2400 ms (spec 3 section 4), and never before the last card is in.
 */
export function pagesAnalyzedDelayMs(sourceCount: number, random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 1);
  const perSource = PAGES_ANALYZED_MIN_MS + Math.round(r * (PAGES_ANALYZED_MAX_MS - PAGES_ANALYZED_MIN_MS));
  const lastCard = Math.max(0, sourceCount - 1) * RESEARCH_CONSTANTS.sourceRevealMs;
  return Math.max(lastCard, sourceCount * perSource);
}

/** The filing pages the answer cites, each document page once: the count the reader is shown. */
export function pagesAnalyzed(citations: readonly ResearchCitation[]): number {
  const pages = new Set<string>();
  for (const c of citations) if (c.kind === 'filing' && c.page && c.page > 0) pages.add(`${c.document_id}#${c.page}`);
  return pages.size;
}

export function pagesAnalyzedText(count: number): string {
  return `${count} ${count === 1 ? 'page' : 'pages'} analyzed`;
}

/** True while a skeleton should stand in: `ms` from when it is first shown, unless nothing animates. */
export function useSkeleton(ms: number, animate: boolean): boolean {
  const reduced = usePrefersReducedMotion();
  const instant = !animate || reduced;
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (instant || over) return;
    const timer = setTimeout(() => setOver(true), ms);
    return () => clearTimeout(timer);
  }, [instant, over, ms]);
  return !instant && !over;
}

/** True once `delayMs` have passed since `start` became true (at once when nothing animates). */
export function useShownAfter(start: boolean, delayMs: number, animate: boolean): boolean {
  const reduced = usePrefersReducedMotion();
  const instant = !animate || reduced;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (instant || !start || shown) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [instant, start, shown, delayMs]);
  return start && (instant || shown);
}

/** Skeleton lines standing in for content still to come. */
export function SkeletonLines({ lines, label, className }: { lines: number; label: string; className: string }) {
  return (
    <div className={`skeleton ${className}`} role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__line" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  );
}
