import { useLayoutEffect, useRef, useState } from 'react';
import { COUNTER_DURATION_MS, counterValue, formatCounter } from '@credence/shared';
import { prefersReducedMotion } from './motion.ts';

/**
 * A statistic that counts up from zero over 2 s once it is scrolled into view (spec 1 section 4);
 * the final value at once with reduced motion and in the build's HTML.
 */
export function Counter({ target, label }: { target: number; label: string }) {
  // the final value first, as in the build's HTML (hydration renders the same); back to zero
  // before the browser paints again when it will count
  const [value, setValue] = useState(target);
  const element = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') {
      setValue(target);
      return;
    }
    setValue(0);
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const started = performance.now();
      const tick = () => {
        const elapsed = performance.now() - started;
        setValue(counterValue(target, elapsed, COUNTER_DURATION_MS));
        if (elapsed < COUNTER_DURATION_MS) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    if (element.current) observer.observe(element.current);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [target]);

  const done = value === target;
  return (
    <div className="counter" ref={element} data-done={done}>
      <span className="visually-hidden">
        {formatCounter(target)} {label}
      </span>
      <span className="counter__value" aria-hidden="true">
        {formatCounter(value)}
      </span>
      <span className="counter__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
