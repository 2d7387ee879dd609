/**
 * Answers of the company explorer's routes for two companies, shaped as the API answers them
 * (shared/src/contracts/uk-companies.ts), with the insights computed by the same shared rules
 * the API uses (api/src/modules/companies-house/overview-insights.ts) at a fixed date.
 *
 * ACME WIDGETS LIMITED (01234567) has a bit of everything, including the year-over-year cases
 * of spec 2 section 5 (missing, zero, signs differing) and a falling Debt to Equity Ratio;
 * EMPTY SHELL LTD (07654321) has nothing but its profile. Built on the blank filing, profile and
 * overview of @credence/shared/testing.
 */
import {
  capitalSummary,
  chargeStatistics,
  confirmationStatementAnalysis,
  FINANCIAL_SUMMARY_KEYS,
  leadershipInsights,
  keyFigures,
  type AggregatedFinancials,
  type ChargeView,
  type CompanyOverview,
  type CompanyProfile,
  type CompanySearchResult,
  type FilingListItem,
  type FilingsByCategory,
  type FinancialSummary,
  type FinancialSummaryKey,
  type OfficersResponse,
  type StatementYear,
} from '@credence/shared';
import { filing as blankFiling, insights, overview, profile as blankProfile } from '@credence/shared/testing';

export const NOW = new Date('2026-11-24T00:00:00Z');
export const ACME = '01234567';
export const EMPTY = '07654321';
export const ACME_DOCUMENT_ID = 'AcmeAccounts2025Doc';
/** The accounts filing with a document, and one without. */
export const ACME_ACCOUNTS_TX = 'TxAccounts2025';
export const ACME_CS_TX = 'TxCs2026';
/** A filing whose document download is cut half way (the fake API hangs up). */
export const ACME_CUT_TX = 'TxAccounts2024';
export const ACME_CUT_DOCUMENT_ID = 'AcmeAccounts2024Doc';

/** A filing as the API lists it: its action date is its date. */
function filing(part: Partial<FilingListItem> & Pick<FilingListItem, 'transaction_id' | 'category' | 'type' | 'date'>): FilingListItem {
  return blankFiling({ action_date: part.date, ...part });
}

/** A Leeds company in metal products (ACME's and EMPTY's defaults). */
function profile(part: Partial<CompanyProfile> & Pick<CompanyProfile, 'company_name' | 'company_number'>): CompanyProfile {
  return blankProfile({
    incorporation_date: '2001-03-15',
    company_status: 'Active',
    registered_address: JSON.stringify({
      CareOf: null,
      POBox: null,
      AddressLine1: '1 High Street',
      AddressLine2: null,
      PostTown: 'Leeds',
      County: 'West Yorkshire',
      Country: 'England',
      PostCode: 'LS1 4AB',
    }),
    accounts: JSON.stringify({
      AccountRefDay: 31,
      AccountRefMonth: 12,
      NextDueDate: '2026-09-30',
      LastMadeUpDate: '2025-12-31',
      AccountCategory: 'FULL',
    }),
    company_metadata: JSON.stringify({
      'SICCode.SicText_1': '25990 - Manufacture of other fabricated metal products n.e.c.',
      'SICCode.SicText_2': '46690 - Wholesale of other machinery and equipment',
      ConfStmtNextDueDate: '2027-03-29',
      ConfStmtLastMadeUpDate: '2026-03-15',
    }),
    sic_codes: ['25990', '46690'],
    ...part,
  });
}

/** Two years per series: 2025 and 2024. */
const FIGURES: Record<FinancialSummaryKey, [number | null, number | null]> = {
  turnover: [12_345_678, 10_000_000], // +23.5%
  operatingProfit: [1_000_000, 1_250_000], // -20.0%
  EBITDA: [2_000_000, null], // N/A: no previous year
  netProfitLoss: [-500_000, 400_000], // N/A: signs differ
  totalAssets: [0, 5_000_000], // "-" and N/A: zero
  totalLiabilities: [3_000_000, 3_000_000], // 0.0%
  netAssets: [6_000_000, 5_500_000],
  cash: [750_000, 500_000],
  employeeCount: [120, 100],
};

function series(): FinancialSummary {
  return Object.fromEntries(
    FINANCIAL_SUMMARY_KEYS.map((key) => [
      key,
      [2024, 2025].map((year) => ({
        year,
        value: FIGURES[key][year === 2025 ? 0 : 1],
        currency: key === 'employeeCount' ? '' : 'GBP',
        pageNumber: 7,
        term: key,
        document_id: ACME_DOCUMENT_ID,
      })),
    ]),
  ) as FinancialSummary;
}

function statement(year: number, lines: [string, string, number | null][]): StatementYear {
  return {
    year,
    period_start: `${year}-01-01`,
    period_end: `${year}-12-31`,
    currency: 'GBP',
    document_id: ACME_DOCUMENT_ID,
    lines: lines.map(([key, label, value]) => ({ key, label, value, currency: 'GBP', pageNumber: 8, term: label })),
  };
}

export const ACME_FINANCIALS: AggregatedFinancials = {
  financial_summary: series(),
  standardized_balance_sheet: [
    statement(2024, [['netAssets', 'Net assets', 5_500_000]]),
    statement(2025, [['netAssets', 'Net assets', 6_000_000]]),
  ],
  standardized_income_statement: [
    statement(2024, [
      ['turnover', 'Turnover', 10_000_000],
      ['costOfSales', 'Cost of sales', -6_000_000],
    ]),
    statement(2025, [
      ['turnover', 'Turnover', 12_345_678],
      ['costOfSales', 'Cost of sales', -7_000_000],
    ]),
  ],
  standardized_cash_flow_statement: [],
  key_financials: [
    statement(2024, [
      ['debtToEquityRatio', 'Debt to equity ratio', 1],
      ['operatingMargin', 'Operating margin (%)', 12.5],
      ['employeeCount', 'Average number of employees', 100],
    ]),
    statement(2025, [
      ['debtToEquityRatio', 'Debt to equity ratio', 0.5],
      ['operatingMargin', 'Operating margin (%)', 8.1],
      ['employeeCount', 'Average number of employees', 120],
    ]),
  ],
  filing_details: {
    company_number: ACME,
    document_category: 'AA',
    s3_path: `${ACME}/${ACME_DOCUMENT_ID}.pdf`,
    document_id: ACME_DOCUMENT_ID,
  },
};

export const ACME_CHARGES: ChargeView[] = [
  {
    charge_id: 'c2',
    charge_number: 2,
    charge_code: '012345670002',
    etag: null,
    status: 'outstanding',
    created_on: '2024-05-17',
    delivered_on: '2024-05-19',
    satisfied_on: null,
    classification: { type: 'charge-description', description: 'A registered charge' },
    particulars: {
      type: null,
      description: null,
      contains_fixed_charge: true,
      contains_floating_charge: true,
      contains_negative_pledge: true,
      floating_charge_covers_all: true,
    },
    persons_entitled: [{ name: 'Barclays Bank PLC' }],
    transactions: [],
  },
  {
    charge_id: 'c1',
    charge_number: 1,
    charge_code: null,
    etag: null,
    status: 'fully-satisfied',
    created_on: '2010-01-01',
    delivered_on: '2010-01-05',
    satisfied_on: '2010-03-02',
    classification: { type: 'charge-description', description: 'Debenture' },
    particulars: {
      type: null,
      description: null,
      contains_fixed_charge: true,
      contains_floating_charge: false,
      contains_negative_pledge: false,
      floating_charge_covers_all: false,
    },
    persons_entitled: [{ name: 'Lloyds Bank PLC' }],
    transactions: [],
  },
];

export const ACME_FILINGS: FilingsByCategory = {
  accounts: [
    filing({
      transaction_id: ACME_ACCOUNTS_TX,
      category: 'accounts',
      type: 'AA',
      date: '2026-06-20',
      description: 'accounts-with-accounts-type-full',
      long_description: 'Full accounts made up to 31 December 2025',
      description_values: { made_up_date: '2025-12-31' },
      pages: 12,
      s3_path: `${ACME}/${ACME_DOCUMENT_ID}.pdf`,
      document_id: ACME_DOCUMENT_ID,
    }),
    filing({
      transaction_id: ACME_CUT_TX,
      category: 'accounts',
      type: 'AA',
      date: '2025-06-18',
      description: 'accounts-with-accounts-type-full',
      long_description: 'Full accounts made up to 31 December 2024',
      description_values: { made_up_date: '2024-12-31' },
      pages: 11,
      s3_path: `${ACME}/${ACME_CUT_DOCUMENT_ID}.pdf`,
      document_id: ACME_CUT_DOCUMENT_ID,
    }),
  ],
  capital: [
    filing({
      transaction_id: 'TxSh01',
      category: 'capital',
      type: 'SH01',
      date: '2026-04-02',
      description: 'capital-allotment-shares',
      long_description: 'Statement of capital following an allotment of shares on 1 April 2026',
      description_values: { date: '2026-04-01', capital: [{ figure: '1,500,000', currency: 'GBP' }] },
    }),
    filing({
      transaction_id: 'TxSh06',
      category: 'capital',
      type: 'SH06',
      date: '2024-09-10',
      description: 'capital-cancellation-shares',
      long_description: 'Statement of capital on 9 September 2024',
      description_values: { date: '2024-09-09', capital: [{ figure: '1,000,000', currency: 'GBP' }] },
    }),
  ],
  'confirmation-statement': [
    filing({
      transaction_id: ACME_CS_TX,
      category: 'confirmation-statement',
      type: 'CS01',
      date: '2026-03-20',
      description: 'confirmation-statement-with-no-updates',
      long_description: 'Confirmation statement made on 15 March 2026 with no updates',
      description_values: { made_up_date: '2026-03-15' },
    }),
    filing({
      transaction_id: 'TxCs2025',
      category: 'confirmation-statement',
      type: 'CS01',
      date: '2025-04-20',
      description: 'confirmation-statement-with-updates',
      long_description: 'Confirmation statement made on 15 March 2025 with updates',
      description_values: { made_up_date: '2025-03-15' },
    }),
  ],
  officers: [
    filing({
      transaction_id: 'TxAp01',
      category: 'officers',
      type: 'AP01',
      date: '2026-05-02',
      description: 'appoint-person-director-company-with-name-date',
      long_description: 'Appointment of Ms Jane Doe as a director on 1 May 2026',
      description_values: { officer_name: 'Ms Jane Doe', appointment_date: '2026-05-01' },
    }),
    filing({
      transaction_id: 'TxTm01',
      category: 'officers',
      type: 'TM01',
      date: '2026-02-11',
      description: 'termination-director-company-with-name-termination-date',
      long_description: 'Termination of appointment of Mr John Roe as a director on 10 February 2026',
      description_values: { officer_name: 'Mr John Roe', termination_date: '2026-02-10' },
    }),
  ],
};

export const ACME_OFFICERS: OfficersResponse = {
  officers: {
    data: [
      {
        name: 'DOE, Jane',
        officer_role: 'director',
        nationality: 'British',
        occupation: 'Engineer',
        country_of_residence: 'England',
        appointed_on: '2026-05-01',
        resigned_on: null,
        person_number: '1',
        links: { officer: { appointments: null } },
      },
      {
        name: 'SMITH, Alan',
        officer_role: 'director',
        nationality: 'Irish',
        occupation: 'Managing Director',
        country_of_residence: 'England',
        appointed_on: '2001-03-15',
        resigned_on: null,
        person_number: '2',
        links: { officer: { appointments: null } },
      },
      {
        name: 'ROE, John',
        officer_role: 'director',
        nationality: 'British',
        occupation: 'Accountant',
        country_of_residence: 'England',
        appointed_on: '2015-01-01',
        resigned_on: '2026-02-10',
        person_number: '3',
        links: { officer: { appointments: null } },
      },
    ],
  },
  psc: {
    individuals: [
      {
        kind: 'individual-person-with-significant-control',
        name: 'Mr Alan Smith',
        notified_on: '2016-04-06',
        ceased_on: null,
        natures_of_control: ['ownership-of-shares-75-to-100-percent'],
        nationality: 'British',
        country_of_residence: 'England',
        statement: null,
      },
    ],
    corporate_entities: [],
    legal_persons: [],
    statements: [],
  },
};

const byCategory = (category: string) => ACME_FILINGS[category] ?? [];

export const ACME_OVERVIEW: CompanyOverview = overview({
  company_profile: profile({
    company_name: 'ACME WIDGETS LIMITED',
    company_number: ACME,
    previous_names: [{ name: 'ACME TOOLS LIMITED', effective_from: '2001-03-15', ceased_on: '2010-06-01' }],
  }),
  financial_summary: series(),
  document_summary: {
    businessOverview: 'Acme Widgets designs and makes widgets for the building trade from its works in Leeds.',
    managementDiscussionSummary: {
      value: 'Turnover grew by 23.5% to £12.3m while operating profit fell to £1.0m on higher steel prices.',
      pageNumbers: [3],
    },
    riskOverview: [
      { riskCategory: 'Strategic', riskDescription: 'Customers may move work to lower-cost countries.', pageNumbers: [4] },
      { riskCategory: 'Financial', riskDescription: 'Steel prices affect margins.', pageNumbers: [4, 5] },
    ],
    keyHighlights: [{ highlight: 'Turnover up 23.5% to £12.3m', pageNumbers: [3] }],
    futureOutlook: [{ outlookItem: 'A second works opens in 2027.', pageNumbers: [4] }],
    criticalAccountingPolicies: [{ policy: 'Going concern: adequate resources for the foreseeable future.', pageNumbers: [10] }],
    auditorOpinion: { value: 'Unqualified opinion: a true and fair view.' },
    fiscal_year: 2025,
    document_id: ACME_DOCUMENT_ID,
  },
  document_metadata: { additionalDetails: { auditor: { name: 'Grant & Co LLP' } } },
  document_key_highlights: [{ highlight: 'Turnover up 23.5% to £12.3m', pageNumbers: [3] }],
  filing_details: ACME_FINANCIALS.filing_details,
  charges: { charges: ACME_CHARGES },
  insights: insights(
    {
      key_figures: keyFigures(series()),
      leadership: leadershipInsights(
        [...byCategory('officers'), ...byCategory('persons-with-significant-control')],
        ACME_OFFICERS.officers.data,
        ACME_OFFICERS.psc,
        NOW,
      ),
      charges: chargeStatistics(ACME_CHARGES, NOW),
      capital: capitalSummary(byCategory('capital'), NOW),
      confirmation_statement: confirmationStatementAnalysis(byCategory('confirmation-statement'), NOW),
    },
    NOW,
  ),
});

export const EMPTY_OVERVIEW: CompanyOverview = overview({
  company_profile: profile({
    company_name: 'EMPTY SHELL LTD',
    company_number: EMPTY,
    incorporation_date: null,
    company_status: 'Dissolved',
    dissolution_date: '2020-01-31',
    company_metadata: '{}',
    sic_codes: [],
  }),
  insights: insights({}, NOW),
  sample: true,
  notice: 'Sample data: generated for demonstration, not the Companies House register.',
});

export const SEARCH_RESULTS: CompanySearchResult[] = [
  {
    CompanyName: 'ACME WIDGETS LIMITED',
    CompanyNumber: ACME,
    'Exchange:Ticker': 'LSE:ACME',
    SICCode_SicText_1: '25990 - Manufacture of other fabricated metal products n.e.c.',
    SICCode_SicText_2: '46690 - Wholesale of other machinery and equipment',
    company_status: 'Active',
    address: '1 High Street, Leeds, LS1 4AB',
    sample: false,
  },
  {
    CompanyName: 'ACME HOLDINGS PLC',
    CompanyNumber: 'SC123456',
    'Exchange:Ticker': null,
    SICCode_SicText_1: null,
    SICCode_SicText_2: null,
    company_status: 'Dissolved',
    address: null,
    sample: false,
  },
];

/** A small but real PDF: what get_filing_pdf answers for ACME's 2025 accounts. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
