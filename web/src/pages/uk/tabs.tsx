/** Tabs with the ARIA tab pattern: arrow keys move between tabs, the panel follows. */
import { useId, useRef, type ReactNode } from 'react';

export function Tabs<T extends string>({
  label,
  tabs,
  active,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly { id: NoInfer<T>; label: string }[];
  active: T;
  onChange(id: NoInfer<T>): void;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (delta: number) => {
    const at = tabs.findIndex((t) => t.id === active);
    const next = tabs[(at + delta + tabs.length) % tabs.length];
    onChange(next.id);
    refs.current[next.id]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`${id}-panel`}
            tabIndex={t.id === active ? 0 : -1}
            className={`tabs__tab${t.id === active ? ' tabs__tab--active' : ''}`}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(1);
              if (e.key === 'ArrowLeft') move(-1);
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
