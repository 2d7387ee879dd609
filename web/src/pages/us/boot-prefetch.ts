/**
 * The strategic indicators page's first calls started with the app (main.tsx), not after its
 * chunks have loaded and rendered: an address with a cik, opened by a signed-in user, asks for the
 * company, its KPI list when it has data, and the table to show once the list answered, at once; the page takes them over. The search hands
 * the company it already holds through the navigation's state instead (see the page).
 */
import { prefetchStrategicIndicators, readStrategicIndicatorsAddress, type StrategicIndicatorsPrefetch } from '@credence/shared';
import type { Services } from '../../app/services.tsx';
import { STRATEGIC_INDICATORS_PATH } from './paths.ts';

let started: StrategicIndicatorsPrefetch | null = null;

export function prefetchAtBoot(services: Pick<Services, 'client' | 'session'>, location: Pick<Location, 'pathname' | 'search'>): void {
  const address = readStrategicIndicatorsAddress(new URLSearchParams(location.search));
  if (location.pathname !== STRATEGIC_INDICATORS_PATH || !address || !services.session.getState().token) return;
  started = prefetchStrategicIndicators(services.client, address);
}

/** The boot prefetch, once: a later visit of the page asks afresh. */
export function takeBootPrefetch(): StrategicIndicatorsPrefetch | null {
  const taken = started;
  started = null;
  return taken;
}
