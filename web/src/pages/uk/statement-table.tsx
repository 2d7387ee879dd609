/**
 * A statement (balance sheet, income statement, cash flow, key financials): a row per line, newest
 * year first, and the change on the year before; figures open their source page. One unit for
 * the whole table, named in its header; negatives in parentheses; the change is coloured by
 * whether a rise in that line is good news (shared rules/uk/statements.ts).
 */
import {
  EMPTY_TEXTS,
  formatStatementFigure,
  metricYearOverYear,
  statementUnit,
  statementValueKind,
  type StatementLineKind,
  type StatementUnit,
  type StatementYear,
} from '@credence/shared';
import { pdfTarget } from '../../features/explorer/explorer-url.ts';
import { SourceValue } from '../../features/explorer/pdf-viewer.tsx';

interface Line {
  key: string;
  label: string;
  kind: StatementLineKind;
}

/** The unit of a table's amounts (counts and ratios are not scaled). */
export function unitOfYears(years: readonly StatementYear[], lines: readonly Line[]): StatementUnit {
  const amounts = new Set(lines.filter((l) => l.kind === 'amount').map((l) => l.key));
  return statementUnit(
    years.flatMap((y) => y.lines.filter((l) => amounts.has(l.key)).map((l) => l.value)),
    years.find((y) => y.currency)?.currency,
  );
}

export function ChangeCell({ metric, current, previous }: { metric: string; current: number | null; previous: number | null }) {
  const change = metricYearOverYear(metric, current, previous);
  const tone = change.good === null ? 'flat' : change.good ? 'good' : 'bad';
  return (
    <td className={`statement-change statement-change--${tone}`} data-tone={tone}>
      {change.label}
    </td>
  );
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
  const sorted = [...years].sort((a, b) => b.year - a.year);
  const shown = sorted.slice(0, maxYears);
  if (shown.length === 0) return <p>{EMPTY_TEXTS.period}</p>;
  const lines: Line[] = [];
  for (const year of shown)
    for (const line of year.lines)
      if (!lines.some((k) => k.key === line.key))
        lines.push({ key: line.key, label: line.label, kind: statementValueKind(`${line.key} ${line.label}`) });
  const unit = unitOfYears(shown, lines);
  const valueOf = (year: StatementYear | undefined, key: string) => year?.lines.find((l) => l.key === key)?.value ?? null;
  const latest = sorted[0];
  const before = sorted.find((y) => y.year === latest.year - 1);
  return (
    <div className="table-scroll">
      <table className="simple-table simple-table--numbers statement-table" data-unit={unit.label}>
        <thead>
          <tr>
            <th scope="col">Amounts in {unit.label}</th>
            {shown.map((y) => (
              <th key={y.year} scope="col">
                FY{y.year}
              </th>
            ))}
            <th scope="col">
              Change<span className="visually-hidden"> on the year before</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ key, label, kind }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              {shown.map((y) => {
                const line = y.lines.find((l) => l.key === key);
                return (
                  <td key={y.year}>
                    <SourceValue target={pdfTarget(companyNumber, y.document_id, line?.pageNumber, `${label} FY${y.year}`)}>
                      {formatStatementFigure(line?.value, kind, unit)}
                    </SourceValue>
                  </td>
                );
              })}
              <ChangeCell metric={`${key} ${label}`} current={valueOf(latest, key)} previous={valueOf(before, key)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
