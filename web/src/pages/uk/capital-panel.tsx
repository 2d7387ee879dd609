/** The share capital panel (spec 2 2.8): issued capital chart and capital filings. */
import {
  CAPITAL_CLASS_LABELS,
  CAPITAL_FILING_CLASSES,
  capitalChart,
  currencySymbol,
  EMPTY_TEXTS,
  formatCurrency,
  formatDate,
  type CompanyOverview,
} from '@credence/shared';
import { BarChart } from '../../ui/bar-chart.tsx';
import { insight } from './overview-insight.ts';

export function CapitalPanel({ overview }: { overview: CompanyOverview }) {
  const capital = insight(overview, 'capital');
  if (!capital || capital.total === 0) return <p>{EMPTY_TEXTS.capital}</p>;
  const latest = capital.latestStatement;
  const previous = capital.previousStatement;
  const chart = capitalChart(capital);
  const chartTitle = chart ? `Issued capital (${currencySymbol(chart.currency).trim()})` : '';
  return (
    <div className="columns columns--3">
      <div>
        <h3 className="subheading">Capital Overview</h3>
        {latest ? (
          <dl className="facts facts--compact">
            <dt>Latest statement</dt>
            <dd>
              {formatDate(latest.date)} ({latest.type})
            </dd>
            {Object.entries(latest.totals).map(([currency, total]) => (
              <div key={currency} className="facts__pair">
                <dt>Issued capital ({currency})</dt>
                <dd>{formatCurrency(total, currency)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">No statement of capital figures</p>
        )}
        {chart && (
          <figure className="capital-chart">
            <figcaption className="metric-charts__title">{chartTitle} by statement</figcaption>
            <BarChart title={chartTitle} points={chart.points} format={(v) => formatCurrency(v, chart.currency)} width={220} height={90} />
          </figure>
        )}
      </div>
      <div>
        <h3 className="subheading">Activity &amp; Impact</h3>
        <ul className="count-list">
          {CAPITAL_FILING_CLASSES.map((c) => (
            <li key={c}>
              <span>
                {CAPITAL_CLASS_LABELS[c]} ({c})
              </span>{' '}
              <strong>{capital.counts[c]}</strong>
            </li>
          ))}
        </ul>
        {latest && previous && (
          <p className="muted">
            Since {formatDate(previous.date)}:{' '}
            {Object.entries(latest.totals)
              .map(([cur, total]) => `${cur} ${formatCurrency(total - (previous.totals[cur] ?? 0), cur)}`)
              .join(', ')}
          </p>
        )}
      </div>
      <div>
        <h3 className="subheading">Timeline</h3>
        <ol className="timeline">
          {capital.timeline.slice(0, 12).map((e, i) => (
            <li key={`${e.transactionId}-${i}`} className="timeline__item">
              <span className="timeline__date">{formatDate(e.date)}</span>
              <span>
                <strong>{e.type}</strong> {e.label}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
