/** A statement (balance sheet, income statement, cash flow, key financials): a row per line, newest year first; figures open their source page. */
import { formatCurrency, formatEmployees, formatRatio, statementValueKind, type StatementYear } from '@credence/shared';
import { pdfTarget } from '../../features/explorer/explorer-url.ts';
import { SourceValue } from '../../features/explorer/pdf-viewer.tsx';

/** Employees as a count, ratios and per-share figures with 2 decimals, the rest in the currency. */
function formatLine(key: string, label: string, value: number | null | undefined, currency: string): string {
  const kind = statementValueKind(`${key} ${label}`);
  return kind === 'count' ? formatEmployees(value) : kind === 'ratio' ? formatRatio(value) : formatCurrency(value, currency);
}

export function StatementTable({
  years,
  companyNumber,
  maxYears = 5,
}: {
  years: readonly StatementYear[];
  companyNumber: string;
  maxYears?: number;
}) {
  const shown = [...years].sort((a, b) => b.year - a.year).slice(0, maxYears);
  if (shown.length === 0) return <p>No data available for this period.</p>;
  const keys: { key: string; label: string }[] = [];
  for (const year of shown)
    for (const line of year.lines) if (!keys.some((k) => k.key === line.key)) keys.push({ key: line.key, label: line.label });
  return (
    <div className="table-scroll">
      <table className="simple-table simple-table--numbers">
        <thead>
          <tr>
            <th scope="col">Line</th>
            {shown.map((y) => (
              <th key={y.year} scope="col">
                FY{y.year}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map(({ key, label }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              {shown.map((y) => {
                const line = y.lines.find((l) => l.key === key);
                return (
                  <td key={y.year}>
                    <SourceValue target={pdfTarget(companyNumber, y.document_id, line?.pageNumber, `${label} FY${y.year}`)}>
                      {formatLine(key, label, line?.value, line?.currency ?? y.currency)}
                    </SourceValue>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
