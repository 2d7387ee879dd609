/**
 * The strategic indicators page's first calls, started before the page's code has rendered (at the
 * app's start for an address with a cik, or with the company the search already holds): the
 * company, then its KPI list only when it has data (a company without data asks nothing more and
 * shows Request), then the table the page opens, only once the list answered (never after a 402).
 * Kept apart from the view model so the app's entry can import it without the KPI rules.
 */
import type { ApiClient } from '../../client/api-client.js';
import type { UsCompany, UsDocumentCategory, UsKpiItem, UsKpiTable } from '../../contracts/us-equity.js';
import { US_KPI_TABLES } from '../../rules/us/kpi-table-names.js';

export interface StrategicIndicatorsPrefetch {
  /** The cik as asked (a ticker or zero-padded CIK is matched by the company's cik_str). */
  cik: string;
  company: Promise<UsCompany>;
  /** The KPI list; null when the company has no data (no call made). */
  kpis: Promise<UsKpiItem[] | null>;
  /** The table the page opens first (the address's, else the category's first); null: none asked. */
  table: Promise<UsKpiTable | null>;
}

/** The page's address (spec 3: cik, category, table_name, kpi_name). */
export interface StrategicIndicatorsAddress {
  cik: string;
  category?: UsDocumentCategory | null;
  table_name?: string | null;
  kpi_name?: string | null;
}

export function readStrategicIndicatorsAddress(params: URLSearchParams): StrategicIndicatorsAddress | null {
  const cik = params.get('cik')?.trim();
  if (!cik) return null;
  const category = params.get('category');
  return {
    cik,
    category: category === 'quarterly' ? 'quarterly' : 'annual',
    table_name: params.get('table_name'),
    kpi_name: params.get('kpi_name'),
  };
}

/** The KPI tables that hold values in the category, in the catalogue's order. */
export function kpiTableNames(state: { kpis: readonly UsKpiItem[]; category: UsDocumentCategory }): string[] {
  const present = new Set(state.kpis.filter((k) => k.category === state.category).map((k) => k.table_name));
  return US_KPI_TABLES.filter((t) => present.has(t));
}

/** The chosen table if the category has it, else its first. */
export function firstKpiTable(kpis: readonly UsKpiItem[], category: UsDocumentCategory, wanted: string | null): string | null {
  const names = kpiTableNames({ kpis, category });
  return wanted && names.includes(wanted) ? wanted : (names[0] ?? null);
}

const quiet = <T>(promise: Promise<T>): Promise<T> => {
  // answered later by the view model (or dropped when the page never opens): no unhandled rejection
  promise.catch(() => undefined);
  return promise;
};

/** Starts the calls; `known` is the company when the caller already has it (no company call). */
export function prefetchStrategicIndicators(
  client: Pick<ApiClient, 'usCompany' | 'usKpisList' | 'usKpiTable'>,
  start: StrategicIndicatorsAddress,
  known?: UsCompany,
): StrategicIndicatorsPrefetch {
  const company = quiet(known ? Promise.resolve(known) : client.usCompany(start.cik));
  const kpis = quiet(company.then((c) => (c.available ? client.usKpisList(c.cik_str) : null)));
  const table = quiet(
    Promise.all([company, kpis]).then(([c, list]) => {
      const category = start.category ?? 'annual';
      const name = list && firstKpiTable(list, category, start.table_name ?? null);
      return name ? client.usKpiTable(c.cik_str, name, category) : null;
    }),
  );
  return { cik: start.cik, company, kpis, table };
}

/** True when two addresses name the same company: as typed, or the same CIK zero-padded or not. */
export function sameCik(a: string, b: string): boolean {
  const [x, y] = [a.trim(), b.trim()];
  return x === y || (/^\d+$/.test(x) && /^\d+$/.test(y) && Number(x) === Number(y));
}
