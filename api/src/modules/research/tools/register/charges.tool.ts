/** charges: a company's charges, their terms and lenders, and the register's counts. */
import { chargeCreditors, chargeStatistics, isActiveCharge, lenderKey } from '@credence/shared';
import type { DataSource } from 'typeorm';
import { CompaniesRepository } from '../../../../platform/register/companies.repository.js';
import type { ChargeRow } from '../../../../platform/register/rows.js';
import type { FactSource, ResearchTool, ToolResult } from '../../../../platform/ai/engine/types.js';
import { matchLenderKeys } from './lender-match.js';
import { companyTool } from './company-tool.js';
import { chargeTitle, FactList, registerSource } from './register-facts.js';
import { isAllAssetsSecurity, securityTerms, type SecurityTerm } from './security-terms.js';

export interface ChargeItem {
  chargeId: string;
  title: string;
  code: string | null;
  number: number | null;
  status: string;
  active: boolean;
  createdOn: string | null;
  deliveredOn: string | null;
  satisfiedOn: string | null;
  classification: string | null;
  particulars: string | null;
  terms: SecurityTerm[];
  allAssets: boolean;
  /** Chargeholders as first filed, one per lender key. */
  lenders: string[];
  lenderKeys: string[];
}

export interface ChargeCounts {
  total: number;
  active: number;
  satisfied: number;
  outstanding: number;
  partSatisfied: number;
  fixed: number;
  floating: number;
  negativePledge: number;
  floatingCoversAll: number;
}

export interface ChargeholderSummary {
  key: string;
  name: string;
  charges: number;
  active: number;
  satisfied: number;
  firstCreated: string | null;
  lastCreated: string | null;
}

export interface ChargesData {
  companyNumber: string;
  /** Newest first. */
  charges: ChargeItem[];
  counts: ChargeCounts;
  /** Most charges first. */
  chargeholders: ChargeholderSummary[];
  /** When a lender was named: the chargeholder keys it matched (empty: not a chargeholder) and those charges' counts. */
  lender?: { named: string; keys: string[]; chargeIds: string[]; counts: ChargeCounts };
}

function item(row: ChargeRow): ChargeItem {
  const lenders = chargeCreditors(row);
  return {
    chargeId: row.charge_id,
    title: chargeTitle(row),
    code: row.charge_code ?? null,
    number: row.charge_number ?? null,
    status: row.status,
    active: isActiveCharge(row.status),
    createdOn: row.created_on ?? null,
    deliveredOn: row.delivered_on ?? null,
    satisfiedOn: row.satisfied_on ?? null,
    classification: row.classification_description ?? null,
    particulars: row.particulars_description ?? null,
    terms: securityTerms(row),
    allAssets: isAllAssetsSecurity(row),
    lenders,
    lenderKeys: lenders.map(lenderKey),
  };
}

export function chargeCounts(rows: readonly ChargeRow[]): ChargeCounts {
  const stats = chargeStatistics(rows);
  return {
    total: stats.total,
    active: stats.active,
    satisfied: stats.satisfied,
    outstanding: stats.outstanding,
    partSatisfied: stats.partSatisfied,
    fixed: stats.particulars.fixedCharge,
    floating: stats.particulars.floatingCharge,
    negativePledge: stats.particulars.negativePledge,
    floatingCoversAll: rows.filter((row) => row.floating_charge_covers_all).length,
  };
}

const COUNT_LABELS: Record<keyof ChargeCounts, string> = {
  total: 'Charges registered',
  active: 'Charges not fully satisfied',
  satisfied: 'Charges fully satisfied',
  outstanding: 'Charges outstanding',
  partSatisfied: 'Charges part-satisfied',
  fixed: 'Charges containing a fixed charge',
  floating: 'Charges containing a floating charge',
  negativePledge: 'Charges containing a negative pledge',
  floatingCoversAll: 'Charges whose floating charge covers all property',
};

function addCounts(facts: FactList, prefix: string, counts: ChargeCounts, source: FactSource, labelSuffix = ''): void {
  for (const [name, label] of Object.entries(COUNT_LABELS) as [keyof ChargeCounts, string][]) {
    facts.add(`${prefix}:${name}`, `${label}${labelSuffix}`, counts[name], 'count', source);
  }
}

function chargeholders(items: readonly ChargeItem[]): ChargeholderSummary[] {
  const byKey = new Map<string, ChargeholderSummary>();
  for (const charge of items) {
    charge.lenderKeys.forEach((key, i) => {
      const entry = byKey.get(key) ?? {
        key,
        name: charge.lenders[i],
        charges: 0,
        active: 0,
        satisfied: 0,
        firstCreated: null,
        lastCreated: null,
      };
      entry.charges++;
      if (charge.active) entry.active++;
      else entry.satisfied++;
      if (charge.createdOn && (!entry.firstCreated || charge.createdOn < entry.firstCreated)) entry.firstCreated = charge.createdOn;
      if (charge.createdOn && (!entry.lastCreated || charge.createdOn > entry.lastCreated)) entry.lastCreated = charge.createdOn;
      byKey.set(key, entry);
    });
  }
  return [...byKey.values()].sort((a, b) => b.charges - a.charges || a.name.localeCompare(b.name));
}

function chargeFacts(facts: FactList, n: string, charge: ChargeItem): void {
  const source = registerSource(n, 'charges', `${charge.title} (register)`, charge.chargeId);
  facts.add(`charge:${charge.chargeId}:status`, `${charge.title} status`, charge.status, 'text', source);
  if (charge.createdOn) facts.add(`charge:${charge.chargeId}:created`, `${charge.title} created`, charge.createdOn, 'date', source);
  if (charge.deliveredOn) facts.add(`charge:${charge.chargeId}:delivered`, `${charge.title} delivered`, charge.deliveredOn, 'date', source);
  if (charge.satisfiedOn) facts.add(`charge:${charge.chargeId}:satisfied`, `${charge.title} satisfied`, charge.satisfiedOn, 'date', source);
}

export async function readCharges(db: DataSource, n: string, lender?: string): Promise<ToolResult<ChargesData>> {
  const rows = await new CompaniesRepository(db).charges(n);
  const facts = new FactList();
  const register = registerSource(n, 'charges', 'Charge register');
  const counts = chargeCounts(rows);
  addCounts(facts, 'charges', counts, register);
  const liveRows = rows.filter((row) => isActiveCharge(row.status));
  addCounts(
    facts,
    'charges:live',
    chargeCounts(liveRows),
    registerSource(n, 'charges', 'Charge register: charges not fully satisfied', 'live'),
    ' (not fully satisfied)',
  );
  const items = rows.map(item);
  for (const charge of items) chargeFacts(facts, n, charge);
  const holders = chargeholders(items);
  for (const holder of holders) {
    const source = registerSource(n, 'charges', `Charge register: ${holder.name}`, `lender:${holder.key}`);
    facts.add(`lender:${holder.key}:charges`, `Charges held by ${holder.name}`, holder.charges, 'count', source);
    facts.add(`lender:${holder.key}:active`, `Charges held by ${holder.name} not fully satisfied`, holder.active, 'count', source);
    facts.add(`lender:${holder.key}:satisfied`, `Charges held by ${holder.name} fully satisfied`, holder.satisfied, 'count', source);
  }
  const data: ChargesData = { companyNumber: n, charges: items, counts, chargeholders: holders };
  const missing: string[] = [];
  if (!rows.length) missing.push(`No charges are registered against company ${n}.`);
  if (lender) {
    const keys = matchLenderKeys(
      lender,
      holders.map((h) => h.key),
    );
    const matched = rows.filter((_, i) => items[i].lenderKeys.some((key) => keys.includes(key)));
    const lenderCounts = chargeCounts(matched);
    data.lender = { named: lender, keys, chargeIds: matched.map((row) => row.charge_id), counts: lenderCounts };
    if (keys.length) {
      const source = registerSource(n, 'charges', `Charge register: charges held by ${lender}`, `lender-query:${keys.join('|')}`);
      addCounts(facts, `charges[${keys.join('|')}]`, lenderCounts, source, ` (held by ${lender})`);
      const live = chargeCounts(matched.filter((row) => isActiveCharge(row.status)));
      addCounts(facts, `charges[${keys.join('|')}]:live`, live, source, ` (held by ${lender}, not fully satisfied)`);
    } else if (rows.length) {
      missing.push(`${lender} is not among the chargeholders of company ${n}.`);
    }
  }
  return { data, facts: facts.facts, ...(missing.length ? { missing } : {}) };
}

export function chargesTool(db: DataSource): ResearchTool {
  return companyTool(db, {
    name: 'charges',
    description:
      "A UK company's registered charges (mortgages): each charge's status, dates, lenders (persons entitled) and terms (fixed charge, floating charge, negative pledge, floating charge covering all property, assets named), the register's counts, and a summary per lender. Optionally narrowed to one lender.",
    extraParameters: {
      lender: { type: 'string', description: 'A lender to narrow to, as named ("HSBC", "Barclays Bank PLC").' },
    },
    read(n, args) {
      const lender = typeof args.lender === 'string' && args.lender.trim() ? args.lender.trim().slice(0, 200) : undefined;
      return readCharges(db, n, lender);
    },
  });
}
