import { Link } from 'react-router';
import { useDocumentTitle } from '../ui/document-title.ts';

/** /uk/: the UK company explorer's landing. The explorer itself (search, company view) lands next. */
export default function UkPage() {
  useDocumentTitle('UK Companies Explorer');
  return (
    <div className="page page--narrow">
      <h1 className="page__title">UK Companies Explorer</h1>
      <div className="panel">
        <p className="panel__lead">The company explorer is coming.</p>
        <p>
          Search by company name, number or registered address, company overviews with financials, leadership, charges and filings will appear
          here in the next release.
        </p>
        <Link to="/home">Back to Databases</Link>
      </div>
    </div>
  );
}
