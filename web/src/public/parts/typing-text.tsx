import { useLayoutEffect, useState } from 'react';
import { TYPING_MS_PER_CHARACTER, typedText } from '@credence/shared';
import { prefersReducedMotion } from './motion.ts';

/**
 * Text that types itself out at 35 ms a character (spec 1 section 4). Screen readers and the
 * build's HTML get the whole text at once; reduced motion shows it whole. The first render shows
 * it whole too, so the client takes over the build's HTML unchanged (hydration).
 */
export function TypingText({ text, className }: { text: string; className?: string }) {
  // the whole text first, as in the build's HTML (hydration renders the same); typing starts
  // before the browser paints again
  const [shown, setShown] = useState(text);

  useLayoutEffect(() => {
    setShown(prefersReducedMotion() ? text : '');
    if (prefersReducedMotion()) return;
    const started = performance.now();
    let frame = 0;
    const tick = () => {
      const next = typedText(text, performance.now() - started, TYPING_MS_PER_CHARACTER);
      setShown(next);
      if (next.length < text.length) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [text]);

  return (
    <span className={className}>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true" className="typing-text" data-done={shown.length === text.length}>
        {shown}
        <span className="typing-text__ghost">{text.slice(shown.length)}</span>
      </span>
    </span>
  );
}
