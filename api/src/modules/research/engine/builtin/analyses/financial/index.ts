/** The built-in analyst's financial analyses (the register's are in ../register). */
import type { Analysis } from '../../../../../../platform/ai/engine/analysis.js';
import { balanceSheet } from './balance-sheet.js';
import { capitalStructure } from './capital-structure.js';
import { namedRatios } from './named-ratios.js';
import { filingHistory } from './filing-history.js';
import { performance } from './performance.js';
import { profitability } from './profitability.js';
import { risks } from './risks.js';
import { summarySheet } from './summary-sheet.js';

export const FINANCIAL_ANALYSES: Analysis[] = [
  summarySheet,
  performance,
  profitability,
  balanceSheet,
  capitalStructure,
  namedRatios,
  risks,
  filingHistory,
];
