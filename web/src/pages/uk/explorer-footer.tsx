/**
 * The UK explorer's footer (spec 2 2.4): Contact Us, a copyright line, "Data last updated" with a
 * fixed date, and "Report inaccurate data", which opens the help widget's Submit Feedback form
 * filled in with the company and the page (the spec leaves its behaviour open).
 */
import { formatDate } from '@credence/shared';
import { inaccurateDataReport, openContactSupport, openFeedbackForm } from '../../features/help/open-help.ts';

/** The fixed date of spec 2 2.4 (the registry snapshot the sample data and imports follow). */
export const DATA_LAST_UPDATED = '2025-06-30';

export function ExplorerFooter({ company }: { company: { name: string | null; number: string } | null }) {
  const report = () => {
    const { subject, message } = inaccurateDataReport(company, window.location.pathname + window.location.search);
    openFeedbackForm(subject, message);
  };
  return (
    <footer className="explorer-footer">
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={openContactSupport}>
        Contact Us
      </button>
      <span className="explorer-footer__copy">© {new Date().getFullYear()} Credence. All rights reserved.</span>
      <span className="explorer-footer__updated">
        Data last updated <time dateTime={DATA_LAST_UPDATED}>{formatDate(DATA_LAST_UPDATED)}</time>
      </span>
      <button type="button" className="button button--secondary explorer-footer__report" aria-haspopup="dialog" onClick={report}>
        Report inaccurate data
      </button>
    </footer>
  );
}
