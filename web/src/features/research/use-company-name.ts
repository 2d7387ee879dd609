/** A chat's company known only by its number (the address): its name, looked up once with the company search. */
import { useEffect } from 'react';
import type { ChatCompany, ChatViewModel } from '@credence/shared';
import { useServices } from '../../app/services.tsx';

export function useCompanyName(model: ChatViewModel, company: ChatCompany | null) {
  const { client } = useServices();
  const number = company?.name ? null : (company?.company_number ?? null);
  const cik = company?.name ? null : (company?.cik ?? null);
  // a US company (the equity mode): by its CIK
  useEffect(() => {
    if (!cik) return;
    const abort = new AbortController();
    client
      .usCompany(cik, { signal: abort.signal })
      .then((found) => {
        const now = model.getState().company;
        if (now?.cik === cik && !now.name) model.setCompany({ ...now, name: found.title });
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [client, model, cik]);
  useEffect(() => {
    if (!number) return;
    const abort = new AbortController();
    client
      .searchCompanies(number, { limit: 5, signal: abort.signal })
      .then((results) => {
        const found = results.find((r) => r.CompanyNumber === number);
        const now = model.getState().company;
        if (found && now?.company_number === number && !now.name) model.setCompany({ ...now, name: found.CompanyName });
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [client, model, number]);
}
