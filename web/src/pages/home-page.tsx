import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../app/services.tsx';
import {
  DATABASE_SECTIONS,
  databasePath,
  findDatabase,
  LOADING_TEXT,
  LOADING_TITLE,
  loadingScreenMs,
  underConstructionText,
  type Database,
} from '@credence/shared';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { Spinner } from '../ui/spinner.tsx';
import './home-page.css';

/**
 * /home: the database selector (spec 2 section 2.3). Choosing a database shows the loading screen,
 * then opens it (pushing its address, so Back returns here); a database still being built shows
 * its under-construction notice at /home?database=<id>.
 */
export default function HomePage() {
  useDocumentTitle('Databases');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useSession();
  const [loading, setLoading] = useState<Database | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chosen = findDatabase(params.get('database'));

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function explore(database: Database) {
    if (loading) return;
    setLoading(database);
    // fetch the explorer's code while the loading screen shows (the page table is loaded lazily: it loads this page)
    if (database.ready) void import('../app/pages.ts').then(({ pages }) => pages.uk());
    timer.current = setTimeout(() => {
      setLoading(null);
      navigate(database.ready ? databasePath(database) : `/home?${new URLSearchParams({ database: database.id })}`);
    }, loadingScreenMs());
  }

  if (loading) {
    return (
      <div className="db-loading" role="status" aria-live="polite">
        <Spinner size="large" />
        <h1 className="db-loading__title">{LOADING_TITLE}</h1>
        <p>{LOADING_TEXT}</p>
      </div>
    );
  }

  if (chosen) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{chosen.name}</h1>
        <div className="panel panel--centered">
          <p>{underConstructionText(chosen)}</p>
          <Button variant="secondary" onClick={() => navigate('/home')}>
            Back to Databases
          </Button>
        </div>
      </div>
    );
  }

  const firstName = user?.full_name.split(/\s+/)[0];
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
        <p className="page__lead">Choose a database to explore.</p>
      </header>
      {DATABASE_SECTIONS.map((section) => (
        <section key={section.title} className="db-section" aria-labelledby={`section-${slug(section.title)}`}>
          <h2 id={`section-${slug(section.title)}`} className="db-section__title">
            {section.title}
          </h2>
          <ul className="db-grid">
            {section.databases.map((database) => (
              <li key={database.name} className={`db-card${database.ready ? '' : ' db-card--coming'}`}>
                <div className="db-card__head">
                  <h3 className="db-card__name">{database.name}</h3>
                  {database.badge ? <span className="badge badge--accent">{database.badge}</span> : null}
                  {database.ready ? null : <span className="badge">Coming soon</span>}
                </div>
                <p className="db-card__text">{database.description}</p>
                <Button
                  variant={database.ready ? 'primary' : 'secondary'}
                  onClick={() => explore(database)}
                  aria-label={`Explore ${database.name}`}
                >
                  Explore
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
