/** Key figures, the financial summary, the statements and the document analysis of the terminal company overview (spec 2.6). */
import {
  EMPTY_TEXTS,
  FINANCIAL_SUMMARY_KEYS,
  FINANCIAL_SUMMARY_LABELS,
  KPI_CARD_KEYS,
  fiscalYearLabel,
  keyFigureText,
  metricYearOverYear,
  formatStatementFigure,
  statementUnit,
  statementValueKind,
  type AggregatedFinancials,
  type CompanyOverview,
  type DocumentSummaryView,
  type FinancialSummary,
  type FinancialSummaryKey,
  type KeyFigure,
  type KeyFigures,
  type StatementLineKind,
  type StatementYear,
} from '@credence/shared';
import { heading, indented, textTable, wrap, type TextColumn } from '../../output/text.js';
import { type View, change, pages, sectionLabel, str } from './common.js';

// ── financials ───────────────────────────────────────────────────────────────────────────────

/** The key figures of the latest year (shared rule) as the web's cards show them ("£12.3M"), with the year before and the change. */
export function keyFigureLines(figures: KeyFigures | null | undefined, view: View): string[] {
  const entries = FINANCIAL_SUMMARY_KEYS.map((key) => [key, figures?.[key]] as const).filter(
    (e): e is readonly [FinancialSummaryKey, KeyFigure] => Boolean(e[1]),
  );
  if (entries.length === 0) return [heading('Key Figures', view.width, view.style), `  ${EMPTY_TEXTS.financials}`];
  const year = entries[0][1].year;
  const rows = entries.map(([key, f]) => [
    FINANCIAL_SUMMARY_LABELS[key],
    keyFigureText(key, f.value, f.currency),
    keyFigureText(key, f.previous, f.currency),
    change(f.change, view.style),
  ]);
  const columns: TextColumn[] = [
    { header: '' },
    { header: fiscalYearLabel(year), align: 'right' },
    { header: fiscalYearLabel(year - 1), align: 'right' },
    { header: 'Change', align: 'right' },
  ];
  return [heading(`Key Figures · ${fiscalYearLabel(year)}`, view.width, view.style), ...textTable(columns, rows, view.width, view.style)];
}

/** Years newest first that fit beside a label column. */
function yearsThatFit<T extends { year: number }>(years: readonly T[], width: number): T[] {
  const fit = Math.max(1, Math.floor((width - 2 - 26) / 11));
  return [...years].sort((a, b) => b.year - a.year).slice(0, fit);
}

export function financialSummaryLines(summary: FinancialSummary | null | undefined, view: View): string[] {
  const title = 'Financial Summary';
  const allYears = [...new Set(FINANCIAL_SUMMARY_KEYS.flatMap((key) => (summary?.[key] ?? []).map((item) => item.year)))].map((year) => ({
    year,
  }));
  if (!summary || allYears.length === 0) return [heading(title, view.width, view.style), `  ${EMPTY_TEXTS.financials}`];
  const years = yearsThatFit(allYears, view.width);
  const valueOf = (key: FinancialSummaryKey, year: number) => summary[key]?.find((item) => item.year === year)?.value ?? null;
  const kindOf = (key: FinancialSummaryKey) => (key === 'employeeCount' ? 'count' : 'amount');
  // one unit for the table, as the web's (shared rules/uk/statements.ts): from the card metrics' amounts of the years shown
  const unit = statementUnit(
    KPI_CARD_KEYS.filter((key) => kindOf(key) === 'amount').flatMap((key) => years.map(({ year }) => valueOf(key, year))),
    FINANCIAL_SUMMARY_KEYS.flatMap((key) => summary[key] ?? []).find((item) => item.currency)?.currency,
  );
  const rows = FINANCIAL_SUMMARY_KEYS.map((key) => [
    FINANCIAL_SUMMARY_LABELS[key],
    ...years.map(({ year }) => formatStatementFigure(valueOf(key, year), kindOf(key), unit)),
  ]);
  const columns: TextColumn[] = [
    { header: '', flexible: true },
    ...years.map(({ year }) => ({ header: fiscalYearLabel(year), align: 'right' as const })),
  ];
  const more = allYears.length > years.length ? ` · ${years.length} of ${allYears.length} years` : '';
  return [heading(`${title} (${unit.label})${more}`, view.width, view.style), ...textTable(columns, rows, view.width, view.style)];
}

/**
 * A statement as the web's statement tables show it (shared rules/uk/statements.ts): one unit for
 * the table from the amounts of the years shown, negatives in parentheses, ratios and per-share
 * figures with 2 decimals, employees whole; the change on the year before coloured by whether a
 * rise in that line is good news.
 */
export function statementLines(title: string, statement: readonly StatementYear[], view: View, withChange = false): string[] {
  if (statement.length === 0) return [heading(title, view.width, view.style), `  ${EMPTY_TEXTS.period}`];
  const years = yearsThatFit(statement, view.width - (withChange ? 9 : 0));
  const keys: { key: string; label: string; kind: StatementLineKind }[] = [];
  for (const year of [...statement].sort((a, b) => b.year - a.year)) {
    for (const line of year.lines)
      if (!keys.some((k) => k.key === line.key))
        keys.push({ key: line.key, label: line.label, kind: statementValueKind(`${line.key} ${line.label}`) });
  }
  const valueOf = (year: number, key: string) => statement.find((s) => s.year === year)?.lines.find((l) => l.key === key)?.value ?? null;
  const unit = statementUnit(
    keys.filter((k) => k.kind === 'amount').flatMap(({ key }) => years.map(({ year }) => valueOf(year, key))),
    statement.find((s) => s.currency)?.currency,
  );
  const latest = Math.max(...statement.map((s) => s.year));
  const rows = keys.map(({ key, label, kind }) => {
    const cells = [label, ...years.map(({ year }) => formatStatementFigure(valueOf(year, key), kind, unit))];
    if (withChange) cells.push(change(metricYearOverYear(`${key} ${label}`, valueOf(latest, key), valueOf(latest - 1, key)), view.style));
    return cells;
  });
  const columns: TextColumn[] = [
    { header: '', flexible: true },
    ...years.map(({ year }) => ({ header: fiscalYearLabel(year), align: 'right' as const })),
  ];
  if (withChange) columns.push({ header: 'Change', align: 'right' });
  return [
    heading(`${title} (${withChange ? `amounts in ${unit.label}` : unit.label})`, view.width, view.style),
    ...textTable(columns, rows, view.width, view.style),
  ];
}

export function statementsLines(financials: AggregatedFinancials, view: View): string[] {
  return [
    ...statementLines('Income Statement', financials.standardized_income_statement ?? [], view),
    '',
    ...statementLines('Balance Sheet', financials.standardized_balance_sheet ?? [], view),
    '',
    ...statementLines('Cash Flow', financials.standardized_cash_flow_statement ?? [], view),
    '',
    ...statementLines(sectionLabel('financials'), financials.key_financials ?? [], view, true),
  ];
}

export function analysisLines(summary: DocumentSummaryView | null | undefined, view: View): string[] {
  const out = [heading('Financial Analysis Summary', view.width, view.style)];
  if (!summary) return [...out, `  ${EMPTY_TEXTS.summary}`];
  const block = (title: string, items: { text: string; pageNumbers?: number[] }[]) => {
    if (items.length === 0) return;
    out.push(`  ${view.style.bold(title)}`);
    for (const item of items) out.push(...bullet(`${item.text}${pages(item.pageNumbers)}`, view.width));
  };
  block(
    'Key Highlights',
    (summary.keyHighlights ?? []).map((h) => ({ text: h.highlight, pageNumbers: h.pageNumbers })),
  );
  block(
    'Future Outlook',
    (summary.futureOutlook ?? []).map((h) => ({ text: h.outlookItem, pageNumbers: h.pageNumbers })),
  );
  block(
    'Accounting Policies',
    (summary.criticalAccountingPolicies ?? []).map((h) => ({ text: h.policy, pageNumbers: h.pageNumbers })),
  );
  return out.length > 1 ? out : [...out, `  ${EMPTY_TEXTS.summary}`];
}

export function bullet(text: string, width: number): string[] {
  return wrap(text, width - 4).map((line, i) => (i === 0 ? `  • ${line}` : `    ${line}`));
}

export function businessOverviewLines(summary: DocumentSummaryView | null | undefined, view: View): string[] {
  const text = str(summary?.businessOverview);
  if (!text) return [];
  return [heading('Business Overview', view.width, view.style), ...indented(text, view.width)];
}

export function highlightLines(overview: CompanyOverview, view: View): string[] {
  const items = overview.document_key_highlights?.length
    ? overview.document_key_highlights
    : (overview.document_summary?.keyHighlights ?? []);
  if (items.length === 0) return [];
  return [
    heading('Key Highlights', view.width, view.style),
    ...items.flatMap((h) => bullet(`${h.highlight}${pages(h.pageNumbers)}`, view.width)),
  ];
}
