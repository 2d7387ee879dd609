import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../ui/document-title.ts';

/** Any unknown path (spec 1 section 2). */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <main id="main" className="status-page">
      <p className="status-page__code">404</p>
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. Check the address, or start again from the home page.
      </p>
      <div className="status-page__actions">
        <Link className="button button--primary" to="/home">
          <span>Go to home</span>
        </Link>
      </div>
    </main>
  );
}
