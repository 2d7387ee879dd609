/** Facts read from the register: each names the record it came from, so the answer can cite it. */
import { normaliseCompanyNumber } from '../../../../platform/register/company-search.repository.js';
import type { Fact, FactSource, FactUnit } from '../../../../platform/ai/engine/types.js';

export type RegisterRecord =
  'charges' | 'officers' | 'pscs' | 'capital' | 'confirmation-statement' | 'filings' | 'peers' | 'lender-book' | 'profile';

export function registerSource(companyNumber: string, record: RegisterRecord, title: string, key?: string): FactSource {
  return { kind: 'register', company_number: companyNumber, record, title, ...(key ? { key } : {}) };
}

/** Collects a tool's facts under unique keys. */
export class FactList {
  readonly facts: Fact[] = [];
  private readonly keys = new Set<string>();

  add(key: string, label: string, value: number | string | null, unit: FactUnit, source: FactSource): Fact {
    if (this.keys.has(key)) return this.facts.find((f) => f.key === key)!;
    const fact: Fact = { key, label, value, unit, source };
    this.keys.add(key);
    this.facts.push(fact);
    return fact;
  }

  /** Adds a fact another tool made (a filed figure with its page), once. */
  include(fact: Fact): Fact {
    if (!this.keys.has(fact.key)) {
      this.keys.add(fact.key);
      this.facts.push(fact);
    }
    return fact;
  }
}

/** "0123 4567 0001" → the charge's name on the register: its code, else its number. */
export function chargeTitle(charge: { charge_code?: string | null; charge_number?: number | null; charge_id: string }): string {
  if (charge.charge_code) return `Charge ${charge.charge_code}`;
  if (charge.charge_number) return `Charge number ${charge.charge_number}`;
  return `Charge ${charge.charge_id}`;
}

/** The company number as the store keeps it ("445790" → "00445790"), or null when it is no company number. */
export function companyNumberArg(args: Record<string, unknown>): string | null {
  return typeof args.company_number === 'string' ? normaliseCompanyNumber(args.company_number) : null;
}

export const COMPANY_NUMBER_PARAMETER = {
  type: 'string',
  description: 'The Companies House number of the company ("00123456", "SC234567").',
} as const;

/** What a tool answers when the company is not on file or the number is not one. */
export function unknownCompany<T>(raw: unknown, n: string | null): { data: T | null; facts: []; missing: string[] } {
  const shown = typeof raw === 'string' ? raw.trim().slice(0, 20) : '';
  return {
    data: null,
    facts: [],
    missing: [n ? `Company ${n} is not on file.` : `"${shown}" is not a UK company number (e.g. 00123456 or SC234567).`],
  };
}
