/** The screeners' frame (spec 2 2.4): a collapsible sidebar remembered under sidebar-expanded, and the content. */
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';

const KEY = 'sidebar-expanded';

export function ScreenerLayout({ children }: { children: ReactNode }) {
  const [expanded, setExpanded] = useState(() => localStorage.getItem(KEY) !== 'false');
  const toggle = () => {
    localStorage.setItem(KEY, String(!expanded));
    setExpanded(!expanded);
  };
  const item = (to: string, icon: string, label: string) => (
    <NavLink
      to={to}
      className={({ isActive }) => `sidebar-nav__item${isActive && to !== '/uk/' ? ' sidebar-nav__item--active' : ''}`}
      title={label}
      end
    >
      <span className="sidebar-nav__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="sidebar-nav__label">{label}</span>
    </NavLink>
  );
  return (
    <div className={`screener-layout${expanded ? '' : ' screener-layout--collapsed'}`}>
      <aside className="screener-layout__sidebar" aria-label="Screeners">
        <button
          type="button"
          className="icon-button"
          aria-expanded={expanded}
          onClick={toggle}
          aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
        >
          <span aria-hidden="true">{expanded ? '⟨' : '☰'}</span>
        </button>
        <nav className="sidebar-nav">
          {item('/uk/', '⌂', 'Home')}
          {item('/companies-screener', '▦', 'UK Companies Screener')}
          {item('/creditors-screener', '£', 'UK Creditors Screener')}
          {item('/analysis', '✦', 'Access Deep Insights')}
        </nav>
      </aside>
      <div className="screener-layout__content">{children}</div>
    </div>
  );
}
