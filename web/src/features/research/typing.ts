/**
 * Text that types itself (spec 3 sections 4 and 9: the plan at 15 ms a character, the answer at
 * 20 ms, the greeting), paced by the shared `createTypingPacer` (issue 27: it never holds back what
 * has arrived). With prefers-reduced-motion, or for a chat restored from history, all of it shows at once.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createTypingPacer } from '@credence/shared';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

const TICK_MS = 40;

export interface TypedTextOptions {
  /** False for a restored chat: the text shows whole. */
  animate?: boolean;
  /** The text is complete (the stream ended): what is left shows within the shared pacer's finish time. */
  finished?: boolean;
  /** Everything at once from now on (a click or a key, a stopped answer). */
  showAll?: boolean;
}

/**
 * The part of `text` typed so far, paced by the shared typing pacer: the spec's pace while the
 * text is short of its backlog, faster when the stream is ahead, and all of it soon after `finished`.
 */
export function useTypedText(text: string, msPerChar: number, options: TypedTextOptions = {}): string {
  const { animate = true, finished = false, showAll = false } = options;
  const reduced = usePrefersReducedMotion();
  const instant = !animate || reduced || showAll;
  const [pacer] = useState(() => createTypingPacer({ msPerChar, now: () => performance.now(), shown: instant ? text.length : 0 }));
  const [, rerender] = useState(0);
  // the pacer is idempotent at one instant, so a render run twice tells it the same thing twice
  pacer.setTotal(text.length);
  if (instant) pacer.showAll();
  if (finished) pacer.finish();
  const shown = pacer.shown();

  useEffect(() => {
    if (!pacer.behind()) return;
    const timer = setInterval(() => {
      rerender((n) => n + 1);
      if (!pacer.behind()) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [pacer, text.length, finished, instant]);

  // an unfinished citation marker at the end is dropped by the shared resolveCitationMarkers
  return text.slice(0, shown);
}
