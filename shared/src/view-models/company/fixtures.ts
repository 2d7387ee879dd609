/** Test data for the company view models (not exported from the package). */
import type { CompanyOverview, FilingListItem } from '../../contracts/uk-companies.js';

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

export function overview(part: Partial<CompanyOverview> = {}): CompanyOverview {
  return {
    company_profile: {
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
    },
    financial_summary: null,
    document_summary: null,
    document_metadata: { additionalDetails: { auditor: { name: null } } },
    document_key_highlights: [],
    filing_details: null,
    charges: { charges: [] },
    insights: { capital: null },
    sample: false,
    notice: null,
    ...part,
  };
}
