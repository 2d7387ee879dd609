/**
 * The company overview of spec 2 (2.5-2.9) as terminal text: pure functions from the API's
 * answers to lines. Figures follow spec 2 section 9 through the shared formatters (amounts in
 * millions with 2 decimals, en-GB dates, "N/A", a dash for zero or empty); the signals (year-
 * over-year change, turnover, charges, capital, compliance) are the API's `insights`, computed
 * by the shared rules, rendered here and never recomputed.
 */
import {
  COMPANY_SECTIONS,
  FILINGS_TEXTS,
  OVERVIEW_TEXTS,
  groupFilings,
  CAPITAL_CLASS_LABELS,
  CAPITAL_FILING_CLASSES,
  EMPTY_TEXTS,
  FINANCIAL_SUMMARY_KEYS,
  FINANCIAL_SUMMARY_LABELS,
  KPI_CARD_KEYS,
  averageDurationText,
  CS_STATUS_TEXTS,
  dueInText,
  complianceReason,
  citedRatioRow,
  ratioLineText,
  type CitedRatio,
  percentText,
  chargeCreditors,
  chargeStatusColour,
  chargeTimelineText,
  pscNatureText,
  pscStatementText,
  chargeType,
  formatCurrency,
  formatDate,
  addressLine,
  companyDistress,
  companyStatusLabel,
  companyStatusTone,
  fiscalYearLabel,
  keyFigureText,
  metricYearOverYear,
  registryFilingHistoryUrl,
  sicLines,
  splitCharges,
  formatStatementFigure,
  statementUnit,
  statementValueKind,
  STATUS_TONE_COLOURS,
  type AggregatedFinancials,
  type CapitalSummary,
  type ChargeInput,
  type ChargeStatistics,
  type ChargeView,
  type CompanyOverview,
  type CompanyProfile,
  type CompanySectionId,
  type ConfirmationStatementAnalysis,
  type DocumentSummaryView,
  type FilingsByCategory,
  type FinancialSummary,
  type FinancialSummaryKey,
  type IdentityVerificationSummary,
  type KeyFigure,
  type KeyFigures,
  type LeadershipInsights,
  type OfficerEvent,
  type OfficersResponse,
  type OverviewInsights,
  type PscView,
  type StatementLineKind,
  type StatementYear,
  type ToneColour,
  type YearOverYear,
} from '@credence/shared';
import { count } from '../runtime/output.js';
import { heading, indented, labelled, NBSP, textTable, wrap, type Style, type TextColumn } from '../output/text.js';
import { identityVerificationLines, identityVerificationTable } from './identity-verification-view.js';

export interface View {
  /** Columns for text (wrapping) and tables. */
  width: number;
  /** Columns for wide tables (the filings list): wider than the terminal when stdout is a pipe. */
  tableWidth: number;
  style: Style;
  now: Date;
}

/** The insights of the overview answer (shared contract); any may be missing from an older server. */
export function insightsOf(overview: CompanyOverview): Partial<OverviewInsights> {
  return overview.insights ?? {};
}

const NA = 'N/A';

/** The section's name in the sidebar of the web and the terminal UI (shared). */
export function sectionLabel(id: CompanySectionId): string {
  return COMPANY_SECTIONS.find((s) => s.id === id)?.label ?? id;
}
const SEP = ' · ';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

function jsonObject(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** "(p. 3)", "(pp. 3, 4)" or "". */
function pages(numbers: readonly number[] | null | undefined): string {
  if (!numbers || numbers.length === 0) return '';
  return numbers.length === 1 ? ` (p.${NBSP}${numbers[0]})` : ` (pp.${NBSP}${numbers.join(`,${NBSP}`)})`;
}

function words(key: string): string {
  return key.replace(/[-_]+/g, ' ').trim();
}

function ratio(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : NA;
}

/** The change label coloured: favourable green, unfavourable red (Debt to Equity inverted by the rule). */
function change(yoy: YearOverYear | null | undefined, style: Style): string {
  if (!yoy || yoy.change === null) return style.dim(yoy?.label ?? NA);
  return yoy.good === true ? style.green(yoy.label) : yoy.good === false ? style.red(yoy.label) : yoy.label;
}

/** The status in its tone's colour (shared rule: active green, dissolved grey, insolvency yellow). */
function status(text: string | null | undefined, style: Style): string {
  return toneStyle(STATUS_TONE_COLOURS[companyStatusTone(text)], style)(companyStatusLabel(text));
}

function toneStyle(colour: ToneColour, style: Style): (text: string) => string {
  return colour === 'green' ? style.green : colour === 'yellow' ? style.yellow : colour === 'red' ? style.red : style.dim;
}

/** The red distress banner (administration, receivership, liquidation, ...) for the top of the view, or no lines. */
export function distressLines(overview: CompanyOverview, view: View): string[] {
  const distress = companyDistress(overview.company_profile.company_status);
  if (!distress) return [];
  // The title on a line of its own, then what it means, wrapped to the width.
  return [view.style.alert(` ${distress.title.toUpperCase()} `), ...wrap(distress.text, view.width).map((line) => view.style.red(line))];
}

// ── header and profile ───────────────────────────────────────────────────────────────────────

function listing(profile: CompanyProfile): string | null {
  return profile.exchange && profile.ticker ? `${profile.exchange}:${profile.ticker}` : str(profile.ticker);
}

export function headerLines(overview: CompanyOverview, view: View): string[] {
  const p = overview.company_profile;
  const facts = [p.company_number, status(p.company_status, view.style), str(p.company_category), listing(p)].filter((x): x is string =>
    Boolean(x),
  );
  if (p.incorporation_date) facts.push(`incorporated ${formatDate(p.incorporation_date, view.now)}`);
  return [...distressLines(overview, view), view.style.bold(p.company_name), ...wrap(facts.join(SEP), view.width)];
}

export function profileLines(overview: CompanyOverview, view: View, full: boolean): string[] {
  const p = overview.company_profile;
  const d = (value: string | null | undefined) => formatDate(value, view.now);
  const pairs: [string, string][] = [['Incorporated', d(p.incorporation_date)]];
  if (p.dissolution_date) pairs.push(['Dissolved', d(p.dissolution_date)]);
  pairs.push(
    ['Status', status(p.company_status, view.style)],
    ['Type', str(p.company_category) ?? NA],
    ['Country of origin', str(p.country_of_origin) ?? NA],
  );
  const sic = sicLines(p.company_metadata, p.sic_codes);
  // One SIC code a line, as the web's profile lists them.
  pairs.push([sic.length > 1 ? 'SIC codes' : 'SIC code', sic.length > 0 ? sic.join('\n') : NA]);
  pairs.push(['Registered address', addressLine(p.registered_address) ?? NA]);
  const listed = listing(p);
  if (listed) pairs.push(['Exchange:Ticker', listed]);
  if (full) {
    const accounts = jsonObject(p.accounts);
    const meta = jsonObject(p.company_metadata);
    const accountParts = [
      accounts.LastMadeUpDate ? `last made up ${d(str(accounts.LastMadeUpDate))}` : null,
      accounts.NextDueDate ? `next due ${d(str(accounts.NextDueDate))}` : null,
      str(accounts.AccountCategory)?.toLowerCase() ?? null,
    ].filter(Boolean);
    if (accountParts.length > 0) pairs.push(['Accounts', accountParts.join(SEP)]);
    const csParts = [
      meta.ConfStmtLastMadeUpDate ? `last made up ${d(str(meta.ConfStmtLastMadeUpDate))}` : null,
      meta.ConfStmtNextDueDate ? `next due ${d(str(meta.ConfStmtNextDueDate))}` : null,
    ].filter(Boolean);
    if (csParts.length > 0) pairs.push(['Confirmation statement', csParts.join(SEP)]);
    for (const [i, previous] of (p.previous_names ?? []).entries()) {
      const span = [previous.effective_from ? d(previous.effective_from) : null, previous.ceased_on ? d(previous.ceased_on) : null];
      pairs.push([
        i === 0 ? 'Previous names' : '',
        `${previous.name}${span[0] || span[1] ? ` (${span[0] ?? '?'} to ${span[1] ?? '?'})` : ''}`,
      ]);
    }
  }
  const out = [heading(sectionLabel('profile'), view.width, view.style), ...labelled(pairs, view.width, view.style)];
  // The registry's filing history (spec 2 2.5 header link), on one line so that it stays clickable.
  if (full && !overview.sample) out.push(`  ${view.style.dim('Registry')}  ${registryFilingHistoryUrl(p.company_number)}`);
  return out;
}

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

function bullet(text: string, width: number): string[] {
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

// ── leadership ───────────────────────────────────────────────────────────────────────────────

const LEVEL_TEXT = { high: 'HIGH', medium: 'MEDIUM', low: 'LOW', 'n/a': 'N/A' } as const;

function turnoverLevel(level: keyof typeof LEVEL_TEXT, style: Style): string {
  const text = LEVEL_TEXT[level] ?? String(level).toUpperCase();
  return level === 'high'
    ? style.red(text)
    : level === 'medium'
      ? style.yellow(text)
      : level === 'low'
        ? style.green(text)
        : style.dim(text);
}

function eventRows(events: readonly OfficerEvent[], view: View): string[][] {
  return events.map((e) => [formatDate(e.dateMs, view.now), e.label, e.name || '-', e.filingType || '-']);
}

function eventTable(title: string, events: readonly OfficerEvent[], limit: number, view: View, empty: string): string[] {
  if (events.length === 0) return ['', `  ${empty}`];
  const shown = events.slice(0, limit);
  const label =
    shown.length < events.length
      ? `${title} (${shown.length} of ${events.length}, newest first)`
      : `${title} (${events.length}, newest first)`;
  const columns: TextColumn[] = [
    { header: 'Date' },
    { header: 'Event', flexible: true },
    { header: 'Name', flexible: true },
    { header: 'Form' },
  ];
  return ['', `  ${view.style.bold(label)}`, ...textTable(columns, eventRows(shown, view), view.width, view.style, 2)];
}

export function leadershipLines(leadership: LeadershipInsights | null | undefined, view: View, options: { events: number }): string[] {
  const out = [heading(`${sectionLabel('officers')} · last ${leadership?.windowMonths ?? 12} months`, view.width, view.style)];
  if (!leadership) return [...out, `  ${EMPTY_TEXTS.turnover}`];
  if (!leadership.hasFilings) return [...out, `  ${EMPTY_TEXTS.leadership}`];
  const da = leadership.directorActivity;
  const t = leadership.turnover;
  const psc = leadership.pscActivity;
  const secretaries = [
    da.secretaryAppointments ? `${count(da.secretaryAppointments)} appointed` : null,
    da.secretaryTerminations ? `${count(da.secretaryTerminations)} terminated` : null,
    da.secretaryChanges ? `${count(da.secretaryChanges)} changed` : null,
  ].filter(Boolean);
  const pairs: [string, string][] = [
    [
      'Director activity',
      `${count(da.appointments)} appointed${SEP}${count(da.terminations)} terminated${SEP}${count(da.changes)} details changed${SEP}${plural(da.currentDirectors, 'current director')}` +
        (secretaries.length > 0 ? `\nsecretaries: ${secretaries.join(', ')}` : '') +
        (da.otherOfficerEvents ? `\n${plural(da.otherOfficerEvents, 'other officer event')}` : ''),
    ],
    [
      'Turnover signal',
      `${turnoverLevel(t.level, view.style)}${SEP}${t.reason}\n${plural(t.movements, 'movement')}${SEP}movement ratio ${ratio(t.movementRatio)}${SEP}net change ${ratio(t.netChangeRatio)}${SEP}termination ratio ${ratio(t.terminationRatio)}`,
    ],
    [
      'PSC activity',
      [
        `${count(psc.notified)} notified`,
        `${count(psc.changed)} changed`,
        `${count(psc.ceased)} ceased`,
        plural(psc.currentPscs, 'current PSC'),
      ].join(SEP) +
        (psc.statementsFiled || psc.statementsWithdrawn
          ? `\nstatements: ${count(psc.statementsFiled)} filed, ${count(psc.statementsWithdrawn)} withdrawn`
          : ''),
    ],
    [
      'Officers',
      `${count(leadership.tabs.active)} active${SEP}${count(leadership.tabs.resigned)} resigned${SEP}${plural(leadership.tabs.pscs, 'PSC')}`,
    ],
  ];
  out.push(...labelled(pairs, view.width, view.style));
  if (options.events > 0) out.push(...eventTable('Events', leadership.timeline, options.events, view, EMPTY_TEXTS.recentEvents));
  return out;
}

export function officerListLines(answer: OfficersResponse | null, view: View): string[] {
  const out = [heading('Officers', view.width, view.style)];
  const officers = answer?.officers?.data;
  if (!officers) return [...out, `  ${OVERVIEW_TEXTS.officersUnavailable}`];
  const active = officers.filter((o) => !o.resigned_on);
  const resigned = officers.filter((o) => o.resigned_on);
  const d = (value: string | null) => formatDate(value, view.now);
  const role = (r: string) => words(r);
  out.push(`  ${view.style.bold(`Active (${active.length})`)}`);
  if (active.length === 0) out.push(`    ${OVERVIEW_TEXTS.noOfficers}`);
  else {
    const columns: TextColumn[] = [
      { header: 'Name', flexible: true },
      { header: 'Role', flexible: true },
      { header: 'Appointed' },
      { header: 'Occupation', flexible: true },
      { header: 'Nationality', flexible: true },
    ];
    out.push(
      ...textTable(
        columns,
        active.map((o) => [o.name, role(o.officer_role), d(o.appointed_on), o.occupation ?? '-', o.nationality ?? '-']),
        view.width,
        view.style,
        2,
      ),
      ...identityVerificationTable(
        active.map((o) => ({ name: o.name, details: o.identity_verification_details })),
        view,
      ),
    );
  }
  out.push('', `  ${view.style.bold(`Resigned (${resigned.length})`)}`);
  if (resigned.length === 0) out.push(`    ${OVERVIEW_TEXTS.noOfficers}`);
  else {
    const columns: TextColumn[] = [
      { header: 'Name', flexible: true },
      { header: 'Role', flexible: true },
      { header: 'Appointed' },
      { header: 'Resigned' },
    ];
    const newestFirst = [...resigned].sort((a, b) => String(b.resigned_on).localeCompare(String(a.resigned_on)));
    out.push(
      ...textTable(
        columns,
        newestFirst.map((o) => [o.name, role(o.officer_role), d(o.appointed_on), d(o.resigned_on)]),
        view.width,
        view.style,
        2,
      ),
    );
  }
  return out;
}

function pscKind(kind: string): string {
  return words(kind.replace(/-?person-with-significant-control$/, '')) || kind;
}

export function pscLines(leadership: LeadershipInsights | null | undefined, answer: OfficersResponse | null, view: View): string[] {
  const out = [heading(`${sectionLabel('pscs')}: persons with significant control`, view.width, view.style)];
  if (leadership?.hasFilings) {
    const psc = leadership.pscActivity;
    const ceasedKinds = Object.entries(psc.ceasedByKind ?? {})
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${words(kind)} ${count(n)}`);
    out.push(
      ...labelled(
        [
          [
            `Activity (${leadership.windowMonths} months)`,
            `${count(psc.notified)} notified${SEP}${count(psc.changed)} changed${SEP}${count(psc.ceased)} ceased${ceasedKinds.length > 0 ? ` (${ceasedKinds.join(', ')})` : ''}`,
          ],
          ['Statements', `${count(psc.statementsFiled)} filed${SEP}${count(psc.statementsWithdrawn)} withdrawn`],
          ['Current PSCs', count(psc.currentPscs)],
        ],
        view.width,
        view.style,
      ),
      ...eventTable('Events', psc.events ?? [], Number.POSITIVE_INFINITY, view, EMPTY_TEXTS.recentEvents),
      '',
    );
  }
  if (!answer?.psc) return [...out, `  ${OVERVIEW_TEXTS.pscsUnavailable}`];
  const persons: PscView[] = [
    ...(answer.psc.individuals ?? []),
    ...(answer.psc.corporate_entities ?? []),
    ...(answer.psc.legal_persons ?? []),
  ];
  const d = (value: string | null) => formatDate(value, view.now);
  out.push(`  ${view.style.bold(`PSCs (${persons.length})`)}`);
  if (persons.length === 0) out.push(`    ${OVERVIEW_TEXTS.noPscs}`);
  else {
    const columns: TextColumn[] = [
      { header: 'Name', flexible: true },
      { header: 'Kind' },
      { header: 'Notified' },
      { header: 'Ceased' },
      { header: 'Control', flexible: true },
    ];
    const rows = persons.map((p) => [
      p.name ?? '-',
      pscKind(p.kind),
      d(p.notified_on),
      p.ceased_on ? d(p.ceased_on) : '-',
      p.natures_of_control.map(pscNatureText).join('; ') || '-',
    ]);
    out.push(...textTable(columns, rows, view.width, view.style, 2));
    const individuals = persons.filter((p) => !p.ceased_on && p.kind.startsWith('individual'));
    out.push(
      ...identityVerificationTable(
        individuals.map((p) => ({ name: p.name ?? '-', details: p.identity_verification_details })),
        view,
      ),
    );
  }
  const statements = answer.psc.statements ?? [];
  if (statements.length > 0) {
    out.push('', `  ${view.style.bold(`Statements (${statements.length})`)}`);
    for (const s of statements) {
      const span = `notified ${d(s.notified_on)}${s.ceased_on ? `, withdrawn ${d(s.ceased_on)}` : ''}`;
      out.push(...bullet(`${s.statement ? pscStatementText(s.statement) : words(s.kind)} (${span})`, view.width));
    }
  }
  return out;
}

// ── charges ──────────────────────────────────────────────────────────────────────────────────

function chargeLine(charge: ChargeInput | null, view: View): string {
  if (!charge) return NA;
  // The date and the lender as the web's timeline says them (shared chargeTimelineText), then the type and status.
  return [chargeTimelineText(charge, view.now), chargeType(charge), charge.status ?? null].filter(Boolean).join(SEP);
}

export function chargeSummaryLines(stats: ChargeStatistics | null | undefined, view: View): string[] {
  const out = [heading(sectionLabel('charges'), view.width, view.style)];
  if (!stats || stats.total === 0) return [...out, `  ${EMPTY_TEXTS.charges}`];
  const named = (items: readonly { name: string; count: number }[]) => items.map((i) => `${i.name} ${count(i.count)}`).join(SEP) || NA;
  const activeParts = [
    stats.outstanding ? `${count(stats.outstanding)} outstanding` : null,
    stats.partSatisfied ? `${count(stats.partSatisfied)} part-satisfied` : null,
  ].filter(Boolean);
  const pairs: [string, string][] = [
    ['Total', count(stats.total)],
    ['Active', `${count(stats.active)}${activeParts.length > 0 ? ` (${activeParts.join(', ')})` : ''}`],
    ['Satisfied', count(stats.satisfied)],
    ['Average duration', averageDurationText(stats.averageDurationMonths)],
    ['Types', named(stats.typeBreakdown)],
    [
      'Particulars',
      `fixed charge ${count(stats.particulars.fixedCharge)}${SEP}floating charge ${count(stats.particulars.floatingCharge)}${SEP}negative pledge ${count(stats.particulars.negativePledge)}`,
    ],
    [
      'Notable creditors',
      named(stats.notableCreditors.slice(0, 5)) +
        (stats.notableCreditors.length > 5 ? `${SEP}${count(stats.notableCreditors.length - 5)} more` : ''),
    ],
    ['Most recent', chargeLine(stats.mostRecent, view)],
    ['Oldest', chargeLine(stats.oldest, view)],
  ];
  return [...out, ...labelled(pairs, view.width, view.style)];
}

function chargeStatus(value: string, style: Style): string {
  return toneStyle(chargeStatusColour(value), style)(value);
}

export function chargeListLines(charges: readonly ChargeView[], view: View): string[] {
  if (charges.length === 0) return [];
  const tabs = splitCharges(charges);
  const title = `All (${tabs.all.length})${SEP}Active (${tabs.active.length})${SEP}Satisfied (${tabs.satisfied.length})`;
  const d = (value: string | null) => formatDate(value, view.now);
  const newestFirst = [...charges].sort((a, b) => String(b.created_on ?? '').localeCompare(String(a.created_on ?? '')));
  // At 80 columns the satisfied date and the code would squeeze the names: they show from 110.
  const wide = view.width >= 110;
  const columns: TextColumn[] = [
    { header: 'Created' },
    { header: 'Status' },
    ...(wide ? [{ header: 'Satisfied' }] : []),
    { header: 'Type', flexible: true },
    { header: 'Persons entitled', flexible: true },
    ...(wide ? [{ header: 'Code' }] : []),
  ];
  const rows = newestFirst.map((c) => [
    d(c.created_on),
    chargeStatus(c.status, view.style),
    ...(wide ? [c.satisfied_on ? d(c.satisfied_on) : '-'] : []),
    chargeType(c),
    chargeCreditors(c).join(', ') || '-',
    ...(wide ? [c.charge_code ?? (c.charge_number !== null ? String(c.charge_number) : '-')] : []),
  ]);
  return ['', `  ${view.style.bold(title)}`, ...textTable(columns, rows, view.width, view.style, 2)];
}

// ── capital ──────────────────────────────────────────────────────────────────────────────────

function totals(totalsByCurrency: Record<string, number>): string {
  const parts = Object.entries(totalsByCurrency).map(([currency, value]) => formatCurrency(value, currency));
  return parts.length > 0 ? parts.join(' + ') : '-';
}

export function capitalLines(capital: CapitalSummary | null | undefined, view: View, options: { timeline: number }): string[] {
  const out = [heading(sectionLabel('capital'), view.width, view.style)];
  if (!capital || capital.total === 0) return [...out, `  ${EMPTY_TEXTS.capital}`];
  const d = (value: string) => formatDate(value, view.now);
  const statement = (s: CapitalSummary['latestStatement']) => (s ? `${totals(s.totals)} on ${d(s.date)} (${s.type})` : NA);
  const pairs: [string, string][] = [
    ['Latest statement', statement(capital.latestStatement)],
    ['Previous statement', statement(capital.previousStatement)],
    [
      'Capital filings',
      `${count(capital.total)}: ${CAPITAL_FILING_CLASSES.map((c) => `${CAPITAL_CLASS_LABELS[c]} ${count(capital.counts[c] ?? 0)}`).join(SEP)}`,
    ],
  ];
  out.push(...labelled(pairs, view.width, view.style));
  if (options.timeline > 0) {
    const shown = capital.timeline.slice(0, options.timeline);
    const label =
      shown.length < capital.timeline.length
        ? `Timeline (${shown.length} of ${capital.timeline.length}, newest first)`
        : `Timeline (${capital.timeline.length}, newest first)`;
    const columns: TextColumn[] = [
      { header: 'Date' },
      { header: 'Form' },
      { header: 'Activity', flexible: true },
      { header: 'Capital', align: 'right' },
    ];
    const rows = shown.map((e) => {
      const byCurrency: Record<string, number> = {};
      for (const f of e.capital) byCurrency[f.currency] = (byCurrency[f.currency] ?? 0) + f.figure;
      return [d(e.date), e.type || '-', e.label, totals(byCurrency)];
    });
    out.push('', `  ${view.style.bold(label)}`, ...textTable(columns, rows, view.width, view.style, 2));
  }
  return out;
}

// ── risk and auditor ─────────────────────────────────────────────────────────────────────────

interface RiskItem {
  riskCategory: string;
  riskDescription: string;
  pageNumbers?: number[];
}

function risksOf(summary: DocumentSummaryView): RiskItem[] {
  const raw = summary.riskOverview as unknown;
  const list = Array.isArray(raw) ? raw : ((raw as { items?: unknown } | null)?.items ?? []);
  return (Array.isArray(list) ? list : []).filter((r): r is RiskItem => typeof (r as RiskItem)?.riskDescription === 'string');
}

export function riskLines(summary: DocumentSummaryView | null | undefined, view: View): string[] {
  const out = [heading(sectionLabel('risk'), view.width, view.style)];
  if (!summary) return [...out, `  ${EMPTY_TEXTS.section}`];
  const management = summary.managementDiscussionSummary;
  const text = str(management?.value) ?? str((management as { description?: string } | null)?.description);
  out.push(`  ${view.style.bold(`Management summary${pages(management?.pageNumbers).replaceAll(NBSP, ' ')}`)}`);
  out.push(...(text ? indented(text, view.width, 2) : [`  ${EMPTY_TEXTS.summary}`]));
  const risks = risksOf(summary);
  out.push('');
  if (risks.length === 0) return [...out, `  ${EMPTY_TEXTS.risks}`];
  out.push(`  ${view.style.bold(`Risks (${risks.length})`)}`);
  out.push(
    ...labelled(
      risks.map((r) => [str(r.riskCategory) ?? 'Other', `${r.riskDescription}${pages(r.pageNumbers)}`] as const),
      view.width,
      view.style,
      2,
    ),
  );
  return out;
}

export function auditorLines(overview: CompanyOverview, view: View): string[] {
  const name = str(overview.document_metadata?.additionalDetails?.auditor?.name);
  const opinion = str(overview.document_summary?.auditorOpinion?.value);
  if (!name && !opinion) return [];
  return [
    heading(sectionLabel('auditor'), view.width, view.style),
    ...labelled(
      [
        ['Auditor', name ?? NA],
        ['Opinion', opinion ?? NA],
      ],
      view.width,
      view.style,
    ),
  ];
}

// ── compliance ───────────────────────────────────────────────────────────────────────────────

function csStatus(value: keyof typeof CS_STATUS_TEXTS, style: Style): string {
  const text = CS_STATUS_TEXTS[value] ?? value;
  return value === 'overdue'
    ? style.red(text)
    : value === 'due_soon'
      ? style.yellow(text)
      : value === 'on_time'
        ? style.green(text)
        : style.dim(text);
}

function grade(value: string, good: string, bad: string, style: Style): string {
  const text = value.toUpperCase();
  return value === good ? style.green(text) : value === bad ? style.red(text) : value === 'n/a' ? style.dim(text) : style.yellow(text);
}

export function complianceLines(
  cs: ConfirmationStatementAnalysis | null | undefined,
  view: View,
  options: { events: number },
  idv?: IdentityVerificationSummary | null,
): string[] {
  const out = [heading(`${sectionLabel('compliance')} · confirmation statements`, view.width, view.style)];
  out.push(...identityVerificationLines(idv, view));
  if (!cs || cs.metrics.totalFilings === 0) return [...out, `  ${EMPTY_TEXTS.confirmationStatements}`];
  const m = cs.metrics;
  const d = (value: string | null) => formatDate(value, view.now);
  const due =
    m.nextDueDate === null ? '' : `${SEP}next due ${d(m.nextDueDate)}${m.daysUntilDue === null ? '' : ` (${dueInText(m.daysUntilDue)})`}`;
  const cadence = cs.cadence;
  const pairs: [string, string][] = [
    ['Status', `${csStatus(cs.status, view.style)}${due}`],
    ['Compliance health', `${grade(cs.compliance, 'good', 'poor', view.style)}: ${complianceReason(cs).reason}`],
    [
      'Filing integrity',
      `${grade(cs.integrity, 'low', 'high', view.style)}${SEP}${plural(m.corrections, 'correction')}${SEP}${plural(m.annotations, 'annotation')}${SEP}updates in ${percentText(m.updateRatio)} of statements${m.multipleUpdatesInYear ? `${SEP}several with updates in one year` : ''}`,
    ],
    [
      'Cadence',
      `${cadence.warning ? view.style.yellow('Warning: ') : ''}${count(cadence.lateFilings)} of ${count(m.statements)} filed over 10 days after the review end (${percentText(cadence.lateShare)})${SEP}${count(cadence.earlyFilings)} early${SEP}average interval ${cadence.averageIntervalMonths === null ? NA : `${cadence.averageIntervalMonths.toFixed(1)} months`}`,
    ],
    [
      'Last statement',
      `made up ${d(m.lastMadeUpDate)}${SEP}filed ${d(m.lastFiledDate)}${SEP}${plural(m.totalFilings, 'filing')} (${count(m.withUpdates)} with updates, ${count(m.noUpdates)} without)`,
    ],
  ];
  out.push(...labelled(pairs, view.width, view.style));
  if (options.events > 0) {
    if (cs.events.length === 0) return [...out, '', `  ${EMPTY_TEXTS.csEvents}`];
    const shown = cs.events.slice(0, options.events);
    const label =
      shown.length < cs.events.length
        ? `Events (${shown.length} of ${cs.events.length}, newest first)`
        : `Events (${cs.events.length}, newest first)`;
    const columns: TextColumn[] = [
      { header: 'Filed' },
      { header: 'Form' },
      { header: 'Made up' },
      { header: 'Updates', flexible: true },
      { header: 'Days', align: 'right' },
      { header: 'Timing', flexible: true },
    ];
    const rows = shown.map((e) => {
      const notes = [
        e.onTime === true ? view.style.green('on time') : e.onTime === false ? view.style.red('late') : null,
        e.correction ? 'correction' : null,
        e.earlyFiling ? 'early' : null,
        e.annotations ? plural(e.annotations, 'annotation') : null,
      ].filter(Boolean);
      return [
        d(e.filedDate),
        e.type,
        e.madeUpDate ? d(e.madeUpDate) : '-',
        e.label,
        e.delayDays === null ? '-' : String(e.delayDays),
        notes.join(', ') || '-',
      ];
    });
    out.push('', `  ${view.style.bold(label)}`, ...textTable(columns, rows, view.width, view.style, 2));
  }
  return out;
}

// ── filings ──────────────────────────────────────────────────────────────────────────────────

/** Every filing grouped by category A-Z, newest first (shared groupFilings), as one table with a line per category. */
export function filingLines(filings: FilingsByCategory, view: View, indent: number): string[] {
  const groups = groupFilings(filings, view.now);
  if (groups.length === 0) return [`${' '.repeat(indent)}${FILINGS_TEXTS.empty}`];
  const entries = groups.flatMap((g) => g.entries);
  const columns: TextColumn[] = [
    { header: 'Date' },
    { header: 'Form' },
    { header: 'Transaction ID' },
    { header: 'Doc' },
    { header: 'Description', flexible: true },
  ];
  const rows = entries.map(({ filing, description }) => [
    formatDate(filing.date, view.now),
    filing.type || '-',
    filing.transaction_id,
    filing.document_id ? 'PDF' : '-',
    description,
  ]);
  const [header, ...lines] = textTable(columns, rows, view.tableWidth, view.style, indent);
  const out = [header];
  for (const group of groups) {
    out.push(`${' '.repeat(indent)}${view.style.bold(group.category || 'other')} (${group.entries.length})`);
    for (const entry of group.entries) out.push(lines[entry.index]);
  }
  return out;
}

/** The overview's credit ratios (issue 27): value, formula (and fallback), "as stated" and the pages cited, as the web shows them. */
export function creditRatioLines(ratios: readonly CitedRatio[] | null | undefined, view: View): string[] {
  if (!ratios?.length) return [];
  const out = [heading(`Credit Ratios · FY${ratios[0].fiscal_year}`, view.width, view.style)];
  for (const ratio of ratios) {
    const row = citedRatioRow(ratio, ratio.currency);
    out.push(...wrap(`${ratioLineText(row)} · ${row.source}`, view.width - 4).map((l, i) => `  ${i ? '  ' : ''}${l}`));
  }
  return out;
}
