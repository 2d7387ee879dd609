/**
 * An element's height as a CSS variable on the document (`--shell-header-height`), kept up to date
 * as it changes (wrapping, fonts, width), so that what sticks under it can sit exactly below it.
 */
import { useEffect, useRef } from 'react';

export function useMeasuredHeight<T extends HTMLElement>(variable: `--${string}`) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const write = () => root.style.setProperty(variable, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    write();
    const observer = new ResizeObserver(write);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [variable]);
  return ref;
}
