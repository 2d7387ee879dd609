/** The US area's addresses (spec 3 section 2). */
export const STRATEGIC_INDICATORS_PATH = '/us/equity_analysis/strategic-indicators';
export const US_SEARCH_PATH = '/us/equity_analysis/search';
export const DATA_INSIGHTS_PATH = '/us/equity_analysis/data_insights';
export const US_ANALYSIS_PATH = '/us/analysis';
