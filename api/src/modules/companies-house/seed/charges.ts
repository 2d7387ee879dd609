/**
 * Charges (mortgages) registered against a company: when created and delivered, by which lender
 * (as filed, with its spelling variants), what they cover (debentures with fixed and floating
 * charges and a negative pledge, legal charges over named property, book debts for invoice
 * finance, chattels for asset finance), whether satisfied in full or in part, and the MR01/MR04
 * filings (MG01/MG02 legacy forms before 6 April 2013) that the charge's transactions link to.
 */
import { dayOf, isoDay, type Day } from './dates.js';
import { filedName, LENDERS, type Lender } from './lenders.js';
import { oneLine, TOWNS_BY_JURISDICTION, address as makeAddress } from './places.js';
import type { Rng } from '../../../core/random.js';
import type { CompanyPlan, FilingEvent } from './types.js';
import type { ChargeRow } from '../../../platform/register/rows.js';

/** Charges created from this day carry a charge code and are registered on MR01. */
const MR01_ERA = dayOf('2013-04-06');

export interface ChargePlan {
  row: ChargeRow;
  lender: Lender;
  created: Day;
  status: string;
  satisfied: Day | null;
  /** Filings to link back: creation, then satisfaction. */
  events: FilingEvent[];
}

export interface ChargeResult {
  charges: ChargePlan[];
  events: FilingEvent[];
  /** Outstanding (and part-satisfied) secured lending exists at this day. */
  securedAt(day: Day): boolean;
}

const LEGACY_CLASSIFICATIONS = ['Debenture', 'Mortgage debenture', 'All assets debenture', 'Fixed and floating charge', 'Debenture deed'];

function chargeCount(rng: Rng, plan: CompanyPlan): number {
  if (plan.suggested) return plan.suggested.lenders.length + 2;
  if (!plan.filesAnnually && plan.form !== 'lp') return rng.chance(0.1) ? 1 : 0;
  // About twice the register's share of companies with charges: the sample shows every overview section
  // (the charges panel needs a charge) for most companies, and the lender statistics need volume.
  const rate =
    2.2 *
    (plan.trading ? plan.sector.chargeRate * (plan.size === 'micro' ? 1 : plan.size === 'small' ? 1.4 : 1.6) : plan.sector.chargeRate);
  if (!rng.chance(Math.min(0.92, plan.early && plan.trading ? Math.max(rate, 0.5) : rate))) return 0;
  const r = rng.next();
  const base = r < 0.6 ? 1 : r < 0.82 ? 2 : r < 0.92 ? 3 : r < 0.98 ? rng.between(4, 6) : rng.between(7, 12);
  return plan.size === 'large' ? base + rng.between(1, 4) : base;
}

function particulars(
  rng: Rng,
  plan: CompanyPlan,
  lender: Lender,
  created: Day,
): Pick<
  ChargeRow,
  | 'particulars_type'
  | 'particulars_description'
  | 'contains_fixed_charge'
  | 'contains_floating_charge'
  | 'contains_negative_pledge'
  | 'floating_charge_covers_all'
  | 'classification_description'
> {
  const modern = created >= MR01_ERA;
  const property =
    plan.sector.id === 'property' || plan.sector.id === 'hospitality' || plan.sector.id === 'health' || plan.sector.id === 'agriculture';
  if (lender.style === 'abl') {
    return {
      classification_description: modern ? 'A registered charge' : 'Debenture',
      particulars_type: modern ? 'brief-description' : 'short-particulars',
      particulars_description: modern
        ? null
        : 'All book debts and other debts now and from time to time due or owing to the company and all its undertaking and assets present and future.',
      contains_fixed_charge: true,
      contains_floating_charge: true,
      contains_negative_pledge: true,
      floating_charge_covers_all: true,
    };
  }
  if (lender.style === 'asset') {
    return {
      classification_description: modern ? 'A registered charge' : 'Chattel mortgage',
      particulars_type: 'brief-description',
      particulars_description: `${rng.pick(['Chattel mortgage over', 'Fixed charge over', 'All rights in'])} the ${rng.pick(['plant and machinery', 'vehicles', 'equipment', 'tractors and trailers', 'printing presses', 'CNC machining centres'])} described in the schedule to the instrument.`,
      contains_fixed_charge: true,
      contains_floating_charge: false,
      contains_negative_pledge: rng.chance(0.5),
      floating_charge_covers_all: false,
    };
  }
  if (property && rng.chance(0.65)) {
    const place = makeAddress(rng, TOWNS_BY_JURISDICTION[plan.jurisdiction].pick(rng));
    const tenure = rng.chance(0.75) ? 'freehold' : 'leasehold';
    const title =
      plan.jurisdiction === 'scotland'
        ? `${rng.pick(['MID', 'GLA', 'ABN', 'REN', 'FFE'])}${rng.between(1000, 250000)}`
        : `${rng.pick(['WYK', 'LN', 'MAN', 'BL', 'SY', 'HP', 'GR', 'NGL', 'AGL', 'TGL', 'CYM', 'DN', 'SGL', 'EGL', 'MS', 'WM'])}${rng.between(1000, 999999)}`;
    return {
      classification_description: modern ? 'A registered charge' : rng.pick(['Legal charge', 'Legal mortgage', 'Standard security']),
      particulars_type: 'brief-description',
      particulars_description:
        plan.jurisdiction === 'scotland'
          ? `All and whole the subjects known as ${oneLine(place)} being the subjects registered in the Land Register of Scotland under title number ${title}.`
          : `The ${tenure} property known as ${oneLine(place)} registered at HM Land Registry with title number ${title}.`,
      contains_fixed_charge: true,
      contains_floating_charge: false,
      contains_negative_pledge: rng.chance(0.8),
      floating_charge_covers_all: false,
    };
  }
  if (!modern) {
    return {
      classification_description: rng.pick(LEGACY_CLASSIFICATIONS),
      particulars_type: 'short-particulars',
      particulars_description:
        'Fixed and floating charges over the undertaking and all property and assets present and future including goodwill bookdebts uncalled capital buildings fixtures fixed plant and machinery.',
      contains_fixed_charge: true,
      contains_floating_charge: true,
      contains_negative_pledge: false,
      floating_charge_covers_all: true,
    };
  }
  const covers = rng.chance(0.85);
  return {
    classification_description: 'A registered charge',
    particulars_type: 'brief-description',
    particulars_description:
      ['software', 'creative', 'professional', 'engineering'].includes(plan.sector.id) && rng.chance(0.3)
        ? `${rng.pick(['Intellectual property', 'All registered trade marks', 'The patents and patent applications'])} of the company as specified in the instrument.`
        : null,
    contains_fixed_charge: true,
    contains_floating_charge: covers || rng.chance(0.5),
    contains_negative_pledge: rng.chance(0.85),
    floating_charge_covers_all: covers,
  };
}

/** The lenders of a company, each charge's terms and life, and its MR01/MR04 (MG01/MG02) filings. */
export function chargesFor(plan: CompanyPlan, rng: Rng): ChargeResult {
  const count = chargeCount(rng, plan);
  const plans: ChargePlan[] = [];
  const stop = plan.dissolved ?? plan.ref;
  const life = stop - plan.incorporated;
  if (count === 0 || life < 60) return { charges: [], events: [], securedAt: () => false };

  const created: Day[] = [];
  for (let k = 0; k < count; k++) {
    // Borrowing skews to the recent years of a company's life.
    const u = plan.suggested && k < 2 ? 0.96 + rng.next() * 0.035 : 1 - Math.pow(rng.next(), 1.6);
    created.push(plan.incorporated + 20 + Math.floor(u * (life - 40)));
  }
  created.sort((a, b) => a - b);
  const insolvent = plan.status !== 'Active' && plan.status !== 'Active - Proposal to Strike off' && plan.status !== 'Dissolved';

  const events: FilingEvent[] = [];
  created.forEach((on, k) => {
    const chargeNumber = k + 1;
    const lender = plan.suggested
      ? lenderNamed(plan.suggested.lenders[k % plan.suggested.lenders.length])
      : LENDERS[plan.sector.lenders.pick(rng)].pick(rng);
    const delivered = Math.min(on + rng.between(1, 21), stop);
    const modern = on >= MR01_ERA;
    const code = modern ? `${plan.number}${String(chargeNumber).padStart(4, '0')}` : null;
    // Older charges have mostly been repaid; an insolvent company's lenders are still owed.
    const ageYears = (plan.ref - on) / 365.25;
    let status = 'outstanding';
    let satisfied: Day | null = null;
    const pSatisfied = plan.status === 'Dissolved' ? 0.9 : insolvent ? 0.15 : Math.min(0.88, ageYears / 11);
    const roll = rng.next();
    if (plan.suggested) status = k === 0 || k === 2 ? 'fully-satisfied' : k === 1 ? 'part-satisfied' : 'outstanding';
    else if (roll < pSatisfied) status = 'fully-satisfied';
    else if (roll < pSatisfied + 0.04) status = 'part-satisfied';
    if (status !== 'outstanding') {
      satisfied = Math.min(stop - 1, delivered + rng.between(60, Math.max(61, Math.min(stop - delivered - 2, 365 * 8))));
      if (satisfied <= delivered) {
        status = 'outstanding';
        satisfied = null;
      }
    }
    const persons = [filedName(rng, lender)];
    if (rng.chance(0.05)) persons.push(filedName(rng, LENDERS.clearing.pick(rng)));
    const terms = particulars(rng, plan, lender, on);

    const create: FilingEvent = modern
      ? {
          on,
          filed: delivered,
          category: 'mortgage',
          type: plan.form === 'llp' ? 'LLMR01' : 'MR01',
          description:
            plan.form === 'llp'
              ? 'mortgage-create-with-deed-with-charge-number-charge-creation-date-limited-liability-partnership'
              : 'mortgage-create-with-deed-with-charge-number-charge-creation-date',
          description_values: { charge_number: code, charge_creation_date: isoDay(on) },
          pages: rng.between(12, 60),
        }
      : {
          on,
          filed: delivered,
          category: 'mortgage',
          type: on >= dayOf('2009-10-01') ? 'MG01' : '395',
          description: 'legacy',
          description_values: { description: `Particulars of a mortgage or charge / charge no: ${chargeNumber}` },
          pages: rng.between(4, 12),
          paperFiled: true,
        };
    const chargeEvents = [create];
    if (satisfied !== null) {
      const part = status === 'part-satisfied';
      chargeEvents.push(
        modern || satisfied >= MR01_ERA
          ? {
              on: satisfied,
              filed: satisfied,
              category: 'mortgage',
              type: part ? 'MR05' : 'MR04',
              description: part ? 'mortgage-charge-part-release-with-charge-number' : 'mortgage-satisfy-charge-full',
              description_values: { charge_number: code ?? String(chargeNumber) },
              pages: 1,
            }
          : {
              on: satisfied,
              filed: satisfied,
              category: 'mortgage',
              type: 'MG02',
              description: 'legacy',
              description_values: {
                description: `Declaration of satisfaction of mortgage/charge ${part ? 'in part' : 'in full'} / charge no: ${chargeNumber}`,
              },
              pages: 2,
              paperFiled: true,
            },
      );
    }
    events.push(...chargeEvents);
    const row: ChargeRow = {
      charge_id: rng.base64url(27),
      company_number: plan.number,
      charge_number: chargeNumber,
      charge_code: code,
      status,
      created_on: isoDay(on),
      delivered_on: isoDay(delivered),
      satisfied_on: satisfied === null ? null : isoDay(satisfied),
      acquired_on: null,
      classification_type: 'charge-description',
      persons_entitled: persons,
      etag: rng.hex(40),
      ...terms,
    };
    plans.push({ row, lender, created: on, status, satisfied, events: chargeEvents });
  });
  return {
    charges: plans,
    events,
    securedAt: (day) => plans.some((c) => c.created <= day && (c.satisfied === null || c.satisfied > day)),
  };
}

const ALL_LENDERS = Object.values(LENDERS).flatMap((w) => w.items);

function lenderNamed(name: string): Lender {
  const lender = ALL_LENDERS.find((l) => l.name === name);
  if (!lender) throw new Error(`no lender ${name}`);
  return lender;
}

/** After the filings have transaction ids: each charge's transactions link to its filings. */
export function linkTransactions(plan: CompanyPlan, charges: ChargePlan[]): void {
  for (const charge of charges) {
    charge.row.transactions = charge.events
      .filter((e) => e.transactionId)
      .map((e, i) => ({
        filing_type:
          i === 0 ? 'create-charge-with-deed' : charge.status === 'part-satisfied' ? 'charge-part-release' : 'charge-satisfaction',
        delivered_on: isoDay(e.filed),
        links: { filing: `/company/${plan.number}/filing-history/${e.transactionId}` },
      }));
  }
}
