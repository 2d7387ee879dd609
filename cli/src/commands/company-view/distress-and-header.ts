/** The distress banner, the header and the profile of the terminal company overview (spec 2.5). */
import {
  formatDate,
  addressLine,
  companyDistress,
  registryFilingHistoryUrl,
  sicLines,
  type CompanyOverview,
  type CompanyProfile,
} from '@credence/shared';
import { heading, labelled, wrap } from '../../output/text.js';
import { NA, SEP, type View, jsonObject, sectionLabel, status, str } from './common.js';

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
