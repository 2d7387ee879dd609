/**
 * The overview's distress signals (issue 27 §1): the status and insolvency events, overdue
 * filings, live charges, losses, net liabilities, going-concern language, resignations and late
 * filings, the most serious first, each with the record it was read from (shared's rule, the
 * same the terminal and the research chat use).
 */
import { DISTRESS_SIGNALS_TITLE, distressSignalRows, type CompanyOverview } from '@credence/shared';

export function DistressSignals({ overview }: { overview: CompanyOverview }) {
  const rows = distressSignalRows(overview.insights?.distress_signals);
  if (!rows.length) return null;
  return (
    <section className="distress-signals" aria-labelledby="distress-signals-title" data-testid="distress-signals">
      <h2 id="distress-signals-title" className="distress-signals__title">
        {DISTRESS_SIGNALS_TITLE} ({rows.length})
      </h2>
      <ul className="distress-signals__list">
        {rows.map((row, i) => (
          <li key={`${row.kind}-${i}`} className={`distress-signals__row distress-signals__row--${row.severity}`} data-kind={row.kind}>
            <span className="distress-signals__text">{row.text}</span>
            <small className="muted"> · {row.source}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
