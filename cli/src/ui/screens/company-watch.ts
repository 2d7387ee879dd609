/**
 * `w` on a company (issue 29 §3): watch it in your default list, or stop watching it; the mark
 * beside its name says which of your lists hold it, the header says what the key did.
 */
import { useEffect } from 'react';
import { createCompanyWatchViewModel, watchMark, type CompanyWatchViewModel } from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { useStatus } from '../context.js';
import { useEntryModel } from '../router.js';
import { useServices } from '../services.js';

export function useCompanyWatch(companyNumber: string): { mark: string; toggle(): void } {
  const services = useServices();
  const status = useStatus();
  const vm = useEntryModel<CompanyWatchViewModel>('watch', () => createCompanyWatchViewModel({ client: services.client, companyNumber }));
  const state = useViewModel(vm);
  useEffect(() => vm.start(), [vm]);
  useEffect(() => {
    if (state.status === 'busy') status.say('watchlist…', 'busy');
    else if (state.message) status.say(state.message, state.status === 'error' ? 'error' : 'info');
  }, [state.status, state.message, status]);
  return { mark: watchMark(state), toggle: () => void vm.toggle() };
}
