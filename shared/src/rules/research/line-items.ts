/**
 * The line-item vocabulary of financial statements: each line item with the ways statements
 * print it across US GAAP, IFRS and UK formats (revenue is "net sales" at one company and
 * "turnover" at another; capital expenditure is "purchases of property and equipment" or
 * "purchases of land, buildings, and equipment") and the statement that holds it. Phrases are
 * lowercase with "’" as "'" and dashes as "-" (see `normalLabel`); the first ones are the usual
 * row labels, and a longer phrase precedes a shorter one it starts with.
 */
export type Statement = 'income' | 'balance' | 'cash';

export interface LineItem {
  key: string;
  /** How an answer names it. */
  label: string;
  phrases: string[];
  statement?: Statement;
  /** Printed as an outflow (in parentheses) on its statement: a metric uses its size. */
  outflow?: boolean;
  /** What its figure is when not an amount: a rate (read as printed, "21.0%"), or an amount per share. */
  measure?: LineMeasure;
}

/** What a line item's figure is: an amount (the default), a percent, or an amount per share. */
export type LineMeasure = 'amount' | 'percent' | 'per-share';

/** A row label or question as the vocabulary reads it: lowercase, one apostrophe, one dash (the same length as printed). */
export function normalLabel(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/[—–‑]/g, '-');
}

export const LINE_ITEMS: LineItem[] = [
  {
    key: 'revenue',
    label: 'Revenue',
    phrases: [
      'total net sales',
      'total net revenues',
      'total net revenue',
      'net sales',
      'total revenues',
      'total revenue',
      'net revenues',
      'net revenue',
      'revenues',
      'revenue',
      'turnover',
      'sales',
    ],
    statement: 'income',
  },
  {
    key: 'costOfSales',
    label: 'Cost of sales',
    phrases: [
      'total cost of sales',
      'cost of sales',
      'total cost of revenues',
      'total cost of revenue',
      'cost of revenues',
      'cost of revenue',
      'cost of products sold',
      'cost of goods sold',
      'cost of goods and services sold',
      'costs of sales',
      'cogs',
    ],
    statement: 'income',
  },
  { key: 'grossProfit', label: 'Gross profit', phrases: ['gross profit', 'gross margin'], statement: 'income' },
  { key: 'rnd', label: 'Research and development', phrases: ['research and development', 'r&d'], statement: 'income' },
  {
    key: 'sga',
    label: 'Selling, general and administrative',
    phrases: ['selling, general and administrative', 'selling, general, and administrative', 'sg&a', 'administrative expenses'],
    statement: 'income',
  },
  {
    key: 'operatingIncome',
    label: 'Operating income',
    phrases: [
      'operating income',
      'income from operations',
      'operating profit',
      'profit from operations',
      'earnings from operations',
      'ebit',
    ],
    statement: 'income',
  },
  {
    key: 'interestExpense',
    label: 'Interest expense',
    phrases: ['interest expense', 'interest and debt expense', 'finance costs'],
    statement: 'income',
  },
  {
    key: 'pretaxIncome',
    label: 'Income before income taxes',
    phrases: [
      'income from continuing operations before income taxes',
      'earnings from continuing operations before income taxes',
      '(loss)/earnings before income taxes',
      '(loss) income before income taxes',
      'income (loss) from continuing operations before income taxes',
      'earnings (loss) from continuing operations before income taxes',
      'loss before income taxes',
      '(loss) earnings before income taxes',
      'earnings (loss) before income taxes',
      'income (loss) before income taxes',
      'earnings before provision for taxes on income',
      'income before provision for income taxes',
      'pretax income',
      'income before income taxes',
      'earnings before income taxes',
      'profit before tax',
      'profit before taxation',
    ],
    statement: 'income',
  },
  {
    key: 'incomeTax',
    label: 'Income tax',
    phrases: [
      'provision for income taxes',
      'provision for taxes on income',
      'income tax (expense)/benefit',
      'income tax (expense) benefit',
      'income tax expense (benefit)',
      'income tax benefit (expense)',
      'income tax expense',
      'income tax provision',
      'income taxes',
      'taxation',
    ],
    statement: 'income',
  },
  {
    key: 'effectiveTaxRate',
    label: 'Effective tax rate',
    phrases: ['effective income tax rate', 'effective tax rate'],
    statement: 'income',
    measure: 'percent',
  },
  {
    key: 'netIncome',
    label: 'Net income',
    phrases: [
      'net income attributable to',
      'net earnings attributable to',
      'net income',
      'net earnings',
      'profit for the year',
      'net profit',
      'profit for the period',
      'net loss',
    ],
    statement: 'income',
  },
  {
    key: 'eps',
    label: 'Earnings per share',
    phrases: ['diluted earnings per share', 'earnings per share', 'eps'],
    statement: 'income',
    measure: 'per-share',
  },
  {
    key: 'da',
    label: 'Depreciation and amortization',
    phrases: [
      'depreciation and amortization',
      'depreciation and amortisation',
      'depreciation, depletion and amortization',
      'depreciation, amortization',
      'd&a',
      'depreciation',
    ],
    statement: 'cash',
  },
  {
    key: 'capex',
    label: 'Capital expenditure',
    phrases: [
      'payments for acquisition of property, plant and equipment',
      'purchases of property and equipment',
      'purchases of property, plant and equipment',
      'purchase of property, plant and equipment',
      'purchases of land, buildings, and equipment',
      'purchases of land, buildings and equipment',
      'payments for property, plant and equipment',
      'payments for property and equipment',
      'additions to property, plant and equipment',
      'additions to property and equipment',
      'capital expenditures',
      'capital expenditure',
      'capital spending',
      'capex',
    ],
    statement: 'cash',
    outflow: true,
  },
  {
    key: 'operatingCashFlow',
    label: 'Cash from operating activities',
    phrases: [
      'net cash provided by operating activities',
      'net cash provided by (used in) operating activities',
      'net cash from operating activities',
      'cash provided by operating activities',
      'cash generated by operating activities',
      'cash provided by operations',
      'net cash provided by operations',
      'cash flows from operating activities',
      'cash from operations',
      'operating cash flow',
    ],
    statement: 'cash',
  },
  {
    key: 'dividends',
    label: 'Dividends paid',
    phrases: [
      'cash dividends paid',
      'dividends paid',
      'payments for dividends',
      'dividends paid to shareholders',
      'cash dividends',
      'dividends',
    ],
    statement: 'cash',
    outflow: true,
  },
  { key: 'cash', label: 'Cash and cash equivalents', phrases: ['cash and cash equivalents'], statement: 'balance' },
  {
    key: 'inventories',
    label: 'Inventories',
    phrases: ['total inventories', 'merchandise inventories', 'inventories', 'inventory'],
    statement: 'balance',
  },
  {
    key: 'receivables',
    label: 'Accounts receivable',
    phrases: [
      'accounts receivable, net',
      'accounts receivable',
      'trade receivables',
      'receivables, net',
      'receivables',
      'trade and other receivables',
    ],
    statement: 'balance',
  },
  { key: 'totalCurrentAssets', label: 'Total current assets', phrases: ['total current assets'], statement: 'balance' },
  {
    key: 'ppe',
    label: 'Property, plant and equipment, net',
    phrases: [
      'property, plant and equipment - net',
      'property, plant and equipment, net',
      'property, plant, and equipment, net',
      'property and equipment, net',
      'net property, plant and equipment',
      'net property, plant, and equipment',
      'land, buildings, and equipment',
      'property, plant and equipment',
      'property, plant, and equipment',
      'property and equipment',
      'ppne',
      'pp&e',
    ],
    statement: 'balance',
  },
  { key: 'totalAssets', label: 'Total assets', phrases: ['total assets'], statement: 'balance' },
  {
    key: 'accountsPayable',
    label: 'Accounts payable',
    phrases: ['accounts payable', 'trade payables', 'trade accounts payable', 'trade and other payables'],
    statement: 'balance',
  },
  { key: 'totalCurrentLiabilities', label: 'Total current liabilities', phrases: ['total current liabilities'], statement: 'balance' },
  { key: 'totalLiabilities', label: 'Total liabilities', phrases: ['total liabilities'], statement: 'balance' },
  {
    key: 'longTermDebt',
    label: 'Long-term debt',
    phrases: ['long-term debt', 'term debt', 'borrowings', 'total debt'],
    statement: 'balance',
  },
  {
    key: 'equity',
    label: "Shareholders' equity",
    phrases: [
      "total shareholders' equity",
      "total stockholders' equity",
      "total shareowners' equity",
      "shareholders' equity",
      "stockholders' equity",
      'total equity',
    ],
    statement: 'balance',
  },
];

/** What a statement's title says, so a line item is read from the statement that holds it. */
export const STATEMENT_TITLES: Record<Statement, string[]> = {
  income: [
    'statements of operations',
    'statement of operations',
    'income statement',
    'statements of income',
    'statement of income',
    'statements of earnings',
    'statement of earnings',
    'profit and loss',
    'statement of comprehensive income',
  ],
  balance: ['balance sheet', 'statement of financial position', 'balance sheets', 'statements of financial position'],
  cash: ['statements of cash flows', 'cash flow statement', 'statement of cash flows', 'statements of cash flow'],
};

export function lineItem(key: string): LineItem {
  const item = LINE_ITEMS.find((t) => t.key === key);
  if (!item) throw new Error(`unknown line item ${key}`);
  return item;
}
