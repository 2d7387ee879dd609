/**
 * Document summaries of each accounts document, composed from sector-aware templates and the
 * year's own figures: business overview, the fair review (management discussion), principal risks
 * by category, key highlights, future outlook, accounting policies, and the auditor and opinion.
 * Every part cites the page of the PDF that prints it (platform/register/documents/accounts-layout.ts).
 */
import { sicActivity } from './sic-activities.js';
import { formatCompact, formatPercent, notAuditedOpinion } from '../../../platform/register/documents/accounts-format.js';
import { SUMMARY_PAGES } from '../../../platform/register/documents/accounts-layout.js';
import type { Period } from './accounts.js';
import { displayName } from './companies.js';
import { longDate } from './dates.js';
import type { Figures } from './financials.js';
import { AUDITORS } from './lenders.js';
import { SURNAMES } from './names.js';
import type { Rng } from '../../../core/random.js';
import type { SectorId } from './sectors.js';
import type { CompanyPlan } from './types.js';
import type { DocumentSummaryRow } from '../../../platform/register/rows.js';
// the word lists and tables are data, not code: data/summaries.json (loaded once, with the module)
import SUMMARIES from './data/summaries.json' with { type: 'json' };

interface SectorText {
  activity: readonly string[];
  customers: readonly string[];
  drivers: readonly string[];
  strategic: readonly string[];
  operational: readonly string[];
  regulatory: readonly string[];
  outlook: readonly string[];
  revenue: string;
}

const T: Record<SectorId, SectorText> = SUMMARIES.T;

const FINANCIAL_RISKS = SUMMARIES.FINANCIAL_RISKS;
const OTHER_RISKS = SUMMARIES.OTHER_RISKS;

const PRACTICE_ENDINGS = SUMMARIES.PRACTICE_ENDINGS;

/** A local accountancy practice ("Hargreaves & Co", "Shah Pemberton Accountants Limited"). */
function accountants(rng: Rng, plan: CompanyPlan): string {
  const first = rng.pick(SURNAMES);
  const second = rng.chance(0.4) ? ` ${rng.pick(SURNAMES)}` : rng.chance(0.2) ? ` ${plan.town.name}` : '';
  return `${first}${second} ${rng.pick(PRACTICE_ENDINGS)}`;
}

function pct(now: number, before: number): string {
  return formatPercent(Math.abs(now - before) / Math.abs(before));
}

export interface SummaryInput {
  plan: CompanyPlan;
  period: Period;
  figures: Figures;
  previous: Figures | null;
  /** A lender that took a charge during the year, for a highlight. */
  newFacility: string | null;
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The summary of one accounts document. */
export function documentSummary(input: SummaryInput, rng: Rng): DocumentSummaryRow {
  const { plan, period, figures: f, previous: p } = input;
  const text = T[plan.sector.id];
  const name = displayName(plan);
  const c = plan.currency;
  const detailed = plan.size !== 'micro';
  const yearEnd = longDate(period.end);
  // The sector's phrase is drawn either way, so the rest of the dataset stays as it was.
  const sectorActivity = rng.pick(text.activity);
  const activity = (plan.sector.id === 'dormant' ? null : sicActivity(plan.sic[0], plan.index)) ?? sectorActivity;
  const customers = rng.pick(text.customers);

  const business =
    `${name} ${activity} for ${customers}. ` +
    `The company operates from ${plan.town.name}${f.employees > 1 ? ` and employed an average of ${f.employees} people during the year` : ''}.` +
    (plan.listed
      ? ` Its shares are traded on the ${plan.listed.exchange === 'AIM' ? 'AIM market of the London Stock Exchange' : 'Main Market of the London Stock Exchange'} (${plan.listed.ticker}).`
      : '');

  const parts: string[] = [];
  const months = Math.round((period.end - period.start + 1) / 30.44);
  const term = months >= 11 && months <= 13 ? 'year' : 'period';
  if (p) {
    parts.push(
      `Turnover for the ${term} ended ${yearEnd} ${f.turnover >= p.turnover ? 'increased' : 'decreased'} by ${pct(f.turnover, p.turnover)} to ${formatCompact(f.turnover, c)} (previous year: ${formatCompact(p.turnover, c)}), reflecting ${rng.pick(text.drivers)}.`,
    );
  } else {
    parts.push(`Turnover for the ${term} ended ${yearEnd} was ${formatCompact(f.turnover, c)}, reflecting ${rng.pick(text.drivers)}.`);
  }
  const margin = f.operatingProfit / f.turnover;
  parts.push(
    f.operatingProfit >= 0
      ? `Operating profit was ${formatCompact(f.operatingProfit, c)}, a margin of ${formatPercent(margin)}${p && p.turnover ? ` (previous year: ${formatPercent(p.operatingProfit / p.turnover)})` : ''}.`
      : `The company made an operating loss of ${formatCompact(-f.operatingProfit, c)} as costs rose faster than income.`,
  );
  if (detailed) {
    parts.push(`EBITDA was ${formatCompact(f.ebitda, c)} and the company ended the year with cash of ${formatCompact(f.cash, c)}.`);
    parts.push(
      f.netAssets >= 0
        ? `Net assets at the year end were ${formatCompact(f.netAssets, c)}.`
        : `At the year end the company had net liabilities of ${formatCompact(-f.netAssets, c)}; the directors have considered going concern.`,
    );
  } else if (f.netAssets < 0) {
    parts.push(`Net liabilities at the year end were ${formatCompact(-f.netAssets, c)}.`);
  }

  const highlights: string[] = [];
  if (p)
    highlights.push(
      `Turnover ${f.turnover >= p.turnover ? 'up' : 'down'} ${pct(f.turnover, p.turnover)} to ${formatCompact(f.turnover, c)}`,
    );
  else highlights.push(`Turnover of ${formatCompact(f.turnover, c)}`);
  highlights.push(
    f.operatingProfit >= 0 ? `Operating margin of ${formatPercent(margin)}` : `Operating loss of ${formatCompact(-f.operatingProfit, c)}`,
  );
  if (detailed) highlights.push(`EBITDA of ${formatCompact(f.ebitda, c)}`);
  highlights.push(`Year-end cash of ${formatCompact(f.cash, c)}`);
  if (input.newFacility && detailed) highlights.push(`New secured facility agreed with ${input.newFacility}`);
  if (detailed && p && f.employees !== p.employees)
    highlights.push(`Average headcount ${f.employees > p.employees ? 'increased' : 'reduced'} to ${f.employees}`);

  const page = SUMMARY_PAGES;
  const risks: DocumentSummaryRow['risks'] = [
    { riskCategory: 'Strategic', riskDescription: rng.pick(text.strategic), pageNumbers: [page.risks] },
    { riskCategory: 'Operational', riskDescription: rng.pick(text.operational), pageNumbers: [page.risks] },
  ];
  if (detailed || rng.chance(0.35))
    risks.push({
      riskCategory: 'Financial',
      riskDescription: c === 'GBP' ? rng.pick(FINANCIAL_RISKS.slice(0, 3)) : FINANCIAL_RISKS[3],
      pageNumbers: [page.risks],
    });
  if (detailed) risks.push({ riskCategory: 'Regulatory', riskDescription: rng.pick(text.regulatory), pageNumbers: [page.risks] });
  if (plan.size === 'large' || plan.suggested || (detailed && rng.chance(0.3)))
    risks.push({ riskCategory: 'Other', riskDescription: rng.pick(OTHER_RISKS), pageNumbers: [page.risks] });

  const outlook = rng.sample(text.outlook, detailed ? 2 : 1).map((o) => ({ outlookItem: o, pageNumbers: [page.futureOutlook] }));

  const framework =
    plan.accountsType === 'micro-entity'
      ? 'prepared under FRS 105, the micro-entities regime'
      : plan.size === 'small'
        ? 'prepared under FRS 102 Section 1A (small entities) and the Companies Act 2006'
        : 'prepared under FRS 102 and the Companies Act 2006';
  const policies = [
    `Basis of preparation: the financial statements are ${framework}, under the historical cost convention, in ${c === 'GBP' ? 'pounds sterling' : c === 'EUR' ? 'euros' : 'US dollars'}.`,
    `Turnover: ${text.revenue}`,
  ];
  if (detailed) {
    policies.unshift(
      f.netAssets < 0 || f.netProfit < 0
        ? 'Going concern: forecasts for twelve months from approval, with the continued support of lenders and shareholders, show the company can meet its liabilities as they fall due.'
        : 'Going concern: the directors expect the company to have adequate resources to continue in operation for the foreseeable future.',
    );
    policies.push(
      'Tangible fixed assets are stated at cost less straight-line depreciation: buildings 50 years, plant and machinery 4-10 years, equipment 3-5 years.',
    );
  }
  let auditorName: string | null;
  let opinion: string | null;
  if (plan.audited) {
    const tier =
      plan.size === 'large'
        ? rng.chance(0.6)
          ? 'big4'
          : 'mid'
        : plan.size === 'medium'
          ? rng.chance(0.15)
            ? 'big4'
            : rng.chance(0.7)
              ? 'mid'
              : 'local'
          : rng.chance(0.7)
            ? 'local'
            : 'mid';
    auditorName = plan.suggested?.auditor ?? AUDITORS[tier].pick(rng).name;
    const result = f.netProfit >= 0 ? 'profit' : 'loss';
    const trueFair = `the financial statements give a true and fair view of the state of the company's affairs as at ${yearEnd} and of its ${result} for the year then ended`;
    const roll = rng.next();
    opinion =
      f.netAssets < 0 && roll < 0.5
        ? `Unqualified opinion with a material uncertainty related to going concern: in our opinion ${trueFair}.`
        : roll < 0.01
          ? `Qualified opinion: except for the possible effects of the matter described in the basis for qualified opinion section, ${trueFair}.`
          : roll < 0.03
            ? `Unqualified opinion with an emphasis of matter: in our opinion ${trueFair}.`
            : `Unqualified opinion: in our opinion ${trueFair}.`;
  } else {
    // Exempt from audit: the accountants who prepared the accounts report instead (not an opinion).
    auditorName = accountants(rng, plan);
    opinion = notAuditedOpinion(auditorName);
  }

  return {
    company_number: plan.number,
    document_id: period.documentId!,
    fiscal_year: Number(yearEnd.slice(-4)),
    business_overview: sentence(business),
    management_discussion: { value: parts.join(' '), pageNumbers: [page.managementDiscussion] },
    risks,
    key_highlights: highlights.slice(0, detailed ? 5 : 3).map((h) => ({ highlight: h, pageNumbers: [page.keyHighlights] })),
    future_outlook: outlook,
    accounting_policies: policies.map((policy) => ({ policy, pageNumbers: [page.accountingPolicies] })),
    auditor_name: auditorName,
    auditor_opinion: opinion,
  };
}
