/** The overview's empty-state texts (spec 2 section 8), written once for the web and the terminal. */
export const EMPTY_TEXTS = {
  period: 'No data available for this period.',
  section: 'No data available for this section.',
  summary: 'No summary available.',
  financials: 'No financial data available to display.',
  risks: 'No risks found in this category.',
  leadership: 'No director or PSC filing data found for this company',
  turnover: 'Turnover calculation data not available',
  recentEvents: 'No relevant events found in the last 12 months',
  filteredEvents: 'No events match the current filter',
  charges: 'No charges data available for this company',
  activeCharges: 'No active charges found',
  satisfiedCharges: 'No satisfied charges found',
  capital: 'No capital filing data available',
  confirmationStatements: 'No Confirmation Statement filing data found for this company',
  csEvents: 'No CS events found',
} as const;

/** "N/A": a missing value or date (spec 2 section 5). */
export const NOT_AVAILABLE = 'N/A';
