/**
 * The overview's credit ratios (issue 27): each by shared's one definition, with the formula it
 * was computed by as its caption, the fallback named when one stood in, the accounts' own figure
 * "as stated" beside it, and the pages of the accounts its inputs are printed on.
 */
import { citedRatioRow, type CompanyOverview } from '@credence/shared';
import { pdfTarget } from '../../features/explorer/explorer-url.ts';
import { SourceValue } from '../../features/explorer/pdf-viewer.tsx';

export function CreditRatios({ overview }: { overview: CompanyOverview }) {
  const ratios = overview.insights?.ratios ?? [];
  if (!ratios.length) return null;
  const number = overview.company_profile.company_number;
  return (
    <div className="credit-ratios">
      <h3 className="overview-section__sub">Credit ratios, FY{ratios[0].fiscal_year}</h3>
      <dl className="facts facts--compact" data-testid="credit-ratios">
        {ratios.map((ratio) => {
          const row = citedRatioRow(ratio, ratio.currency);
          const target = pdfTarget(number, ratio.document_id, row.pages[0], `${row.label} FY${ratio.fiscal_year}`);
          return (
            <div key={ratio.key} className="credit-ratios__row" data-ratio={ratio.key}>
              <dt title={row.formula}>{row.label}</dt>
              <dd>
                <SourceValue target={target} label={row.label}>
                  {row.value}
                </SourceValue>
                {row.stated && <span className="muted"> · {row.stated}</span>}
                <small className="credit-ratios__formula muted">
                  {' '}
                  = {row.formula}
                  {row.fallback ? ` (fallback: ${row.fallback})` : ''} · {row.source}
                </small>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
