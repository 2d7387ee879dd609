/**
 * Text that types itself (spec 3 sections 4 and 9: the plan at 15 ms a character, the answer at
 * 20 ms, the greeting): how much of it shows after some time. With prefers-reduced-motion, or
 * for a chat restored from history, all of it shows at once.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** How many characters show once `elapsedMs` more have passed, never past the text's length. */
export function typedLength(shown: number, total: number, elapsedMs: number, msPerChar: number): number {
  if (msPerChar <= 0) return total;
  return Math.min(total, shown + Math.floor(elapsedMs / msPerChar));
}

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

/** The part of `text` typed so far; `animate` false (a restored chat) shows it whole. */
export function useTypedText(text: string, msPerChar: number, animate = true): string {
  const reduced = usePrefersReducedMotion();
  const instant = !animate || reduced;
  const [shown, setShown] = useState(instant ? text.length : 0);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const total = text.length;

  useEffect(() => {
    if (instant || shownRef.current >= total) return;
    // Counted from when this much was shown, so no tick loses its remainder.
    const anchor = { time: performance.now(), count: shownRef.current };
    const timer = setInterval(() => {
      const next = typedLength(anchor.count, total, performance.now() - anchor.time, msPerChar);
      setShown(next);
      if (next >= total) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [instant, total, msPerChar]);

  if (instant) return text;
  // an unfinished citation marker at the end is dropped by the shared resolveCitationMarkers
  return text.slice(0, Math.min(shown, total));
}
