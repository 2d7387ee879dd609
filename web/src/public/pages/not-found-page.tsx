import { Link } from 'react-router';
import { useDocumentTitle } from '../../ui/document-title.ts';

/**
 * Any unknown address (spec 1 section 2), on the public site and in the app alike. The build
 * prerenders it as 404.html, which the API sends with status 404 for every path that is neither a
 * public page nor one of the app's routes; it names no path, so the same HTML fits every address
 * and hydrates without a mismatch.
 */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main id="main" className="status-page status-page--public">
      <p className="status-page__code">404</p>
      <h1>Page not found</h1>
      <p>There is no page at this address. Check it for a typing mistake, or start again from the home page or your databases.</p>
      <div className="status-page__actions">
        <Link className="button button--primary" to="/">
          <span>Home page</span>
        </Link>
        <Link className="button button--secondary" to="/home">
          <span>Your databases</span>
        </Link>
      </div>
    </main>
  );
}
