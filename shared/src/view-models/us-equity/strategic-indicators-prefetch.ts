/**
 * The strategic indicators page's first calls, started before the page's code has rendered (at the
 * app's start for an address with a cik, or with the company the search already holds): the
 * company, then its KPI list only when it has data (a company without data asks nothing more and
 * shows Request). The KPI table is not part of it: the view model asks for it once the list
 * answered (never after a 402), so a prefetch never shows a table the quota would refuse.
 * Kept apart from the view model so the app's entry can import it without the KPI rules.
 */
import type { ApiClient } from '../../client/api-client.js';
import type { UsCompany, UsKpiItem } from '../../contracts/us-equity.js';

export interface StrategicIndicatorsPrefetch {
  /** The cik as asked (a ticker or zero-padded CIK is matched by the company's cik_str). */
  cik: string;
  company: Promise<UsCompany>;
  /** The KPI list; null when the company has no data (no call made). */
  kpis: Promise<UsKpiItem[] | null>;
}

const quiet = <T>(promise: Promise<T>): Promise<T> => {
  // answered later by the view model (or dropped when the page never opens): no unhandled rejection
  promise.catch(() => undefined);
  return promise;
};

/** Starts the calls; `known` is the company when the caller already has it (no company call). */
export function prefetchStrategicIndicators(
  client: Pick<ApiClient, 'usCompany' | 'usKpisList'>,
  cik: string,
  known?: UsCompany,
): StrategicIndicatorsPrefetch {
  const company = quiet(known ? Promise.resolve(known) : client.usCompany(cik));
  const kpis = quiet(company.then((c) => (c.available ? client.usKpisList(c.cik_str) : null)));
  return { cik, company, kpis };
}

/** True when two addresses name the same company: as typed, or the same CIK zero-padded or not. */
export function sameCik(a: string, b: string): boolean {
  const [x, y] = [a.trim(), b.trim()];
  return x === y || (/^\d+$/.test(x) && /^\d+$/.test(y) && Number(x) === Number(y));
}
