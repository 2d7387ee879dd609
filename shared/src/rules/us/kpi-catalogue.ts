/**
 * The KPI catalogue: the tables an analyst expects, each KPI an ordered list of concepts (the
 * synonyms companies use and have switched between, edgartools' synonym groups and OpenBB's
 * statement schema) or a formula over other KPIs of the same period.
 */
import type { UsKpiTableName } from './kpi-table-names.js';

export { US_KPI_TABLES, type UsKpiTableName } from './kpi-table-names.js';

/** `money` sums and subtracts; `shares` and `per-share` are never derived by subtraction. */
export type KpiMeasure = 'money' | 'shares' | 'per-share' | 'percent';

interface KpiBase {
  name: string;
  table_name: UsKpiTableName;
  group_name: string;
  row_header_name: string;
  measure: KpiMeasure;
}

/** A KPI read from facts: `instant` ones are balance-sheet positions at the period end. */
export interface ConceptKpi extends KpiBase {
  kind: 'concept';
  period: 'duration' | 'instant';
  concepts: readonly string[];
}

/** A KPI computed from others of the same period (`ratio`, `difference`) or the prior year (`growth`). */
export interface FormulaKpi extends KpiBase {
  kind: 'ratio' | 'difference' | 'growth';
  /** ratio: [numerator, denominator]; difference: [minuend, subtrahend]; growth: [kpi]. */
  of: readonly string[];
  /** Returns on a balance (ROE, ROA) are only meaningful over a whole year. */
  annualOnly?: boolean;
}

export type KpiDefinition = ConceptKpi | FormulaKpi;

const g = (c: string) => `us-gaap:${c}`;
const ifrs = (c: string) => `ifrs-full:${c}`;

function money(
  table_name: UsKpiTableName,
  group_name: string,
  name: string,
  row_header_name: string,
  concepts: string[],
  period: 'duration' | 'instant' = table_name === 'Balance Sheet' ? 'instant' : 'duration',
): ConceptKpi {
  return { kind: 'concept', name, table_name, group_name, row_header_name, measure: 'money', period, concepts };
}

const IS: UsKpiTableName = 'Income Statement';
const BS: UsKpiTableName = 'Balance Sheet';
const CF: UsKpiTableName = 'Cash Flow';

export const US_KPI_CATALOGUE: readonly KpiDefinition[] = [
  money(IS, 'Revenue', 'revenue', 'Revenue', [
    g('RevenueFromContractWithCustomerExcludingAssessedTax'),
    g('RevenueFromContractWithCustomerIncludingAssessedTax'),
    g('Revenues'),
    g('SalesRevenueNet'),
    g('SalesRevenueGoodsNet'),
    g('SalesRevenueServicesNet'),
    ifrs('Revenue'),
  ]),
  money(IS, 'Revenue', 'cost_of_revenue', 'Cost of revenue', [
    g('CostOfRevenue'),
    g('CostOfGoodsAndServicesSold'),
    g('CostOfGoodsSold'),
    g('CostOfServices'),
    ifrs('CostOfSales'),
  ]),
  money(IS, 'Revenue', 'gross_profit', 'Gross profit', [g('GrossProfit'), ifrs('GrossProfit')]),
  money(IS, 'Operating expenses', 'research_and_development', 'Research and development', [
    g('ResearchAndDevelopmentExpense'),
    g('ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost'),
  ]),
  money(IS, 'Operating expenses', 'selling_general_administrative', 'Selling, general and administrative', [
    g('SellingGeneralAndAdministrativeExpense'),
  ]),
  money(IS, 'Operating expenses', 'operating_expenses', 'Total operating expenses', [g('OperatingExpenses'), g('CostsAndExpenses')]),
  money(IS, 'Profit', 'operating_income', 'Operating income', [g('OperatingIncomeLoss'), ifrs('ProfitLossFromOperatingActivities')]),
  money(IS, 'Profit', 'interest_expense', 'Interest expense', [g('InterestExpense'), g('InterestExpenseNonoperating')]),
  money(IS, 'Profit', 'pretax_income', 'Income before taxes', [
    g('IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest'),
    g('IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments'),
    ifrs('ProfitLossBeforeTax'),
  ]),
  money(IS, 'Profit', 'income_tax', 'Income tax', [g('IncomeTaxExpenseBenefit'), ifrs('IncomeTaxExpenseContinuingOperations')]),
  money(IS, 'Profit', 'net_income', 'Net income', [g('NetIncomeLoss'), g('ProfitLoss'), ifrs('ProfitLoss')]),

  money(BS, 'Assets', 'cash', 'Cash and cash equivalents', [
    g('CashAndCashEquivalentsAtCarryingValue'),
    g('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'),
    g('Cash'),
    ifrs('CashAndCashEquivalents'),
  ]),
  money(BS, 'Assets', 'short_term_investments', 'Short-term investments', [
    g('MarketableSecuritiesCurrent'),
    g('ShortTermInvestments'),
    g('AvailableForSaleSecuritiesDebtSecuritiesCurrent'),
  ]),
  money(BS, 'Assets', 'accounts_receivable', 'Accounts receivable', [g('AccountsReceivableNetCurrent')]),
  money(BS, 'Assets', 'inventory', 'Inventory', [g('InventoryNet'), ifrs('Inventories')]),
  money(BS, 'Assets', 'current_assets', 'Total current assets', [g('AssetsCurrent'), ifrs('CurrentAssets')]),
  money(BS, 'Assets', 'property_plant_equipment', 'Property, plant and equipment', [
    g('PropertyPlantAndEquipmentNet'),
    ifrs('PropertyPlantAndEquipment'),
  ]),
  money(BS, 'Assets', 'goodwill', 'Goodwill', [g('Goodwill'), ifrs('Goodwill')]),
  money(BS, 'Assets', 'total_assets', 'Total assets', [g('Assets'), ifrs('Assets')]),
  money(BS, 'Liabilities', 'accounts_payable', 'Accounts payable', [g('AccountsPayableCurrent')]),
  money(BS, 'Liabilities', 'current_liabilities', 'Total current liabilities', [g('LiabilitiesCurrent'), ifrs('CurrentLiabilities')]),
  money(BS, 'Liabilities', 'long_term_debt', 'Long-term debt', [g('LongTermDebtNoncurrent'), g('LongTermDebt')]),
  money(BS, 'Liabilities', 'total_liabilities', 'Total liabilities', [g('Liabilities'), ifrs('Liabilities')]),
  money(BS, 'Equity', 'stockholders_equity', "Stockholders' equity", [
    g('StockholdersEquity'),
    g('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'),
    ifrs('Equity'),
  ]),
  money(BS, 'Equity', 'liabilities_and_equity', "Total liabilities and stockholders' equity", [
    g('LiabilitiesAndStockholdersEquity'),
    ifrs('EquityAndLiabilities'),
  ]),

  money(CF, 'Operating', 'operating_cash_flow', 'Net cash from operating activities', [
    g('NetCashProvidedByUsedInOperatingActivities'),
    g('NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'),
    ifrs('CashFlowsFromUsedInOperatingActivities'),
  ]),
  money(CF, 'Operating', 'depreciation_amortization', 'Depreciation and amortization', [
    g('DepreciationDepletionAndAmortization'),
    g('DepreciationAndAmortization'),
    g('DepreciationAmortizationAndAccretionNet'),
  ]),
  money(CF, 'Operating', 'share_based_compensation', 'Share-based compensation', [
    g('ShareBasedCompensation'),
    g('AllocatedShareBasedCompensationExpense'),
  ]),
  money(CF, 'Investing', 'capital_expenditure', 'Capital expenditure', [
    g('PaymentsToAcquirePropertyPlantAndEquipment'),
    g('PaymentsToAcquireProductiveAssets'),
  ]),
  money(CF, 'Investing', 'investing_cash_flow', 'Net cash from investing activities', [
    g('NetCashProvidedByUsedInInvestingActivities'),
    g('NetCashProvidedByUsedInInvestingActivitiesContinuingOperations'),
    ifrs('CashFlowsFromUsedInInvestingActivities'),
  ]),
  money(CF, 'Financing', 'dividends_paid', 'Dividends paid', [g('PaymentsOfDividends'), g('PaymentsOfDividendsCommonStock')]),
  money(CF, 'Financing', 'share_repurchases', 'Share repurchases', [g('PaymentsForRepurchaseOfCommonStock')]),
  money(CF, 'Financing', 'financing_cash_flow', 'Net cash from financing activities', [
    g('NetCashProvidedByUsedInFinancingActivities'),
    g('NetCashProvidedByUsedInFinancingActivitiesContinuingOperations'),
    ifrs('CashFlowsFromUsedInFinancingActivities'),
  ]),
  {
    kind: 'difference',
    name: 'free_cash_flow',
    table_name: CF,
    group_name: 'Free cash flow',
    row_header_name: 'Free cash flow',
    measure: 'money',
    of: ['operating_cash_flow', 'capital_expenditure'],
  },

  perShare('eps_basic', 'Earnings', 'EPS (basic)', [g('EarningsPerShareBasic'), ifrs('BasicEarningsLossPerShare')]),
  perShare('eps_diluted', 'Earnings', 'EPS (diluted)', [
    g('EarningsPerShareDiluted'),
    g('EarningsPerShareBasicAndDiluted'),
    ifrs('DilutedEarningsLossPerShare'),
  ]),
  perShare('dividends_per_share', 'Dividends', 'Dividends declared per share', [
    g('CommonStockDividendsPerShareDeclared'),
    g('CommonStockDividendsPerShareCashPaid'),
  ]),
  shares('weighted_shares_basic', 'Weighted average shares (basic)', 'duration', [g('WeightedAverageNumberOfSharesOutstandingBasic')]),
  shares('weighted_shares_diluted', 'Weighted average shares (diluted)', 'duration', [
    g('WeightedAverageNumberOfDilutedSharesOutstanding'),
  ]),
  shares('shares_outstanding', 'Shares outstanding', 'instant', [g('CommonStockSharesOutstanding')]),

  ratio('gross_margin', 'Margins', 'Gross margin', 'gross_profit', 'revenue'),
  ratio('operating_margin', 'Margins', 'Operating margin', 'operating_income', 'revenue'),
  ratio('net_margin', 'Margins', 'Net margin', 'net_income', 'revenue'),
  ratio('free_cash_flow_margin', 'Margins', 'Free cash flow margin', 'free_cash_flow', 'revenue'),
  ratio('effective_tax_rate', 'Margins', 'Effective tax rate', 'income_tax', 'pretax_income'),
  ratio('return_on_equity', 'Returns', 'Return on equity', 'net_income', 'stockholders_equity', true),
  ratio('return_on_assets', 'Returns', 'Return on assets', 'net_income', 'total_assets', true),

  growth('revenue_growth', 'Revenue growth', 'revenue'),
  growth('gross_profit_growth', 'Gross profit growth', 'gross_profit'),
  growth('operating_income_growth', 'Operating income growth', 'operating_income'),
  growth('net_income_growth', 'Net income growth', 'net_income'),
  growth('eps_diluted_growth', 'EPS (diluted) growth', 'eps_diluted'),
  growth('free_cash_flow_growth', 'Free cash flow growth', 'free_cash_flow'),
];

function perShare(name: string, group: string, header: string, concepts: string[]): ConceptKpi {
  return {
    kind: 'concept',
    name,
    table_name: 'Per Share',
    group_name: group,
    row_header_name: header,
    measure: 'per-share',
    period: 'duration',
    concepts,
  };
}

function shares(name: string, header: string, period: 'duration' | 'instant', concepts: string[]): ConceptKpi {
  return {
    kind: 'concept',
    name,
    table_name: 'Per Share',
    group_name: 'Shares',
    row_header_name: header,
    measure: 'shares',
    period,
    concepts,
  };
}

function ratio(name: string, group: string, header: string, num: string, den: string, annualOnly = false): FormulaKpi {
  return {
    kind: 'ratio',
    name,
    table_name: 'Margins and Returns',
    group_name: group,
    row_header_name: header,
    measure: 'percent',
    of: [num, den],
    annualOnly,
  };
}

function growth(name: string, header: string, of: string): FormulaKpi {
  return {
    kind: 'growth',
    name,
    table_name: 'Growth',
    group_name: 'Year over year',
    row_header_name: header,
    measure: 'percent',
    of: [of],
  };
}

const BY_NAME = new Map(US_KPI_CATALOGUE.map((k) => [k.name, k]));

export function kpiDefinition(name: string): KpiDefinition | undefined {
  return BY_NAME.get(name);
}

/** Every concept the catalogue reads (what an import keeps). */
export function catalogueConcepts(): Set<string> {
  const set = new Set<string>();
  for (const k of US_KPI_CATALOGUE) if (k.kind === 'concept') for (const c of k.concepts) set.add(c);
  return set;
}

/** Whether a fact's unit can feed a KPI of this measure (money in any currency). */
export function unitAccepts(measure: KpiMeasure, unit: string): boolean {
  if (measure === 'money') return /^[A-Z]{3}$/.test(unit);
  if (measure === 'per-share') return /^[A-Z]{3}\/shares$/.test(unit);
  if (measure === 'shares') return unit === 'shares';
  return unit === 'pure';
}

/** The unit a table states: the currency of its money rows, `%` for margins and growth. */
export function tableUnit(table: UsKpiTableName, currency: string): string {
  if (table === 'Margins and Returns' || table === 'Growth') return '%';
  if (table === 'Per Share') return `${currency} per share`;
  return currency;
}
