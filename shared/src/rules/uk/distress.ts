/**
 * Distress signals of a UK company (issue 27 §1), decided once for the chat, the summary sheet's
 * Key Findings and the overview: the status and insolvency events, overdue accounts and
 * confirmation statements, live charges, the auditor's going-concern language, losses and
 * negative net assets, recent officer resignations and late filings. Each signal names the record
 * it comes from (`ref`), so every caller can cite it; this module states no figure it was not given.
 */
import { chargeCreditors, isActiveCharge, type ChargeInput } from './charges.js';
import { DAY_MS, parseDate, startOfUtcDay } from './dates.js';
import { companyDistress } from './presentation/status.js';

/** Where a signal was read: a register record, or the accounts (a figure or the auditor's report of a fiscal year). */
export type DistressRef =
  | { record: 'profile'; field: 'company_status' | 'accounts_next_due' | 'conf_stmt_next_due' }
  | { record: 'filings'; transactionId: string; date: string | null }
  | { record: 'charges'; chargeId: string }
  | { record: 'officers'; officerKey: string; date: string }
  | { record: 'accounts'; metric: 'netProfitLoss' | 'netAssets' | 'operatingProfit'; fiscalYear: number }
  | { record: 'auditor'; fiscalYear: number };

export type DistressSignalKind =
  | 'status'
  | 'insolvency-event'
  | 'accounts-overdue'
  | 'confirmation-overdue'
  | 'live-charge'
  | 'going-concern'
  | 'loss'
  | 'negative-net-assets'
  | 'resignation'
  | 'late-filing';

export interface DistressSignal {
  kind: DistressSignalKind;
  severity: 'high' | 'medium' | 'low';
  /** The date the signal is of (YYYY-MM-DD), when it has one. */
  date: string | null;
  /** The words before the cited value ("Accounts overdue: due by"), plain text. */
  label: string;
  /** The cited value as words ("2025-11-28", "Liquidation"): the chat shows the record's own value here with its citation. */
  value: string;
  /** Words after the value ("366 days ago"), or null. */
  detail: string | null;
  /** The whole signal in plain words (label, value, detail), for a view without citations. */
  text: string;
  ref: DistressRef;
}

export interface DistressFiling {
  transaction_id: string;
  category?: string | null;
  type?: string | null;
  date?: string | null;
  description?: string | null;
  description_values?: { made_up_date?: string | null } | Record<string, unknown> | null;
}

export interface DistressCharge extends ChargeInput {
  charge_id: string;
  charge_code?: string | null;
  charge_number?: number | null;
  floating_charge_covers_all?: boolean | null;
}

export interface DistressOfficer {
  officer_key: string;
  name: string;
  officer_role?: string | null;
  resigned_on?: string | null;
}

export interface DistressInputs {
  status: string | null;
  accountsNextDue: string | null;
  confStmtNextDue: string | null;
  /** Private companies file within 9 months of the year end, public ones within 6. */
  publicCompany?: boolean;
  filings: readonly DistressFiling[];
  charges: readonly DistressCharge[];
  officers: readonly DistressOfficer[];
  /** The latest accounts' figures, when any are filed. */
  latest?: { fiscalYear: number; netProfitLoss?: number | null; operatingProfit?: number | null; netAssets?: number | null } | null;
  /** The latest audit report's opinion text and its fiscal year. */
  auditor?: { fiscalYear: number; opinion: string } | null;
}

/** Resignations within this many months count as recent. */
export const DISTRESS_RESIGNATION_MONTHS = 12;
/** Late accounts filings counted over this many years. */
export const DISTRESS_LATE_FILING_YEARS = 6;

/**
 * An auditor's report that warns: a material uncertainty, a qualified, adverse or disclaimed opinion,
 * an emphasis of matter. Not the words "going concern" alone (every UK report has a "Conclusions
 * relating to going concern" heading) and not "unqualified opinion".
 */
const GOING_CONCERN =
  /material uncertainty|(?<!un)qualified opinion|\bexcept for\b|emphasis of matter|disclaimer of opinion|adverse opinion/i;

function signal(
  kind: DistressSignalKind,
  severity: DistressSignal['severity'],
  date: string | null,
  words: { label: string; value: string; detail?: string | null },
  ref: DistressRef,
): DistressSignal {
  const detail = words.detail ?? null;
  return {
    kind,
    severity,
    date,
    label: words.label,
    value: words.value,
    detail,
    text: `${words.label} ${words.value}${detail ? ` ${detail}` : ''}`,
    ref,
  };
}

const daysBetween = (from: Date, to: Date) => Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS);

function iso(value: string | null | undefined): string | null {
  const d = parseDate(value ?? null);
  return d ? d.toISOString().slice(0, 10) : null;
}

/** "liquidation-voluntary-appointment-of-liquidator" → "appointment of liquidator (voluntary liquidation)". */
export function insolvencyEventText(filing: DistressFiling): string {
  const d = (filing.description ?? '').toLowerCase();
  const type = filing.type ? `${filing.type}: ` : '';
  const known: [RegExp, string][] = [
    [/appointment-of-administrator/, 'administrator appointed'],
    [/appointment-of-liquidator/, 'liquidator appointed'],
    [/statement-of-affairs/, 'statement of affairs filed'],
    [/receiver-appointment|appointment-of-receiver/, 'receiver appointed'],
    [/final-meeting|final-account/, 'final account of the liquidation'],
    [/progress-report|progress/, 'progress report'],
    [/proposals?/, "administrator's proposals"],
    [/moved-to|move-from-administration|conversion/, 'moved from administration'],
    [/voluntary-arrangement/, 'voluntary arrangement'],
    [/winding-up|court-order/, 'winding-up order'],
  ];
  const found = known.find(([re]) => re.test(d));
  const words = found ? found[1] : d.replace(/-/g, ' ').trim() || 'insolvency filing';
  return `${type}${words}`;
}

function statusSignals(i: DistressInputs, now: Date): DistressSignal[] {
  const out: DistressSignal[] = [];
  const distress = companyDistress(i.status);
  if (distress)
    out.push(
      signal(
        'status',
        'high',
        null,
        {
          label: 'Status on the register:',
          value: String(i.status),
          detail: `(${distress.text.split('. ').slice(1).join('. ').replace(/\.$/, '')})`,
        },
        { record: 'profile', field: 'company_status' },
      ),
    );
  const insolvency = i.filings.filter((f) => f.category === 'insolvency').sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  for (const f of insolvency.slice(0, 6))
    out.push(
      signal(
        'insolvency-event',
        'high',
        iso(f.date),
        { label: `Insolvency filing ${insolvencyEventText(f)}, filed`, value: iso(f.date) ?? 'on an unstated date' },
        {
          record: 'filings',
          transactionId: f.transaction_id,
          date: iso(f.date),
        },
      ),
    );
  const accountsDue = parseDate(i.accountsNextDue);
  if (accountsDue && accountsDue < startOfUtcDay(now))
    out.push(
      signal(
        'accounts-overdue',
        'high',
        iso(i.accountsNextDue),
        { label: 'Accounts overdue: due by', value: iso(i.accountsNextDue)!, detail: `(${daysBetween(accountsDue, now)} days ago)` },
        {
          record: 'profile',
          field: 'accounts_next_due',
        },
      ),
    );
  const csDue = parseDate(i.confStmtNextDue);
  if (csDue && csDue < startOfUtcDay(now))
    out.push(
      signal(
        'confirmation-overdue',
        'medium',
        iso(i.confStmtNextDue),
        {
          label: 'Confirmation statement overdue: due by',
          value: iso(i.confStmtNextDue)!,
          detail: `(${daysBetween(csDue, now)} days ago)`,
        },
        {
          record: 'profile',
          field: 'conf_stmt_next_due',
        },
      ),
    );
  return out;
}

/** A live charge's type in the register's terms: fixed, floating (over all assets), negative pledge. */
export function chargeSecurityType(c: DistressCharge): string {
  const kinds: string[] = [];
  if (c.contains_fixed_charge ?? c.particulars?.contains_fixed_charge) kinds.push('fixed');
  if (c.contains_floating_charge ?? c.particulars?.contains_floating_charge)
    kinds.push(c.floating_charge_covers_all ? 'floating (all assets)' : 'floating');
  if (c.contains_negative_pledge ?? c.particulars?.contains_negative_pledge) kinds.push('negative pledge');
  return kinds.length ? kinds.join(', ') : 'type not stated';
}

function chargeSignals(i: DistressInputs): DistressSignal[] {
  return i.charges
    .filter((c) => isActiveCharge(c.status))
    .map((c) => {
      const holders = chargeCreditors(c);
      return signal(
        'live-charge',
        'medium',
        iso(c.created_on),
        {
          label: 'Outstanding charge',
          value: c.charge_code ? `Charge ${c.charge_code}` : c.charge_number ? `Charge number ${c.charge_number}` : `Charge ${c.charge_id}`,
          detail: `(${chargeSecurityType(c)}), created ${iso(c.created_on) ?? 'on an unstated date'}, held by ${holders.length ? holders.join(' and ') : 'an unnamed chargeholder'}`,
        },
        { record: 'charges', chargeId: c.charge_id },
      );
    });
}

function accountsSignals(i: DistressInputs): DistressSignal[] {
  const out: DistressSignal[] = [];
  const l = i.latest;
  if (i.auditor && GOING_CONCERN.test(i.auditor.opinion))
    out.push(
      signal(
        'going-concern',
        /material uncertainty|adverse|disclaimer/i.test(i.auditor.opinion) ? 'high' : 'medium',
        null,
        { label: `Auditor's report on the FY${i.auditor.fiscalYear} accounts:`, value: i.auditor.opinion },
        {
          record: 'auditor',
          fiscalYear: i.auditor.fiscalYear,
        },
      ),
    );
  if (!l) return out;
  const loss = l.netProfitLoss ?? l.operatingProfit;
  if (typeof loss === 'number' && loss < 0)
    out.push(
      signal(
        'loss',
        'medium',
        null,
        {
          label: `${l.netProfitLoss != null ? 'Loss for the year' : 'Operating loss'} in FY${l.fiscalYear}:`,
          value: String(Math.abs(loss)),
        },
        {
          record: 'accounts',
          metric: l.netProfitLoss != null ? 'netProfitLoss' : 'operatingProfit',
          fiscalYear: l.fiscalYear,
        },
      ),
    );
  if (typeof l.netAssets === 'number' && l.netAssets < 0)
    out.push(
      signal(
        'negative-net-assets',
        'high',
        null,
        { label: `Net liabilities (negative net assets) at the FY${l.fiscalYear} year end:`, value: String(-l.netAssets) },
        {
          record: 'accounts',
          metric: 'netAssets',
          fiscalYear: l.fiscalYear,
        },
      ),
    );
  return out;
}

function officerSignals(i: DistressInputs, now: Date): DistressSignal[] {
  const since = now.getTime() - DISTRESS_RESIGNATION_MONTHS * 30.44 * DAY_MS;
  return i.officers
    .filter((o) => o.resigned_on && (parseDate(o.resigned_on)?.getTime() ?? 0) >= since)
    .slice(0, 6)
    .map((o) =>
      signal(
        'resignation',
        'low',
        iso(o.resigned_on),
        { label: `${o.name} (${(o.officer_role ?? 'officer').replace(/-/g, ' ')}) resigned on`, value: iso(o.resigned_on)! },
        {
          record: 'officers',
          officerKey: o.officer_key,
          date: iso(o.resigned_on)!,
        },
      ),
    );
}

/** Accounts filed after the deadline (9 months after the year end, 6 for a public company) within the last years. */
function lateFilingSignals(i: DistressInputs, now: Date): DistressSignal[] {
  const months = i.publicCompany ? 6 : 9;
  const since = now.getTime() - DISTRESS_LATE_FILING_YEARS * 365.25 * DAY_MS;
  const out: DistressSignal[] = [];
  for (const f of i.filings) {
    if (f.category !== 'accounts') continue;
    const filed = parseDate(f.date ?? null);
    const madeUpText = (f.description_values as { made_up_date?: string } | null)?.made_up_date ?? null;
    const madeUp = parseDate(madeUpText);
    if (!filed || !madeUp || filed.getTime() < since) continue;
    const deadline = new Date(Date.UTC(madeUp.getUTCFullYear(), madeUp.getUTCMonth() + months, madeUp.getUTCDate()));
    const late = daysBetween(deadline, filed);
    if (late > 0)
      out.push(
        signal(
          'late-filing',
          'low',
          iso(f.date),
          {
            label: `Accounts made up to ${iso(madeUpText)} filed on`,
            value: iso(f.date)!,
            detail: `(${late} days after the ${months}-month deadline)`,
          },
          {
            record: 'filings',
            transactionId: f.transaction_id,
            date: iso(f.date),
          },
        ),
      );
  }
  return out;
}

/** Every distress signal, the most serious first, then the newest. */
export function distressSignals(inputs: DistressInputs, now: Date = new Date()): DistressSignal[] {
  const rank = { high: 0, medium: 1, low: 2 } as const;
  const all = [
    ...statusSignals(inputs, now),
    ...accountsSignals(inputs),
    ...chargeSignals(inputs),
    ...officerSignals(inputs, now),
    ...lateFilingSignals(inputs, now),
  ];
  return all
    .map((s, order) => ({ s, order }))
    .sort((a, b) => rank[a.s.severity] - rank[b.s.severity] || a.order - b.order)
    .map(({ s }) => s);
}

/** Whether a company shows any high-severity signal (status, insolvency, overdue accounts, net liabilities, going concern). */
export function isDistressed(signals: readonly DistressSignal[]): boolean {
  return signals.some((s) => s.severity === 'high');
}

/**
 * Outlook text is stale when the accounts it comes from are older than the latest accounts on
 * file, or when it predates the insolvency the register now shows.
 */
export function outlookStaleness(
  outlookFiscalYear: number | null,
  latestFiscalYear: number | null,
  status: string | null,
): { stale: boolean; reason: string | null } {
  if (outlookFiscalYear !== null && latestFiscalYear !== null && outlookFiscalYear < latestFiscalYear)
    return { stale: true, reason: `written for FY${outlookFiscalYear}, older than the latest accounts (FY${latestFiscalYear})` };
  const distress = companyDistress(status);
  if (outlookFiscalYear !== null && distress)
    return { stale: true, reason: `written for FY${outlookFiscalYear}, before the company went into ${distress.kind.replace(/-/g, ' ')}` };
  return { stale: false, reason: null };
}
