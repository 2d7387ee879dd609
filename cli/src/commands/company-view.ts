/**
 * The company overview of spec 2 (2.5-2.9) as terminal text: pure functions from the API's
 * answers to lines. Figures follow spec 2 section 9 through the shared formatters (amounts in
 * millions with 2 decimals, en-GB dates, "N/A", a dash for zero or empty); the signals (year-
 * over-year change, turnover, charges, capital, compliance) are the API's `insights`, computed
 * by the shared rules, rendered here and never recomputed.
 */
export * from './company-view/common.js';
export * from './company-view/distress-and-header.js';
export * from './company-view/financials.js';
export * from './company-view/leadership.js';
export * from './company-view/charges-and-capital.js';
export * from './company-view/risk-compliance-filings.js';
