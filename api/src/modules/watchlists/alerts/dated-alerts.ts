import type { DataSource } from 'typeorm';
import { identityVerification, type IdentityVerificationDetails } from '@credence/shared';
import { writeAlerts, type Change } from './alert-writer.js';

/** How far ahead a verification deadline raises "identity verification due". */
export const IDV_DUE_WITHIN_DAYS = 30;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The alerts that the passing of a date raises (issue 29 section 4), for watched companies only:
 * accounts or confirmation statement past the due date the register publishes, and directors' or
 * PSCs' identity verification due within 30 days or overdue (the shared identityVerification
 * rule). Run by a scheduled job (each hour) and safe to run again: each is keyed by the due date,
 * so it is raised once per deadline. `today`: YYYY-MM-DD. Answers the alerts written.
 */
export async function raiseDatedAlerts(db: DataSource, today: string): Promise<number> {
  const changes: Change[] = [];
  const companies: { company_number: string; accounts_next_due: string | null; conf_stmt_next_due: string | null }[] = await db.query(
    `SELECT c.company_number, c.accounts_next_due::text, c.conf_stmt_next_due::text
       FROM companies c WHERE c.company_number IN (SELECT company_number FROM watchlist_companies)
        AND (c.accounts_next_due < $1::date OR c.conf_stmt_next_due < $1::date)
        AND c.company_status IS DISTINCT FROM 'Dissolved'`,
    [today],
  );
  for (const c of companies) {
    const dated = (kind: Change['kind'], what: string, due: string) =>
      changes.push({
        company_number: c.company_number,
        kind,
        summary: `${what} were due on ${due} and are not on the register: overdue since ${addDays(due, 1)}`,
        published_at: `${addDays(due, 1)}T00:00:00.000Z`,
        resource_uri: `/company/${c.company_number}`,
        dedupe_key: `${kind}:${c.company_number}:${due}`,
      });
    if (c.accounts_next_due && c.accounts_next_due < today) dated('accounts-overdue', 'Accounts', c.accounts_next_due);
    if (c.conf_stmt_next_due && c.conf_stmt_next_due < today) {
      dated('confirmation-statement-overdue', 'The confirmation statement', c.conf_stmt_next_due);
      changes.at(-1)!.summary = changes.at(-1)!.summary.replace('were due', 'was due');
    }
  }
  const horizon = addDays(today, IDV_DUE_WITHIN_DAYS);
  const people: { company_number: string; name: string | null; who: string; key: string; details: IdentityVerificationDetails }[] =
    await db.query(
      `SELECT company_number, name, 'officer' AS who, officer_key AS key, identity_verification AS details FROM officers
        WHERE resigned_on IS NULL AND identity_verification IS NOT NULL
          AND company_number IN (SELECT company_number FROM watchlist_companies)
          AND identity_verification ->> 'appointment_verification_statement_due_on' <= $1
       UNION ALL
       SELECT company_number, name, 'psc', psc_key, identity_verification FROM pscs
        WHERE ceased_on IS NULL AND identity_verification IS NOT NULL
          AND company_number IN (SELECT company_number FROM watchlist_companies)
          AND identity_verification ->> 'appointment_verification_statement_due_on' <= $1`,
      [horizon],
    );
  for (const p of people) {
    const state = identityVerification(p.details, today);
    if (!state || !state.dueOn || (state.state !== 'due' && state.state !== 'overdue')) continue;
    const kind = state.state === 'due' ? 'identity-verification-due' : 'identity-verification-overdue';
    const role = p.who === 'psc' ? 'PSC' : 'Director';
    changes.push({
      company_number: p.company_number,
      kind,
      summary:
        state.state === 'due'
          ? `${role} ${p.name ?? '(unnamed)'}: identity verification statement due by ${state.dueOn}`
          : `${role} ${p.name ?? '(unnamed)'}: identity verification statement was due by ${state.dueOn} and is not on the register`,
      published_at: null,
      resource_uri:
        p.who === 'psc' ? `/company/${p.company_number}/persons-with-significant-control` : `/company/${p.company_number}/appointments`,
      dedupe_key: `${kind}:${p.company_number}:${p.who}:${p.key}:${state.dueOn}`,
    });
  }
  let written = 0;
  for (let i = 0; i < changes.length; i += 1000) written += await db.transaction((m) => writeAlerts(m, changes.slice(i, i + 1000)));
  return written;
}
