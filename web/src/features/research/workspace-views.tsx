/**
 * The sidebar's alternative views inside /analysis (spec 3 "/analysis" and "Shared pieces"): the
 * databases view, the shared database catalogue (the one /home shows), and the integrations view.
 * No integration exists yet, so that view says so rather than showing made-up cards.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DATABASE_SECTIONS, databasePath, type Database } from '@credence/shared';
import '../../pages/home-page.css';

export type WorkspaceView = 'chat' | 'integrations' | 'databases';

/** The research chat is the Deep Insights Engine: in this page it leads back to the chat. */
const THIS_CHAT = 'analysis';

/** Where a database opens from here: the chat itself, its page, or its under-construction notice. */
export function databaseHref(database: Database): string | null {
  if (database.id === THIS_CHAT) return null;
  return database.ready ? databasePath(database) : `/home?${new URLSearchParams({ database: database.id })}`;
}

/** Moves the focus to a view's heading when it opens, so keyboard and screen reader users land in it. */
function useFocusOnOpen<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

function ViewHeader({ title, onBack }: { title: string; onBack(): void }) {
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  return (
    <header className="workspace-view__header">
      <h1 className="page__title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <button type="button" className="button button--secondary" onClick={onBack}>
        Back to chat
      </button>
    </header>
  );
}

export function DatabasesView({ onBack }: { onBack(): void }) {
  return (
    <section className="workspace-view" aria-label="Databases">
      <ViewHeader title="Databases" onBack={onBack} />
      {DATABASE_SECTIONS.map((section) => (
        <section key={section.title} className="db-section" aria-label={section.title}>
          <h2 className="db-section__title">{section.title}</h2>
          <ul className="db-grid">
            {section.databases.map((database) => {
              const href = databaseHref(database);
              return (
                <li key={database.name} className="db-card">
                  <div className="db-card__head">
                    <h3 className="db-card__name">{database.name}</h3>
                    {database.ready || !href ? null : <span className="badge">Coming soon</span>}
                  </div>
                  <p className="db-card__text">{database.description}</p>
                  {href ? (
                    <Link
                      className={`button button--${database.ready ? 'primary' : 'secondary'}`}
                      to={href}
                      aria-label={`Explore ${database.name}`}
                    >
                      Explore
                    </Link>
                  ) : (
                    <button type="button" className="button button--primary" onClick={onBack} aria-label={`Explore ${database.name}`}>
                      Explore
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}

export function IntegrationsView({ onBack }: { onBack(): void }) {
  return (
    <section className="workspace-view" aria-label="Integrations">
      <ViewHeader title="Integrations" onBack={onBack} />
      <div className="panel panel--centered">
        <p>No integrations are available yet.</p>
        <p className="muted">
          Credence answers from the UK company register and the filings it holds; connections to other data providers and tools are still to
          be built.
        </p>
      </div>
    </section>
  );
}
