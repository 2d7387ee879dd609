/**
 * Test data for the company view models and the clients' tests: a filing, a company profile and an
 * overview with every field present and empty, to which a test adds what it is about. Exported as
 * `@credence/shared/testing`, not from the package's main entry.
 */
import type { CompanyOverview, CompanyProfile, FilingListItem, OverviewInsights } from '../../contracts/uk-companies.js';
import { confirmationStatementAnalysis } from '../../rules/uk/confirmation-statements.js';
import { leadershipInsights } from '../../rules/uk/leadership.js';

export function filing(part: Partial<FilingListItem> & Pick<FilingListItem, 'transaction_id' | 'category'>): FilingListItem {
  return {
    subcategory: null,
    type: 'AA',
    date: null,
    action_date: null,
    description: '',
    long_description: '',
    description_values: {},
    annotations: [],
    pages: 1,
    barcode: null,
    paper_filed: false,
    s3_path: null,
    document_id: null,
    ...part,
  };
}

export function profile(part: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
    company_name: 'ACME LTD',
    company_number: '00000001',
    incorporation_date: '2001-01-01',
    dissolution_date: null,
    company_status: 'active',
    company_category: 'Private Limited Company',
    country_of_origin: 'United Kingdom',
    registered_address: '{}',
    accounts: '{}',
    company_metadata: '{}',
    sic_codes: [],
    previous_names: [],
    exchange: null,
    ticker: null,
    sample: false,
    ...part,
  };
}

/** The insights of a company without filings, charges or figures, plus what the test sets. */
export function insights(part: Partial<OverviewInsights> = {}, now = new Date('2026-01-01T00:00:00Z')): OverviewInsights {
  return {
    key_figures: null,
    leadership: leadershipInsights([], [], [], now),
    charges: null,
    capital: null,
    confirmation_statement: confirmationStatementAnalysis([], now),
    distress: null,
    distress_signals: [],
    ...part,
  };
}

export function overview(part: Partial<CompanyOverview> = {}): CompanyOverview {
  return {
    company_profile: profile(),
    financial_summary: null,
    document_summary: null,
    document_metadata: { additionalDetails: { auditor: { name: null } } },
    document_key_highlights: [],
    filing_details: null,
    charges: { charges: [] },
    insights: insights(),
    sample: false,
    notice: null,
    ...part,
  };
}
