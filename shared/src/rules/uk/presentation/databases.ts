/**
 * The database catalogue of the selector (spec 2 section 2.3), for the web's /home and the
 * terminal's home screen alike. `ready` marks the interfaces built so far; the others say they
 * are under construction (the next rounds turn them on).
 */
export interface Database {
  id: string;
  name: string;
  description: string;
  badge?: string;
  /** Whether its interface exists in the web app and the terminal yet. */
  ready: boolean;
}

export interface DatabaseSection {
  title: string;
  databases: Database[];
}

export const DATABASE_SECTIONS: readonly DatabaseSection[] = [
  {
    title: 'Company Explorer',
    databases: [
      {
        id: 'us/equity_analysis/strategic-indicators',
        name: 'US Companies Explorer',
        description: 'KPIs and strategic indicators of 5000+ US companies from SEC filings.',
        ready: true,
      },
      {
        id: 'uk',
        name: 'UK Companies Explorer',
        description: 'Profiles, filings, financials, officers and charges of 100,000+ UK enterprises.',
        ready: true,
      },
    ],
  },
  {
    title: 'Screeners and Filters',
    databases: [
      {
        id: 'companies-screener',
        name: 'UK Company Screener',
        description: 'Filter and sort every UK company by sector, size, financials and more.',
        badge: 'Updated',
        ready: true,
      },
      {
        id: 'creditors-screener',
        name: 'UK Creditor Screener',
        description: 'Charges and lenders: who lends to whom, and how much.',
        ready: true,
      },
    ],
  },
  {
    title: 'Research and Intelligence',
    databases: [
      {
        id: 'analysis',
        name: 'Deep Insights Engine',
        description: 'AI research over company data and filings, with cited sources.',
        ready: false,
      },
      { id: 'uk', name: 'Intelligent Quick Search', description: 'Find a UK company by name, number or registered address.', ready: true },
    ],
  },
];

export function findDatabase(id: string | null): Database | null {
  if (!id) return null;
  for (const section of DATABASE_SECTIONS) {
    const found = section.databases.find((d) => d.id === id);
    if (found) return found;
  }
  return null;
}

/** Where a ready database lives in the web app: /{id}/ ("uk" is the /uk/ explorer). */
export function databasePath(database: Database): string {
  return `/${database.id}/`;
}

/** The loading screen shows for a random 600 to 1000 ms (spec 2 section 2.3). */
export function loadingScreenMs(random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return 600 + Math.round(r * 400);
}

export const LOADING_TITLE = 'Loading Database';
export const LOADING_TEXT = 'Preparing your financial intelligence dashboard...';

export function underConstructionText(database: Pick<Database, 'name'>): string {
  return `The specific interface for ${database.name} is under construction.`;
}
