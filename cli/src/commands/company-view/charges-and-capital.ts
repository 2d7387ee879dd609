/** Charges and share capital in the terminal company overview (spec 2.8). */
import {
  CAPITAL_CLASS_LABELS,
  CAPITAL_FILING_CLASSES,
  EMPTY_TEXTS,
  averageDurationText,
  chargeCreditors,
  chargeStatusColour,
  chargeTimelineText,
  chargeType,
  formatCurrency,
  formatDate,
  splitCharges,
  type CapitalSummary,
  type ChargeInput,
  type ChargeStatistics,
  type ChargeView,
} from '@credence/shared';
import { count } from '../../runtime/output.js';
import { heading, labelled, textTable, type Style, type TextColumn } from '../../output/text.js';
import { NA, SEP, type View, sectionLabel, toneStyle } from './common.js';

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
