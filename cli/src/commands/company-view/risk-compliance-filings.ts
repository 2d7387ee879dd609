/** Risks, auditor, compliance, filings and credit ratios in the terminal company overview (spec 2.9). */
import {
  FILINGS_TEXTS,
  groupFilings,
  EMPTY_TEXTS,
  CS_STATUS_TEXTS,
  dueInText,
  complianceReason,
  citedRatioRow,
  ratioLineText,
  type CitedRatio,
  percentText,
  formatDate,
  type CompanyOverview,
  type ConfirmationStatementAnalysis,
  type DocumentSummaryView,
  type FilingsByCategory,
  type IdentityVerificationSummary,
} from '@credence/shared';
import { count } from '../../runtime/output.js';
import { heading, indented, labelled, NBSP, textTable, wrap, type Style, type TextColumn } from '../../output/text.js';
import { identityVerificationLines } from '../identity-verification-view.js';
import { NA, SEP, type View, pages, plural, sectionLabel, str } from './common.js';

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
