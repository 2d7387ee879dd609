import { Parser } from 'htmlparser2';
import { ixNumber, shiftDecimal } from '../../../core/import/ixbrl-numbers.js';
import type { StatementLine } from '../../../platform/register/rows.js';

/**
 * Inline XBRL (iXBRL 1.0/1.1) accounts as Companies House publishes them in the accounts bulk
 * product: the facts (`ix:nonFraction` with contextRef, unitRef, decimals, scale, format, sign),
 * the contexts (`xbrli:context`: entity, period, dimensions) and units (`xbrli:unit`), read with
 * htmlparser2's streaming tokenizer, and the page each fact sits on. Then the headline figures of
 * spec 2 3.5 for the reporting period and the comparative one, by the FRS 102 / FRS 105 (uk-core),
 * old UK GAAP and IFRS concept names.
 */

const IX_NAMESPACES = new Set(['http://www.xbrl.org/2013/inlineXBRL', 'http://www.xbrl.org/2008/inlineXBRL']);
const XBRLI = 'http://www.xbrl.org/2003/instance';
const ISO4217 = 'http://www.xbrl.org/2003/iso4217';

export interface IxContext {
  id: string;
  /** xbrli:identifier (the company number with the Companies House scheme). */
  identifier: string | null;
  startDate: string | null;
  endDate: string | null;
  instant: string | null;
  /** Has a segment or scenario: a breakdown (by maturity, equity component, director...), not the entity's total. */
  dimensional: boolean;
  line: number;
}

export interface IxUnit {
  id: string;
  measures: string[];
  /** ISO 4217 code when the unit is a currency. */
  currency: string | null;
}

export interface IxFact {
  /** The concept as written, e.g. "uk-core:TurnoverRevenue". */
  name: string;
  /** Without its prefix: "TurnoverRevenue". */
  concept: string;
  contextRef: string;
  unitRef: string | null;
  /** After format, scale and sign; null when nil. */
  value: number | null;
  decimals: string | null;
  page: number;
  line: number;
  hidden: boolean;
}

export interface IxProblem {
  line: number;
  reason: string;
}

export interface IxDocument {
  contexts: Map<string, IxContext>;
  units: Map<string, IxUnit>;
  facts: IxFact[];
  /** ix:nonNumeric values by concept (first of each): the registered number, names, dates. */
  texts: Map<string, { value: string; contextRef: string; line: number }>;
  /** Pages of the document (1 when it marks none). */
  pages: number;
  /** Facts that could not be read (skipped). */
  problems: IxProblem[];
}

interface Open {
  prefix: string;
  local: string;
  ns: string | null;
  scope: Map<string, string> | null;
  breakAfter: boolean;
  invisible: boolean;
}

const PAGE_CLASSES = new Set(['page', 'pagebreak', 'page-break', 'new-page', 'newpage']);

export function parseIxbrl(content: string): IxDocument {
  const lineStarts = [0];
  for (let i = content.indexOf('\n'); i >= 0; i = content.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineAt = (index: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };

  const doc: IxDocument = { contexts: new Map(), units: new Map(), facts: [], texts: new Map(), pages: 1, problems: [] };
  const stack: Open[] = [];
  const scopes: Map<string, string>[] = [new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])];
  const lookup = (prefix: string) => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const uri = scopes[i].get(prefix);
      if (uri !== undefined) return uri;
    }
    return null;
  };

  let page = 1;
  let pageHasContent = false;
  let pendingBreak = false;
  let inBody = false;
  let headerDepth = 0;
  let hiddenDepth = 0;
  let invisibleDepth = 0;

  let context: IxContext | null = null;
  let unit: IxUnit | null = null;
  let capture: { kind: 'identifier' | 'startDate' | 'endDate' | 'instant' | 'measure'; text: string } | null = null;
  // Facts being read (nested nonFraction: each gets the text inside it).
  const facts: { attribs: Record<string, string>; text: string; line: number; numeric: boolean; depth: number }[] = [];

  const isIx = (ns: string | null, prefix: string) => (ns ? IX_NAMESPACES.has(ns) : prefix === 'ix');
  const isXbrli = (ns: string | null, prefix: string) => (ns ? ns === XBRLI : prefix === 'xbrli');

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        let scope: Map<string, string> | null = null;
        for (const [key, value] of Object.entries(attribs)) {
          if (key === 'xmlns' || key.startsWith('xmlns:')) {
            scope ??= new Map();
            scope.set(key === 'xmlns' ? '' : key.slice(6), value);
          }
        }
        if (scope) scopes.push(scope);
        const colon = name.indexOf(':');
        const prefix = colon >= 0 ? name.slice(0, colon) : '';
        const local = colon >= 0 ? name.slice(colon + 1) : name;
        const ns = lookup(prefix);
        const style = (attribs.style ?? '').replace(/\s+/g, '').toLowerCase();
        const classes = (attribs.class ?? '').toLowerCase().split(/\s+/);
        const invisible = /display:none/.test(style);
        const open: Open = { prefix, local, ns, scope, breakAfter: /page-break-after:always|break-after:page/.test(style), invisible };
        stack.push(open);
        if (invisible) invisibleDepth++;
        const line = lineAt(parser.startIndex);

        if (!prefix && local.toLowerCase() === 'body') inBody = true;
        if (inBody && (/page-break-before:always|break-before:page/.test(style) || classes.some((c) => PAGE_CLASSES.has(c)))) {
          if (pageHasContent) pendingBreak = true;
        }

        if (isIx(ns, prefix)) {
          if (local === 'header') headerDepth++;
          else if (local === 'hidden') hiddenDepth++;
          else if (local === 'nonFraction' || local === 'nonNumeric') {
            facts.push({ attribs, text: '', line, numeric: local === 'nonFraction', depth: stack.length });
          }
          return;
        }
        if (isXbrli(ns, prefix)) {
          if (local === 'context') {
            context = { id: attribs.id ?? '', identifier: null, startDate: null, endDate: null, instant: null, dimensional: false, line };
          } else if (context && (local === 'segment' || local === 'scenario')) {
            context.dimensional = true;
          } else if (context && (local === 'identifier' || local === 'startDate' || local === 'endDate' || local === 'instant')) {
            capture = { kind: local, text: '' };
          } else if (local === 'unit') {
            unit = { id: attribs.id ?? '', measures: [], currency: null };
          } else if (unit && local === 'measure') {
            capture = { kind: 'measure', text: '' };
          }
        }
      },

      ontext(text) {
        if (capture) capture.text += text;
        for (const fact of facts) fact.text += text;
        if (inBody && headerDepth === 0 && invisibleDepth === 0 && /\S/.test(text)) {
          if (pendingBreak) {
            page++;
            pendingBreak = false;
          }
          pageHasContent = true;
        }
      },

      onclosetag() {
        const open = stack.pop();
        if (!open) return;
        if (open.invisible) invisibleDepth--;
        if (isIx(open.ns, open.prefix)) {
          if (open.local === 'header') headerDepth--;
          else if (open.local === 'hidden') hiddenDepth--;
          else if (
            (open.local === 'nonFraction' || open.local === 'nonNumeric') &&
            facts.length &&
            facts[facts.length - 1].depth === stack.length + 1
          ) {
            finishFact(facts.pop()!);
          }
        } else if (isXbrli(open.ns, open.prefix)) {
          if (capture && open.local === capture.kind) {
            const value = capture.text.trim();
            if (capture.kind === 'measure') {
              if (unit) {
                unit.measures.push(value);
                const [mPrefix, mLocal] = value.includes(':') ? value.split(':', 2) : ['', value];
                const mNs = lookup(mPrefix);
                if (!unit.currency && (mNs === ISO4217 || (!mNs && mPrefix === 'iso4217')) && /^[A-Z]{3}$/.test(mLocal))
                  unit.currency = mLocal;
              }
            } else if (context) {
              context[capture.kind] = value || null;
            }
            capture = null;
          } else if (open.local === 'context' && context) {
            if (context.id) doc.contexts.set(context.id, context);
            context = null;
          } else if (open.local === 'unit' && unit) {
            if (unit.id) doc.units.set(unit.id, unit);
            unit = null;
          }
        }
        if (open.breakAfter && pageHasContent) pendingBreak = true;
        if (open.scope) scopes.splice(scopes.lastIndexOf(open.scope), 1);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );

  function finishFact(fact: { attribs: Record<string, string>; text: string; line: number; numeric: boolean }): void {
    const name = fact.attribs.name ?? '';
    const concept = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
    const contextRef = fact.attribs.contextRef ?? fact.attribs.contextref ?? '';
    if (!fact.numeric) {
      if (!doc.texts.has(concept)) doc.texts.set(concept, { value: fact.text.replace(/\s+/g, ' ').trim(), contextRef, line: fact.line });
      return;
    }
    if (!name || !contextRef) {
      doc.problems.push({ line: fact.line, reason: `ix:nonFraction ${name || '(no name)'} has no ${name ? 'contextRef' : 'name'}` });
      return;
    }
    const nil = /^(true|1)$/.test(fact.attribs['xsi:nil'] ?? '');
    let value: number | null = null;
    if (!nil) {
      try {
        const scale = fact.attribs.scale === undefined || fact.attribs.scale === '' ? 0 : Number(fact.attribs.scale);
        if (!Number.isInteger(scale) || Math.abs(scale) > 30) throw new Error(`scale "${fact.attribs.scale}" is not a whole number`);
        const digits = ixNumber(fact.text, fact.attribs.format ?? null);
        value = digits === null ? null : shiftDecimal(digits, scale) * (fact.attribs.sign === '-' ? -1 : 1);
        if (value === 0) value = 0; // no -0
      } catch (error) {
        doc.problems.push({ line: fact.line, reason: `${name}: ${(error as Error).message}` });
        return;
      }
    }
    doc.facts.push({
      name,
      concept,
      contextRef,
      unitRef: fact.attribs.unitRef ?? fact.attribs.unitref ?? null,
      value,
      decimals: fact.attribs.decimals ?? null,
      page,
      line: fact.line,
      hidden: hiddenDepth > 0,
    });
  }

  parser.write(content);
  parser.end();
  doc.pages = page;
  return doc;
}

// ---------------------------------------------------------------- the figures

/** Keys of spec 2 3.5's financial summary, and of page_numbers and terms. */
export type MetricKey =
  'turnover' | 'operatingProfit' | 'EBITDA' | 'netProfitLoss' | 'totalAssets' | 'totalLiabilities' | 'netAssets' | 'cash' | 'employeeCount';

/** Concept names (without prefix) that give each figure, in order of preference. */
export const CONCEPTS = {
  // FRS 102/105 (uk-core), old UK GAAP (uk-gaap), IFRS (ifrs-full).
  turnover: ['TurnoverRevenue', 'Turnover', 'Revenue', 'TurnoverGrossOperatingRevenue', 'RevenueFromContractsWithCustomers'],
  operatingProfit: ['OperatingProfitLoss', 'ProfitLossFromOperatingActivities'],
  netProfitLoss: ['ProfitLoss', 'ProfitLossForPeriod', 'ProfitLossOnOrdinaryActivitiesAfterTax'],
  totalAssets: ['TotalAssets', 'Assets'],
  totalLiabilities: ['TotalLiabilities', 'Liabilities'],
  netAssets: ['NetAssetsLiabilities', 'NetAssetsLiabilitiesIncludingPensionAssetLiability', 'Equity', 'ShareholderFunds'],
  cash: ['CashBankOnHand', 'CashCashEquivalents', 'CashBankInHand', 'CashAndCashEquivalents'],
  employeeCount: ['AverageNumberEmployeesDuringPeriod', 'EmployeesTotal', 'AverageNumberOfEmployees'],
  depreciationAmortisation: ['DepreciationAmortisationImpairmentExpense', 'DepreciationAmortisationExpense'],
  depreciation: [
    'DepreciationExpensePropertyPlantEquipment',
    'DepreciationImpairmentExpensePropertyPlantEquipment',
    'DepreciationOfPropertyPlantEquipment',
  ],
  amortisation: ['AmortisationExpenseIntangibleAssets', 'AmortisationImpairmentExpenseIntangibleAssets', 'AmortisationOfIntangibleAssets'],
  fixedAssets: ['FixedAssets', 'NoncurrentAssets'],
  currentAssets: ['CurrentAssets'],
} as const;

const LINES: Record<'income_statement' | 'balance_sheet' | 'cash_flow', [string, string, readonly string[]][]> = {
  income_statement: [
    ['turnover', 'Turnover', CONCEPTS.turnover],
    ['costOfSales', 'Cost of sales', ['CostSales', 'CostOfSales']],
    ['grossProfit', 'Gross profit', ['GrossProfitLoss']],
    ['distributionCosts', 'Distribution costs', ['DistributionCosts']],
    ['administrativeExpenses', 'Administrative expenses', ['AdministrativeExpenses']],
    [
      'otherOperatingIncome',
      'Other operating income',
      ['OtherOperatingIncomeFormat1', 'OtherOperatingIncomeFormat2', 'OtherOperatingIncome'],
    ],
    ['operatingProfit', 'Operating profit', CONCEPTS.operatingProfit],
    ['interestPayable', 'Interest payable and similar expenses', ['InterestPayableSimilarChargesFinanceCosts']],
    ['profitBeforeTax', 'Profit before taxation', ['ProfitLossOnOrdinaryActivitiesBeforeTax', 'ProfitLossBeforeTax']],
    ['tax', 'Tax on profit', ['TaxTaxCreditOnProfitOrLossOnOrdinaryActivities', 'IncomeTaxExpenseContinuingOperations']],
    ['netProfitLoss', 'Profit for the financial year', CONCEPTS.netProfitLoss],
  ],
  balance_sheet: [
    ['intangibleAssets', 'Intangible assets', ['IntangibleAssetsIncludingGoodwill', 'IntangibleAssets']],
    ['tangibleAssets', 'Tangible assets', ['PropertyPlantEquipmentIncludingRight-of-useAssets', 'PropertyPlantEquipment']],
    ['fixedAssets', 'Fixed assets', CONCEPTS.fixedAssets],
    ['stocks', 'Stocks', ['InventoriesBalanceSheetSubtotal', 'Inventories', 'Stocks']],
    ['debtors', 'Debtors', ['Debtors']],
    ['cash', 'Cash at bank and in hand', CONCEPTS.cash],
    ['currentAssets', 'Current assets', CONCEPTS.currentAssets],
    ['netCurrentAssets', 'Net current assets (liabilities)', ['NetCurrentAssetsLiabilities']],
    ['totalAssetsLessCurrentLiabilities', 'Total assets less current liabilities', ['TotalAssetsLessCurrentLiabilities']],
    ['provisions', 'Provisions for liabilities', ['ProvisionsForLiabilitiesBalanceSheetSubtotal']],
    ['netAssets', 'Net assets', ['NetAssetsLiabilities', 'NetAssetsLiabilitiesIncludingPensionAssetLiability']],
    ['shareCapital', 'Called up share capital', ['CalledUpShareCapital', 'CalledUpShareCapitalNotPaid']],
    ['retainedEarnings', 'Profit and loss account', ['RetainedEarningsAccumulatedLosses']],
    ['equity', 'Total equity', ['Equity', 'ShareholderFunds']],
  ],
  cash_flow: [
    [
      'operatingCashFlow',
      'Net cash from operating activities',
      ['NetCashFlowsFromUsedInOperatingActivities', 'NetCashGeneratedFromOperations'],
    ],
    ['investingCashFlow', 'Net cash from investing activities', ['NetCashFlowsFromUsedInInvestingActivities']],
    ['financingCashFlow', 'Net cash from financing activities', ['NetCashFlowsFromUsedInFinancingActivities']],
    [
      'netChangeInCash',
      'Increase (decrease) in cash',
      ['IncreaseDecreaseInCashCashEquivalents', 'IncreaseDecreaseInCashCashEquivalentsBeforeForeignExchangeDifferences'],
    ],
    ['cashAtEnd', 'Cash at the end of the year', ['CashCashEquivalentsCashFlowValue']],
  ],
};

const METRIC_LABELS: Record<MetricKey, string> = {
  turnover: 'Turnover',
  operatingProfit: 'Operating profit',
  EBITDA: 'EBITDA',
  netProfitLoss: 'Profit (loss) for the period',
  totalAssets: 'Total assets',
  totalLiabilities: 'Total liabilities',
  netAssets: 'Net assets',
  cash: 'Cash',
  employeeCount: 'Average number of employees',
};

export interface Figure {
  value: number;
  /** The concept it was read from, or how it was derived ("FixedAssets + CurrentAssets"). */
  term: string;
  page: number;
}

export interface PeriodFigures {
  periodStart: string | null;
  periodEnd: string;
  currency: string;
  figures: Partial<Record<MetricKey, Figure>>;
  incomeStatement: StatementLine[];
  balanceSheet: StatementLine[];
  cashFlow: StatementLine[];
  keyFinancials: StatementLine[];
}

export class IxbrlError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const DAY = 86_400_000;

/**
 * The reporting period (the latest end date carrying numeric facts in contexts without
 * dimensions) and the comparative one (the latest such date at least 4 weeks earlier), each with
 * its figures. Throws IxbrlError when the document lacks the contexts to tell.
 */
export function extractPeriods(doc: IxDocument): { current: PeriodFigures; comparative: PeriodFigures | null } {
  if (doc.contexts.size === 0) throw new IxbrlError(1, 'no xbrli:context: not an inline XBRL document (or its ix:resources are missing)');
  const usable = doc.facts.filter((f) => {
    const context = doc.contexts.get(f.contextRef);
    return f.value !== null && context && !context.dimensional && (context.instant || context.endDate);
  });
  for (const fact of doc.facts) {
    if (!doc.contexts.has(fact.contextRef))
      doc.problems.push({ line: fact.line, reason: `${fact.name}: contextRef "${fact.contextRef}" names no xbrli:context` });
  }
  const ends = [...new Set(usable.map((f) => endOf(doc.contexts.get(f.contextRef)!)))].filter(isIsoDate).sort();
  if (ends.length === 0) {
    const first = [...doc.contexts.values()][0];
    throw new IxbrlError(
      first?.line ?? 1,
      'no numeric facts in a context without dimensions that has a period end date (xbrli:endDate or xbrli:instant)',
    );
  }
  const currentEnd = ends[ends.length - 1];
  const earlier = ends.filter((d) => Date.parse(currentEnd) - Date.parse(d) >= 28 * DAY);
  const current = figuresFor(doc, usable, currentEnd);
  let comparative: PeriodFigures | null = null;
  if (earlier.length) {
    const candidate = figuresFor(doc, usable, earlier[earlier.length - 1]);
    // Only a period with something to show: an opening balance alone is not a comparative year.
    if (Object.keys(candidate.figures).some((k) => k !== 'employeeCount')) comparative = candidate;
  }
  if (Object.keys(current.figures).length === 0) {
    throw new IxbrlError(
      1,
      `none of the headline figures (turnover, profit, assets, net assets, cash, employees) is tagged for the period ending ${currentEnd}`,
    );
  }
  return { current, comparative };
}

const endOf = (c: IxContext) => (c.instant ?? c.endDate)!.trim();
function isIsoDate(d: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === d;
}

function figuresFor(doc: IxDocument, usable: IxFact[], end: string): PeriodFigures {
  const durations = [...doc.contexts.values()].filter((c) => !c.dimensional && c.endDate?.trim() === end && c.startDate);
  // The period's own duration: the one with most facts (a year, not a quarter note), the longest on a tie.
  const counts = new Map(durations.map((c) => [c.id, usable.filter((f) => f.contextRef === c.id).length]));
  durations.sort((a, b) => counts.get(b.id)! - counts.get(a.id)! || a.startDate!.localeCompare(b.startDate!));
  const start = durations.map((c) => c.startDate!.trim()).find(isIsoDate) ?? null;
  const facts = usable.filter((f) => {
    const c = doc.contexts.get(f.contextRef)!;
    return c.instant ? c.instant.trim() === end : c.endDate?.trim() === end && (start === null || c.startDate?.trim() === start);
  });
  // First of each concept, visible before hidden (the same value, but a visible one has a page).
  const byConcept = new Map<string, IxFact>();
  for (const fact of [...facts.filter((f) => !f.hidden), ...facts.filter((f) => f.hidden)])
    if (!byConcept.has(fact.concept)) byConcept.set(fact.concept, fact);
  const pick = (names: readonly string[]) => names.map((n) => byConcept.get(n)).find((f) => f !== undefined);

  const currencyCount = new Map<string, number>();
  for (const fact of byConcept.values()) {
    const currency = fact.unitRef ? doc.units.get(fact.unitRef)?.currency : null;
    if (currency) currencyCount.set(currency, (currencyCount.get(currency) ?? 0) + 1);
  }
  const currency = [...currencyCount].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'GBP';

  const figures: Partial<Record<MetricKey, Figure>> = {};
  const fromFact = (fact: IxFact | undefined): Figure | undefined =>
    fact ? { value: fact.value!, term: fact.name, page: fact.page } : undefined;
  const set = (key: MetricKey, figure: Figure | undefined) => {
    if (figure) figures[key] = figure;
  };
  set('turnover', fromFact(pick(CONCEPTS.turnover)));
  set('operatingProfit', fromFact(pick(CONCEPTS.operatingProfit)));
  set('netProfitLoss', fromFact(pick(CONCEPTS.netProfitLoss)));
  set('netAssets', fromFact(pick(CONCEPTS.netAssets)));
  set('cash', fromFact(pick(CONCEPTS.cash)));
  const employees = pick(CONCEPTS.employeeCount);
  if (employees) set('employeeCount', { value: Math.round(employees.value!), term: employees.name, page: employees.page });

  const totalAssets = pick(CONCEPTS.totalAssets);
  if (totalAssets) set('totalAssets', fromFact(totalAssets));
  else {
    const parts = [pick(CONCEPTS.fixedAssets), pick(CONCEPTS.currentAssets)].filter((f): f is IxFact => f !== undefined);
    if (parts.length) {
      set('totalAssets', {
        value: round(parts.reduce((sum, f) => sum + f.value!, 0)),
        term: parts.map((f) => f.name).join(' + '),
        page: parts[parts.length - 1].page,
      });
    }
  }
  const totalLiabilities = pick(CONCEPTS.totalLiabilities);
  if (totalLiabilities) set('totalLiabilities', fromFact(totalLiabilities));
  else if (figures.totalAssets && figures.netAssets) {
    set('totalLiabilities', {
      value: round(figures.totalAssets.value - figures.netAssets.value),
      term: `(${figures.totalAssets.term}) - ${figures.netAssets.term}`,
      page: figures.netAssets.page,
    });
  }
  const operating = pick(CONCEPTS.operatingProfit);
  if (operating) {
    const combined = pick(CONCEPTS.depreciationAmortisation);
    const parts = combined
      ? [combined]
      : [pick(CONCEPTS.depreciation), pick(CONCEPTS.amortisation)].filter((f): f is IxFact => f !== undefined);
    if (parts.length) {
      set('EBITDA', {
        value: round(parts.reduce((sum, f) => sum + f.value!, operating.value!)),
        term: [operating, ...parts].map((f) => f.name).join(' + '),
        page: operating.page,
      });
    }
  }

  const line = (key: string, label: string, fact: IxFact | undefined): StatementLine[] => {
    if (!fact) return [];
    const unitCurrency = fact.unitRef ? doc.units.get(fact.unitRef)?.currency : null;
    return [{ key, label, value: fact.value, currency: unitCurrency ?? currency, pageNumber: fact.page, term: fact.name }];
  };
  const statement = (which: keyof typeof LINES) => LINES[which].flatMap(([key, label, names]) => line(key, label, pick(names)));
  const keyFinancials: StatementLine[] = (Object.keys(METRIC_LABELS) as MetricKey[]).flatMap((key) => {
    const figure = figures[key];
    return figure
      ? [
          {
            key,
            label: METRIC_LABELS[key],
            value: figure.value,
            currency: key === 'employeeCount' ? '' : currency,
            pageNumber: figure.page,
            term: figure.term,
          },
        ]
      : [];
  });

  return {
    periodStart: start,
    periodEnd: end,
    currency,
    figures,
    incomeStatement: statement('income_statement'),
    balanceSheet: statement('balance_sheet'),
    cashFlow: statement('cash_flow'),
    keyFinancials,
  };
}

/** Sums of decimal figures without binary noise (0.1 + 0.2). */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
