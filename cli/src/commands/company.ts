/**
 * `credence company <number> [--section ...]`: the overview of spec 2 (2.5-2.9) as terminal
 * sections, or with --json the API's answer the section is drawn from.
 */
import {
  COMPANY_SECTION_IDS,
  SAMPLE_DATA_NOTICE,
  isCompanySectionId,
  sectionAvailable,
  type AggregatedFinancials,
  type ApiClient,
  type CompanyOverview,
  EMPTY_TEXTS,
  type CompanySectionId,
  type FilingsByCategory,
  type OfficersResponse,
} from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';
import { createContext, type Context, type GlobalOptions } from '../runtime/session.js';
import { heading, styleFor } from '../output/text.js';
import { companyNumberArg, explainNotFound } from './company-number.js';
import {
  analysisLines,
  auditorLines,
  businessOverviewLines,
  capitalLines,
  chargeListLines,
  chargeSummaryLines,
  complianceLines,
  filingLines,
  financialSummaryLines,
  headerLines,
  highlightLines,
  insightsOf,
  keyFigureLines,
  creditRatioLines,
  leadershipLines,
  officerListLines,
  pscLines,
  profileLines,
  riskLines,
  sectionLabel,
  statementsLines,
  type View,
} from './company-view.js';
import { distressSignalLines } from './company-distress.js';

/** Events and timeline rows the overview shows per panel (a section shows them all). */
const OVERVIEW_EVENTS = 5;

export function viewFor(ctx: Context): View {
  const width = Math.max(40, ctx.mode.width);
  return { width, tableWidth: ctx.mode.stdoutIsTTY ? width : Math.max(width, 200), style: styleFor(ctx.mode.color), now: new Date() };
}

/** Sections that have something to show, separated by a blank line. */
function joinSections(blocks: string[][]): string[] {
  return blocks.filter((b) => b.length > 0).flatMap((b, i) => (i === 0 ? b : ['', ...b]));
}

export function overviewLines(overview: CompanyOverview, view: View): string[] {
  const insights = insightsOf(overview);
  // A section shows only when its data exists (spec 2 2.5), by the shared rule.
  const has = (id: CompanySectionId) => sectionAvailable(id, overview);
  return joinSections([
    headerLines(overview, view),
    distressSignalLines(insights.distress_signals, view),
    has('financials') ? keyFigureLines(insights.key_figures, view) : [],
    has('financials') ? creditRatioLines(insights.ratios, view) : [],
    profileLines(overview, view, false),
    businessOverviewLines(overview.document_summary, view),
    leadershipLines(insights.leadership, view, { events: OVERVIEW_EVENTS }),
    highlightLines(overview, view),
    has('charges') ? chargeSummaryLines(insights.charges, view) : [],
    has('capital') ? capitalLines(insights.capital, view, { timeline: 3 }) : [],
    has('risk') ? riskLines(overview.document_summary, view) : [],
    complianceLines(insights.confirmation_statement, view, { events: 0 }, insights.identity_verification),
    has('auditor') ? auditorLines(overview, view) : [],
  ]);
}

interface Answers {
  overview?: CompanyOverview;
  financials?: AggregatedFinancials;
  officers?: OfficersResponse | null;
  filings?: FilingsByCategory;
}

/** The calls a section needs, made in parallel; `raw` is the answer --json prints. */
async function load(
  client: ApiClient,
  number: string,
  section: CompanySectionId,
  json: boolean,
): Promise<{ answers: Answers; raw: unknown }> {
  const overview = () => client.overview(number);
  switch (section) {
    case 'financials': {
      if (json) return { answers: {}, raw: await client.aggregatedFinancials(number) };
      const [o, f] = await Promise.all([overview(), client.aggregatedFinancials(number)]);
      return { answers: { overview: o, financials: f }, raw: f };
    }
    case 'officers':
    case 'pscs': {
      if (json) return { answers: {}, raw: await client.officers(number) };
      // spec 2 section 8: a failing officers call shows as "Officer data not available"; an
      // unknown company is the overview's 404.
      const [o, officers] = await Promise.all([overview(), client.officers(number).catch(() => null)]);
      return { answers: { overview: o, officers }, raw: officers };
    }
    case 'filings': {
      if (json) return { answers: {}, raw: await client.filings(number) };
      const [o, f] = await Promise.all([overview(), client.filings(number)]);
      return { answers: { overview: o, filings: f }, raw: f };
    }
    default: {
      const o = await overview();
      return { answers: { overview: o }, raw: o };
    }
  }
}

export function sectionLines(section: CompanySectionId, answers: Answers, view: View): string[] {
  const overview = answers.overview!;
  const insights = insightsOf(overview);
  const all = Number.POSITIVE_INFINITY;
  const header = headerLines(overview, view);
  switch (section) {
    case 'overview':
      return overviewLines(overview, view);
    case 'profile':
      return joinSections([header, profileLines(overview, view, true)]);
    case 'financials':
      return joinSections([
        header,
        keyFigureLines(insights.key_figures, view),
        creditRatioLines(insights.ratios, view),
        financialSummaryLines(answers.financials?.financial_summary ?? overview.financial_summary, view),
        answers.financials ? statementsLines(answers.financials, view) : [],
        analysisLines(overview.document_summary, view),
      ]);
    case 'officers':
      return joinSections([
        header,
        leadershipLines(insights.leadership, view, { events: all }),
        officerListLines(answers.officers ?? null, view),
      ]);
    case 'pscs':
      return joinSections([header, pscLines(insights.leadership, answers.officers ?? null, view)]);
    case 'charges':
      return joinSections([
        header,
        [...chargeSummaryLines(insights.charges, view), ...chargeListLines(overview.charges?.charges ?? [], view)],
      ]);
    case 'capital':
      return joinSections([header, capitalLines(insights.capital, view, { timeline: all })]);
    case 'compliance':
      return joinSections([
        header,
        complianceLines(insights.confirmation_statement, view, { events: all }, insights.identity_verification),
      ]);
    case 'risk':
      return joinSections([header, riskLines(overview.document_summary, view)]);
    case 'auditor': {
      const auditor = auditorLines(overview, view);
      return joinSections([
        header,
        auditor.length > 0 ? auditor : [heading(sectionLabel('auditor'), view.width, view.style), `  ${EMPTY_TEXTS.section}`],
      ]);
    }
    case 'filings':
      return joinSections([header, filingLines(answers.filings ?? {}, view, 0)]);
  }
}

export async function company(options: GlobalOptions & { section?: string }, args: string[]): Promise<void> {
  const ctx = createContext(options);
  const number = companyNumberArg(args[0]);
  const section = options.section?.trim().toLowerCase() ?? 'overview';
  if (!isCompanySectionId(section))
    throw new UsageError(`--section must be one of ${COMPANY_SECTION_IDS.join(', ')}; not "${options.section}"`);
  const client = await ctx.authedClient();
  const { answers, raw } = await load(client, number, section, ctx.mode.json).catch(explainNotFound);
  if (ctx.mode.json) {
    ctx.out.result(JSON.stringify(raw, null, 2));
    return;
  }
  const view = viewFor(ctx);
  ctx.out.result(sectionLines(section, answers, view).join('\n'));
  const overview = answers.overview!;
  if (overview.sample) ctx.out.info(overview.notice ?? SAMPLE_DATA_NOTICE);
  if (section === 'overview' && ctx.mode.stdoutIsTTY) {
    const n = overview.company_profile.company_number;
    ctx.out.info(`More: credence company ${n} --section ${COMPANY_SECTION_IDS.filter((s) => s !== 'overview').join('|')}`);
  }
}
