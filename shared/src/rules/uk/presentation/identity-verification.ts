/**
 * Identity verification in words (ECCTA, issue 29 section 2): what leadership, the compliance
 * tracker and the screener show for a director or PSC, decided once for the web and the terminal.
 * The state itself is the rule of ../identity-verification.ts; this file only words it.
 */
import { longDate } from '../../filing-descriptions.js';
import {
  identityVerification,
  IDENTITY_VERIFICATION_LABELS,
  type IdentityVerificationDetails,
  type IdentityVerificationState,
} from '../identity-verification.js';

/** good: verified; warning: due; bad: overdue or statement removed; neutral: not required or unknown. */
export type IdentityVerificationTone = 'good' | 'warning' | 'bad' | 'neutral';

export interface IdentityVerificationView {
  state: IdentityVerificationState;
  /** "Identity verified", "Verification due", "Verification overdue", ... */
  label: string;
  /** "Verified 3 December 2025 via Rapid Formations Ltd", "Due by 14 March 2026", "Overdue since 14 March 2026". */
  text: string;
  tone: IdentityVerificationTone;
  dueOn: string | null;
  verifiedOn: string | null;
  provider: string | null;
}

const TONES: Record<IdentityVerificationState, IdentityVerificationTone> = {
  verified: 'good',
  due: 'warning',
  overdue: 'bad',
  ended: 'bad',
  unknown: 'neutral',
};

/** What the register's fields say of one person on `today` (YYYY-MM-DD): the one wording every client shows. */
export function identityVerificationState(
  details: IdentityVerificationDetails | null | undefined,
  today: string,
): IdentityVerificationView {
  const idv = identityVerification(details, today);
  const state = idv?.state ?? 'unknown';
  const on = (value: string | null) => (value ? ` ${longDate(value)}` : '');
  let text: string;
  if (!idv) text = 'Not required or not on record';
  else if (state === 'verified') text = `Verified${on(idv.verifiedOn)}${idv.provider ? ` via ${idv.provider}` : ''}`;
  else if (state === 'due') text = `Due by${on(idv.dueOn)}`;
  else if (state === 'overdue') text = `Overdue since${on(idv.dueOn)}`;
  else if (state === 'ended') text = 'Verification statement removed';
  else text = 'Not yet required';
  return {
    state,
    label: IDENTITY_VERIFICATION_LABELS[state],
    text,
    tone: TONES[state],
    dueOn: idv?.dueOn ?? null,
    verifiedOn: idv?.verifiedOn ?? null,
    provider: idv?.provider ?? null,
  };
}

/** A current director or PSC as the compliance tracker counts them. */
export interface IdentityVerificationPerson {
  name: string;
  /** "director", "individual-person-with-significant-control", ... */
  role: string;
  details: IdentityVerificationDetails | null | undefined;
  /** The record on the register that says it (a registry path or URL). */
  source: string;
}

export interface IdentityVerificationFinding {
  name: string;
  role: string;
  dueOn: string | null;
  text: string;
  source: string;
}

/** The compliance tracker's identity-verification finding: overdue people with their record, the rest counted. */
export interface IdentityVerificationSummary {
  overdue: IdentityVerificationFinding[];
  counts: Record<IdentityVerificationState, number>;
}

export function identityVerificationSummary(people: readonly IdentityVerificationPerson[], today: string): IdentityVerificationSummary {
  const counts: Record<IdentityVerificationState, number> = { verified: 0, due: 0, overdue: 0, ended: 0, unknown: 0 };
  const overdue: IdentityVerificationFinding[] = [];
  for (const person of people) {
    const view = identityVerificationState(person.details, today);
    counts[view.state]++;
    if (view.state === 'overdue' || view.state === 'ended')
      overdue.push({ name: person.name, role: person.role, dueOn: view.dueOn, text: view.text, source: person.source });
  }
  return { overdue, counts };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * The finding's headline: "2 verifications overdue (1 due, 3 verified)", "None overdue (2 due,
 * 3 verified)", or "No director or PSC verification on record".
 */
export function identityVerificationSummaryText(summary: IdentityVerificationSummary | null | undefined): string {
  if (!summary) return 'No director or PSC verification on record';
  const { counts } = summary;
  const known = counts.verified + counts.due + counts.overdue + counts.ended;
  if (known === 0) return 'No director or PSC verification on record';
  const rest = [counts.due ? `${counts.due} due` : '', counts.verified ? `${counts.verified} verified` : ''].filter(Boolean).join(', ');
  const bad = summary.overdue.length;
  const head = bad ? plural(bad, 'verification') + ' overdue' : 'None overdue';
  return rest ? `${head} (${rest})` : head;
}

/** One overdue person as the finding lists them: "Jane SMITH, director: Overdue since 14 March 2026". */
export function identityVerificationFindingText(finding: IdentityVerificationFinding): string {
  const role = finding.role
    .replace(/-?person-with-significant-control$/, ' PSC')
    .replace(/-/g, ' ')
    .trim();
  return `${finding.name}, ${role}: ${finding.text}`;
}
