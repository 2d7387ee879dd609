/**
 * The words the built-in analyst understands: which analysis a question asks for, which metrics
 * it names, which things Credence holds no data for. Patterns are matched against the lower-cased
 * question; each runs in linear time.
 */
import type { AnalysisId } from './analysis-ids.js';

export const ANALYSIS_PATTERNS: [AnalysisId, RegExp][] = [
  [
    'summary-sheet',
    /\bsummary sheet\b|\boverview\b|\bsnapshot\b|\bone[- ]pager\b|\btear ?sheet\b|\bkey (figures|facts|financials)\b|\bfinancial (health|position|standing)\b|\bhealthy\b/,
  ],
  [
    'distress',
    /\bdistress|\bwarning signs?\b|\bred flags?\b|\binsolven|\bliquidat(ion|or|ed|ing)\b|\bin administration\b|\badministrat(ion|or)s?\b|\breceiver(ship)?\b|\bwinding[- ]up\b|\bgoing concern\b|\bgone bust\b|\bcollaps|\bfailing\b|\bin trouble\b|\bstruggling\b|\bfinancial difficult/,
  ],
  [
    'recovery',
    /\brecover(y|ies|ed)?\b|\bpence in the pound\b|\bunsecured creditors?\b|\bwaterfall\b|\branking of\b|\bcharges? rank|\bwho gets paid\b|\bcreditors? (would|will|could) (get|receive)\b/,
  ],
  [
    'performance',
    /\bperformance\b|\bperform(ing|ed|s)?\b|\bdoing\b|\btrading\b|\bgrowth\b|\bgr[eo]w(n|ing|s)?\b|\btrend\b|\byear[- ]on[- ]year\b|\byoy\b|\bhistor(y|ical) (of )?(turnover|revenue|sales)\b/,
  ],
  ['profitability', /\bprofitab|\bmargins?\b|\bebitda\b/],
  ['balance-sheet', /\bbalance sheet\b|\bliquidity\b|\bcurrent ratio\b|\bworking capital\b|\bsolven(t|cy)\b|\bcash position\b/],
  [
    'capital-structure',
    /\bcapital structure\b|\bleverage\b|\bgearing\b|\bnet debt\b|\bdebt\b|\bborrowings?\b|\bfinancing\b|\bfunding\b|\bshare capital\b|\bcapitali[sz]ation\b(?! (rate|policy))/,
  ],
  [
    'charges',
    /(?<!\b(?:tax|interest|finance|service|bank|depreciation|impairment) )\bcharges?\b|\bsecurity\b|\bsecured\b|\bmortgages?\b|\bdebentures?\b|\bfixed and floating\b/,
  ],
  ['covenants', /\bcovenants?\b|\bnegative pledge\b/],
  [
    'lenders',
    /\blenders?\b|\bbankers?\b|\bwho lends\b|(?<!unsecured |secured )\bcreditors?\b(?! (due|falling|would|will|could|recover|get))/,
  ],
  [
    'leadership',
    /\bdirectors?\b|\bofficers?\b|\bleadership\b|\bmanagement team\b|\bboard\b|\bpscs?\b|\bpersons? with significant control\b|\bcontrol changes?\b|\bowners?(hip)?\b|\bshareholders?\b|\bwho (runs|owns|controls)\b/,
  ],
  [
    'compliance',
    /\bcompliance\b|\boverdue\b|\blate fil|\bconfirmation statements?\b|\bfiling behaviou?r\b|\bon time\b|\bfiled late\b|\bup to date\b/,
  ],
  ['risks', /\brisks?\b|\buncertaint|\bthreats?\b|\boutlook\b|\bgoing concern\b|\bred flags?\b|\bconcerns?\b/],
  // "Compare FY2024 with FY2023" compares years (performance); a comparison is with peers only when it names them.
  [
    'peers',
    /\bpeers?\b|\bcompetitors?\b|\brivals?\b|\bsimilar compan|\bbenchmark|\bcompar(e|ison|able)\b.*\b(industry|sector|others?|similar|market)\b|\bindustry average\b/,
  ],
  ['filing-history', /\bfiling history\b|\bfilings\b|\bdocuments filed\b|\bwhat (has|did) .* file\b|\brecent filings?\b/],
];

/** "Summary" or "profile" alone asks for the summary sheet only when nothing else is asked ("covenant summary" is the covenants). */
export const WEAK_SUMMARY = /\bsummar(y|ise|ize)\b|\btell me about\b|\bprofile\b|\babout\b|\bwho is\b|\bwhat does .* do\b/;

/**
 * Metric keys and how questions name them: the financial summary's metrics (financial_statements'
 * columns), 'margins', and statement lines by their key in the accounts (grossProfit, borrowings...).
 */
export const METRIC_PATTERNS: [string, RegExp][] = [
  ['turnover', /\bturnover\b|\brevenues?\b|\bsales\b(?! of)|\btop line\b/],
  ['operatingProfit', /\boperating (profit|loss|income)\b|\bebit\b/],
  ['netProfitLoss', /\bnet (profit|loss|income)\b|\bprofit (after tax|for the (financial )?year)\b|\bbottom line\b|\bearnings\b(?! per)/],
  ['EBITDA', /\bebitda\b(?! margin)/],
  ['totalAssets', /\btotal assets\b(?! less)/],
  ['totalLiabilities', /\btotal liabilities\b|\bliabilities\b(?! to)/],
  ['netAssets', /\bnet assets\b|\bshareholders'? (funds|equity)\b|\bnet worth\b|\bbook value\b/],
  ['cash', /\bcash\b(?! ?flow| ratio| from| generated| used)/],
  ['employeeCount', /\bemployees?\b|\bheadcount\b|\bstaff\b|\bworkforce\b|\bpeople employed\b/],
  ['margins', /\bmargins?\b/],
  ['grossProfit', /\bgross (profit|loss)\b/],
  ['costOfSales', /\bcosts? of (sales|goods sold)\b|\bcogs\b/],
  ['administrativeExpenses', /\badmin(istrative)? (expenses|costs)\b|\boverheads\b/],
  ['profitBeforeTax', /\b(profit|loss) before tax(ation)?\b|\bpre-?tax (profit|loss)\b|\bpbt\b/],
  ['tax', /\btax (charge|on profit)\b|\bcorporation tax\b|\btaxation\b/],
  ['interestPayable', /\binterest (payable|expense|paid|costs?|charges?)\b|\bfinance costs\b/],
  ['fixedAssets', /\bfixed assets\b/],
  ['tangibleAssets', /\btangible (fixed )?assets\b|\bproperty,? plant\b/],
  ['intangibleAssets', /\bintangible (fixed )?assets\b|\bgoodwill\b/],
  ['stocks', /\bstocks\b|\binventor(y|ies)\b/],
  ['debtors', /\bdebtors\b|\breceivables\b/],
  ['currentAssets', /(?<!net )\bcurrent assets\b/],
  ['creditorsWithinOneYear', /\bcreditors:? (amounts )?(due |falling due )?within one year\b|\bcurrent liabilities\b|\bpayables\b/],
  [
    'creditorsAfterOneYear',
    /\bcreditors:? (amounts )?(due |falling due )?after (more than )?one year\b|\blong[- ]term (liabilities|debt)\b/,
  ],
  ['netCurrentAssets', /\bnet current (assets|liabilities)\b|\bworking capital\b/],
  ['borrowings', /\bbank (loans?|debt|borrowings?)\b|\boverdrafts?\b/],
  ['shareCapital', /\bshare capital\b|\bcalled up\b/],
  ['retainedEarnings', /\bretained (earnings|profits?)\b|\bprofit and loss (account|reserve)\b/],
  [
    'netCashFromOperating',
    /\bcash ?flows?\b|\boperating cash ?flows?\b|\bcash (generated )?from operations\b|\bnet cash (from|used in) operating\b/,
  ],
  ['capex', /\bcapex\b|\bcapital expenditure\b/],
  ['dividendsPaid', /\bdividends?\b(?! (per|yield|cover))/],
];

/** Which analysis answers a metric (when the question names no analysis, and whose answer states it). */
export const METRIC_ANALYSIS: Record<string, AnalysisId> = {
  turnover: 'performance',
  employeeCount: 'performance',
  netCashFromOperating: 'performance',
  capex: 'performance',
  operatingProfit: 'profitability',
  netProfitLoss: 'profitability',
  EBITDA: 'profitability',
  margins: 'profitability',
  grossProfit: 'profitability',
  costOfSales: 'profitability',
  administrativeExpenses: 'profitability',
  profitBeforeTax: 'profitability',
  tax: 'profitability',
  totalAssets: 'balance-sheet',
  totalLiabilities: 'balance-sheet',
  netAssets: 'balance-sheet',
  cash: 'balance-sheet',
  fixedAssets: 'balance-sheet',
  tangibleAssets: 'balance-sheet',
  intangibleAssets: 'balance-sheet',
  stocks: 'balance-sheet',
  debtors: 'balance-sheet',
  currentAssets: 'balance-sheet',
  creditorsWithinOneYear: 'balance-sheet',
  netCurrentAssets: 'balance-sheet',
  creditorsAfterOneYear: 'capital-structure',
  borrowings: 'capital-structure',
  shareCapital: 'capital-structure',
  retainedEarnings: 'capital-structure',
  interestPayable: 'capital-structure',
  dividendsPaid: 'capital-structure',
};

/** A bare "profit" or "loss" (no other profit named) is the profit for the year. */
export const BARE_PROFIT = /\bprofits?\b|\blosse?s?\b|\bprofitable\b/;

/** Things questions ask for that no UK filing or register record here holds. */
export const UNSUPPORTED: [string, RegExp][] = [
  ['share price', /\b(share|stock) prices?\b|\bstock market\b|\bstock exchange\b/],
  ['market capitalisation', /\bmarket cap(itali[sz]ation)?\b/],
  ['valuation multiples', /\bp\/?e ratio\b|\bprice[- ]to[- ]earnings\b|\bev\/ebitda\b|\bvaluation\b|\bdividend yield\b/],
  ['forecasts', /\bforecasts?\b|\bprojections?\b|\bnext year'?s (turnover|revenue|profit)\b|\bpredict/],
  ['segment figures', /\bsegments?\b|\bby (region|product|geography|country)\b/],
  ['customer figures', /\bcustomers?\b|\bclients?\b|\bmarket share\b/],
  ['research and development spend', /\br ?& ?d\b|\bresearch and development\b/],
  ['credit ratings', /\bcredit rating\b|\bmoody'?s\b|\bs&p\b|\bfitch\b/],
  ['salary', /\bsalar(y|ies)\b|\bremuneration\b|\bpay packages?\b|\bexecutive (pay|compensation)\b|\bbonus(es)?\b/],
  [
    'full shareholder list',
    /\btop shareholders?\b|\b(largest|major|biggest) shareholders?\b|\bshareholdings?\b|\bcap table\b|\bshare register\b/,
  ],
];

/**
 * What each unsupported item says in the one line an answer gives it: what is missing and, when
 * the register holds something near it, where that is answered instead.
 */
export const UNSUPPORTED_LINES: Record<string, string> = {
  salary: 'Salary: not in the register or the accounts we hold',
  'full shareholder list':
    'Top shareholders: a full shareholder list with holdings is not in the register or the accounts we hold; the register names only persons with significant control (over 25%)',
};

/** The one line an answer gives a part of the question the data cannot answer. */
export function unsupportedLine(what: string): string {
  return UNSUPPORTED_LINES[what] ?? `${what.charAt(0).toUpperCase()}${what.slice(1)}: not in the register or the accounts we hold`;
}

/** Words of the unsupported items the register half-answers: the analysis that answers that half still runs. */
export const PARTLY_SUPPORTED = new Set(['full shareholder list']);

/**
 * Ratios a question asks for by name, and the key the financial_ratios tool gives each under
 * (null: not computed from the accounts here; the answer says so in one line).
 */
export const RATIO_ASKS: [label: string, pattern: RegExp, key: string | null][] = [
  ['Interest cover', /\binterest cover(age)?\b|\btimes interest earned\b|\bicr\b/, 'interestCover'],
  ['Current ratio', /\bcurrent ratio\b/, 'currentRatio'],
  ['Quick ratio', /\bquick ratio\b|\bacid[- ]test\b/, null],
  ['Gearing', /\bgearing\b/, 'gearing'],
  ['Net debt', /\bnet debt\b/, 'netDebt'],
  ['Debt to EBITDA', /\bdebt[- ]to[- ]ebitda\b|\bleverage (ratio|multiple)\b|\bnet debt ?\/ ?ebitda\b/, 'debtToEbitda'],
  ['Debt to equity', /\bdebt[- ]to[- ]equity\b|\bd\/e\b/, null],
  ['Free cash flow', /\bfree cash ?flows?\b|\bfcf\b/, null],
  ['Cash conversion', /\bcash conversion\b/, null],
];

/** Lender names as questions write them: well-known UK lenders and "<Name> Bank". */
export const LENDER_PATTERN =
  /\b(hsbc( uk)?( bank)?|barclays( bank)?( uk)?|lloyds( bank)?|natwest|national westminster bank|santander( uk)?|rbs|royal bank of scotland|bank of scotland|clydesdale( bank)?|yorkshire bank|virgin money|metro bank|handelsbanken|close brothers|investec|aldermore|shawbrook|oaknorth|allica( bank)?|coutts|ulster bank|danske bank|bank of ireland|aib|triodos|cynergy|secure trust bank|paragon|hampshire trust|atom bank|starling|monzo|tsb( bank)?|nationwide|coventry building society|skipton building society|[a-z]+ (?:bank|capital|finance|building society))\b/g;
