/** Officers, their turnover and the persons with significant control in the terminal company overview (spec 2.7). */
import {
  OVERVIEW_TEXTS,
  EMPTY_TEXTS,
  pscNatureText,
  pscStatementText,
  formatDate,
  type LeadershipInsights,
  type OfficerEvent,
  type OfficersResponse,
  type PscView,
} from '@credence/shared';
import { count } from '../../runtime/output.js';
import { heading, labelled, textTable, type Style, type TextColumn } from '../../output/text.js';
import { identityVerificationTable } from '../identity-verification-view.js';
import { SEP, type View, plural, ratio, sectionLabel, words } from './common.js';
import { bullet } from './financials.js';

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
