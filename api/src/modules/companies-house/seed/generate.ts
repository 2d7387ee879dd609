/**
 * One company with everything it has: profile, officers, PSCs, charges, capital, accounts,
 * confirmation statements, life events, financial statements and document summaries, all from
 * one plan so that they agree (the filings record the rows' events; the companies row's accounts,
 * confirmation statement and mortgage fields are derived from them).
 */
import { accountsFor } from './accounts.js';
import { capitalFor } from './capital.js';
import { chargesFor, linkTransactions } from './charges.js';
import { ACCOUNTS_CATEGORY, planCompany } from './companies.js';
import { isoDay } from './dates.js';
import { confirmationStatements, filingRows, lifeEvents } from './filings.js';
import { figuresFor, financialRows } from './financials.js';
import { officersFor, pscsFor } from './people.js';
import { Rng } from '../../../core/random.js';
import { sicText } from './sic-codes.js';
import { documentSummary } from './summaries.js';
import type { CompanyBundle, FilingEvent, GeneratorContext } from './types.js';
import type { DocumentSummaryRow } from '../../../platform/register/rows.js';

/** Document summaries are stored for the latest accounts document of each company (every one for the suggested companies); older documents' PDFs compose their narrative from the figures. */
export const SUMMARISED_DOCUMENTS = 1;

export function generateCompany(index: number, ctx: GeneratorContext): CompanyBundle {
  const plan = planCompany(index, ctx);
  const rng = new Rng(ctx.seed, 2, index);

  const officers = officersFor(plan, rng);
  const pscs = pscsFor(plan, rng, officers);
  const charges = chargesFor(plan, rng);
  const capital = capitalFor(plan, rng);
  const accounts = accountsFor(plan, rng);
  const updateDays = new Set<number>([...officers.updateDays, ...pscs.updateDays, ...capital.updateDays]);
  const confirmations = plan.filesAnnually ? confirmationStatements(plan, rng, updateDays) : null;

  const documented = accounts.periods.filter((p) => p.documentId);
  const figures = plan.trading ? figuresFor(plan, documented, rng, charges, capital) : [];
  const financials = financialRows(plan, documented, figures);
  const summaries: DocumentSummaryRow[] = [];
  documented.forEach((period, k) => {
    if (k < documented.length - SUMMARISED_DOCUMENTS && !plan.suggested) return;
    const facility = charges.charges.find((c) => c.created > period.start && c.created <= period.end);
    summaries.push(
      documentSummary(
        { plan, period, figures: figures[k], previous: k > 0 ? figures[k - 1] : null, newFacility: facility ? facility.lender.name : null },
        rng,
      ),
    );
  });

  const events: FilingEvent[] = [
    ...lifeEvents(plan, rng),
    ...officers.events,
    ...pscs.events,
    ...charges.events,
    ...capital.events,
    ...accounts.periods.map((p) => p.event),
    ...(confirmations?.events ?? []),
  ].filter((e) => e.filed <= plan.ref && e.on <= plan.ref);
  const filings = filingRows(plan, events, rng);
  linkTransactions(plan, charges.charges);

  const chargeRows = charges.charges.map((c) => c.row);
  const count = (status: string) => chargeRows.filter((c) => c.status === status).length;
  const a = plan.address;
  return {
    company: {
      company_number: plan.number,
      company_name: plan.name,
      company_status: plan.status,
      company_category: plan.category,
      country_of_origin: 'United Kingdom',
      incorporation_date: isoDay(plan.incorporated),
      dissolution_date: plan.dissolved === null ? null : isoDay(plan.dissolved),
      address_care_of: null,
      address_po_box: null,
      address_line_1: a.address_line_1,
      address_line_2: a.address_line_2,
      post_town: a.post_town,
      county: a.county,
      country: a.country,
      postcode: a.postcode,
      sic_codes: plan.sic,
      sic_texts: plan.sic.map(sicText),
      accounts_ref_day: plan.filesAnnually ? Number(isoDay(monthEndDay(plan.ardMonth)).slice(8, 10)) : null,
      accounts_ref_month: plan.filesAnnually ? plan.ardMonth : null,
      accounts_next_due: plan.filesAnnually && plan.status !== 'Dissolved' && accounts.nextDue !== null ? isoDay(accounts.nextDue) : null,
      accounts_last_made_up: accounts.lastMadeUp === null ? null : isoDay(accounts.lastMadeUp),
      accounts_category: plan.filesAnnually
        ? accounts.lastMadeUp === null
          ? 'NO ACCOUNTS FILED'
          : ACCOUNTS_CATEGORY[plan.accountsType]
        : null,
      conf_stmt_next_due: confirmations && plan.status !== 'Dissolved' ? isoDay(confirmations.nextDue) : null,
      conf_stmt_last_made_up: confirmations?.lastMadeUp == null ? null : isoDay(confirmations.lastMadeUp),
      mortgages_outstanding: count('outstanding'),
      mortgages_part_satisfied: count('part-satisfied'),
      mortgages_satisfied: count('fully-satisfied'),
      mortgages_total: chargeRows.length,
      previous_names: plan.previousNames.map((p) => ({
        name: p.name,
        effective_from: isoDay(p.effective_from),
        ceased_on: isoDay(p.ceased_on),
      })),
      uri: `http://business.data.gov.uk/id/company/${plan.number}`,
      exchange: plan.listed?.exchange ?? null,
      ticker: plan.listed?.ticker ?? null,
      source: 'sample',
    },
    officers: officers.rows,
    pscs: pscs.rows,
    charges: chargeRows,
    filings,
    financials,
    summaries,
  };
}

/** A month's last day in a non-leap year (accounting reference days: 28 February, 30 April, 31 March...). */
function monthEndDay(month: number): number {
  return Date.UTC(2023, month, 0) / 86_400_000;
}
