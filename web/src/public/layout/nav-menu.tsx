import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NavLink } from './nav-links.ts';

/**
 * A header menu (Products, Company): a button that opens a list of links. Escape closes it and
 * returns the focus to the button; a click or focus outside closes it.
 */
export function NavMenu({ label, links, onNavigate }: { label: string; links: readonly NavLink[]; onNavigate?: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  return (
    <div
      className="nav-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="site-nav__link nav-menu__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span aria-hidden="true" className="nav-menu__caret">
          ▾
        </span>
      </button>
      <ul id={id} className="nav-menu__list" hidden={!open}>
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="nav-menu__item"
              onClick={() => {
                setOpen(false);
                onNavigate?.();
              }}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
