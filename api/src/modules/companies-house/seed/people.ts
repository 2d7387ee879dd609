/**
 * Officers (directors, secretaries, LLP members; a few corporate ones) with appointment and
 * resignation histories, and persons with significant control of every kind (individuals,
 * corporate entities, legal persons, statements), with the filings that record them: AP01, TM01,
 * CH01, AP03, TM02, CH03 (LLAP01, LLTM01, LLCH01 for LLPs) and PSC01-PSC09, each with Companies
 * House's description key and description_values.
 */
import { dayOf, isoDay, yearOf, type Day } from './dates.js';
import { lag } from './filings.js';
import { sampleVerification } from './identity-verification.js';
import { fullName, holdingName, personName, registerName, type PersonName } from './names.js';
import { Weighted, type Rng } from '../../../core/random.js';
import type { CompanyPlan, FilingEvent } from './types.js';
import type { OfficerRow, PscRow } from '../../../platform/register/rows.js';
// the word lists and tables are data, not code: data/people.json (loaded once, with the module)
import PEOPLE from './data/people.json' with { type: 'json' };

const NATIONALITIES = Weighted.of(PEOPLE.NATIONALITIES as [string, number][]);

const OCCUPATIONS: Record<string, readonly string[]> = PEOPLE.OCCUPATIONS;
const BOARD_ROLES = PEOPLE.BOARD_ROLES;

export interface Person {
  name: PersonName;
  nationality: string;
  birthMonth: number;
  birthYear: number;
  residence: string;
}

function person(rng: Rng, plan: CompanyPlan, appointed: Day): Person {
  const name = personName(rng);
  const age = rng.between(24, 66);
  const nationality = NATIONALITIES.pick(rng);
  const nation = plan.town.nation;
  return {
    name,
    nationality,
    birthMonth: rng.between(1, 12),
    birthYear: yearOf(appointed) - age,
    residence:
      nationality !== 'British' && rng.chance(0.06)
        ? rng.pick(['Ireland', 'France', 'United States', 'Spain', 'India', 'Germany'])
        : rng.chance(0.5)
          ? 'United Kingdom'
          : nation,
  };
}

interface Appointment {
  key: string;
  role: string;
  corporate: boolean;
  name: string;
  /** "Mr John Smith" in filings; the company name for corporate officers. */
  filingName: string;
  person: Person | null;
  appointed: Day;
  resigned: Day | null;
}

export interface OfficerResult {
  rows: OfficerRow[];
  events: FilingEvent[];
  /** Individual directors or members, for PSCs (owner-managers) and the accounts' directors' report. */
  people: { person: Person; appointed: Day; resigned: Day | null }[];
  /** Something changed that a confirmation statement reports ("with updates"). */
  updateDays: number[];
}

const NO_OFFICERS = new Set(['lp', 'society']);

/** Directors (or LLP members) and secretaries, each seat passed from holder to holder over the years. */
export function officersFor(plan: CompanyPlan, rng: Rng): OfficerResult {
  if (NO_OFFICERS.has(plan.form)) return { rows: [], events: [], people: [], updateDays: [] };
  const llp = plan.form === 'llp';
  const stop = plan.dissolved ?? plan.ref;
  const appointments: Appointment[] = [];
  const updateDays: number[] = [];

  let seats: number;
  if (plan.suggested) seats = plan.suggested.directors;
  else if (llp) seats = rng.between(2, plan.size === 'micro' ? 3 : 8);
  else if (plan.form === 'plc') seats = rng.between(4, 10);
  else {
    const r = rng.next();
    seats = {
      micro: r < 0.55 ? 1 : r < 0.9 ? 2 : 3,
      small: r < 0.3 ? 1 : r < 0.75 ? 2 : rng.between(3, 4),
      medium: rng.between(2, 6),
      large: rng.between(4, 10),
    }[plan.size];
  }
  const meanTenure = plan.size === 'micro' ? 6200 : plan.size === 'small' ? 4200 : 2800;

  const addSeat = (role: string, from: Day, corporateRate: number) => {
    // Seats of old companies are followed from the holder in office some 25-35 years ago.
    let start = Math.max(from, stop - 9131 - rng.int(3650));
    for (let holder = 0; holder < 12 && start < stop; holder++) {
      const corporate = rng.chance(corporateRate);
      const tenure = Math.round(rng.exponential(meanTenure)) + 60;
      const end = start + tenure;
      const resigned = end < stop ? end : null;
      const p = corporate ? null : person(rng, plan, start);
      const name = corporate ? holdingName(rng) : registerName(p!.name);
      appointments.push({
        key: rng.base64url(27),
        role: corporate ? `corporate-${role}` : role,
        corporate,
        name,
        filingName: corporate ? name : fullName(p!.name),
        person: p,
        appointed: start,
        resigned,
      });
      if (resigned === null) break;
      // The seat is taken again at once, or after a gap; sometimes it is left empty.
      if (plan.suggested || rng.chance(0.85)) start = resigned + (rng.chance(0.6) ? 0 : rng.between(1, 120));
      else break;
    }
  };

  for (let seat = 0; seat < seats; seat++) {
    const role = llp ? (seat < 2 ? 'llp-designated-member' : 'llp-member') : 'director';
    // Some seats were added as the business grew.
    const from =
      seat === 0 || rng.chance(0.6) ? plan.incorporated : plan.incorporated + rng.int(Math.max(1, stop - plan.incorporated - 30));
    addSeat(role, from, llp ? 0.04 : 0.015);
  }
  const secretary = plan.suggested ? plan.suggested.secretary : !llp && (plan.form === 'plc' || rng.chance(0.22));
  if (secretary) addSeat('secretary', plan.incorporated, plan.suggested ? 0 : 0.15);

  // Recent comings and goings, so that the last twelve months have activity for a good share.
  const current = appointments.filter((a) => a.resigned === null && a.role !== 'secretary' && a.role !== 'corporate-secretary');
  const recent = plan.suggested ? 1 : plan.status === 'Dissolved' ? 0 : plan.size === 'micro' ? 0.16 : 0.3;
  if (rng.chance(recent) && stop === plan.ref) {
    const on = plan.ref - rng.between(7, 330);
    if (on > plan.incorporated) {
      const p = person(rng, plan, on);
      appointments.push({
        key: rng.base64url(27),
        role: llp ? 'llp-member' : 'director',
        corporate: false,
        name: registerName(p.name),
        filingName: fullName(p.name),
        person: p,
        appointed: on,
        resigned: null,
      });
    }
  }
  if (current.length >= 2 && rng.chance(plan.suggested ? 1 : recent * 0.6) && stop === plan.ref) {
    const leaver = current[rng.int(current.length)];
    const on = plan.ref - rng.between(15, 300);
    if (on > leaver.appointed + 30) leaver.resigned = on;
  }

  // A live company has at least one director (a member for an LLP).
  if (plan.status !== 'Dissolved' && !appointments.some((a) => a.resigned === null && !a.role.includes('secretary'))) {
    const last = Math.max(plan.incorporated, ...appointments.map((a) => a.resigned ?? 0));
    const p = person(rng, plan, last);
    appointments.push({
      key: rng.base64url(27),
      role: llp ? 'llp-designated-member' : 'director',
      corporate: false,
      name: registerName(p.name),
      filingName: fullName(p.name),
      person: p,
      appointed: last,
      resigned: null,
    });
  }
  // Suggested companies' secretaries changed recently: AP03, TM02 (and CH03 below).
  if (plan.suggested && secretary) {
    const current = appointments.find((a) => a.role === 'secretary' && a.resigned === null);
    const on = plan.ref - rng.between(200, 330);
    if (current && on > current.appointed + 30) {
      current.resigned = on;
      const p = person(rng, plan, on);
      appointments.push({
        key: rng.base64url(27),
        role: 'secretary',
        corporate: false,
        name: registerName(p.name),
        filingName: fullName(p.name),
        person: p,
        appointed: on,
        resigned: null,
      });
    }
  }

  const rows: OfficerRow[] = [];
  const events: FilingEvent[] = [];
  const people: OfficerResult['people'] = [];
  // The register keeps every appointment; the sample keeps those of the last fifteen years.
  const horizon = plan.ref - 5479;
  for (const a of appointments) {
    if (a.resigned !== null && a.resigned < horizon) continue;
    const p = a.person;
    rows.push({
      company_number: plan.number,
      officer_key: a.key,
      name: a.name,
      officer_role: a.role,
      appointed_on: isoDay(a.appointed),
      resigned_on: a.resigned === null ? null : isoDay(a.resigned),
      nationality: p?.nationality ?? null,
      // Secretaries and LLP members have no occupation on the register.
      occupation:
        p && a.role === 'director'
          ? plan.size === 'large' || plan.form === 'plc'
            ? rng.pick(BOARD_ROLES)
            : rng.pick(OCCUPATIONS[plan.sector.id])
          : null,
      country_of_residence: p?.residence ?? null,
      birth_month: p?.birthMonth ?? null,
      birth_year: p?.birthYear ?? null,
      person_number: p ? rng.digits(12) : null,
      appointments_link: `/officers/${rng.base64url(27)}/appointments`,
      identity_verification: p && a.role === 'director' && a.resigned === null ? sampleVerification(a.key, a.appointed, plan.ref) : null,
    });
    if (p && (a.role === 'director' || a.role.startsWith('llp'))) people.push({ person: p, appointed: a.appointed, resigned: a.resigned });
    officerEvents(plan, rng, a, events, updateDays);
  }
  return { rows, events, people, updateDays };
}

function officerEvents(plan: CompanyPlan, rng: Rng, a: Appointment, events: FilingEvent[], updateDays: number[]): void {
  const llp = plan.form === 'llp';
  const secretary = a.role.includes('secretary');
  const stop = plan.dissolved ?? plan.ref;
  const kind = llp ? 'member' : secretary ? 'secretary' : 'director';
  const start = plan.windowStart;
  const corporate = a.corporate;
  // Officers named at incorporation are on the incorporation documents, not on AP01s.
  if (a.appointed > plan.incorporated + 7 && a.appointed >= start) {
    const filed = lag(rng, a.appointed, stop);
    events.push({
      on: a.appointed,
      filed,
      category: 'officers',
      subcategory: 'appointments',
      type: llp ? (corporate ? 'LLAP02' : 'LLAP01') : secretary ? (corporate ? 'AP04' : 'AP03') : corporate ? 'AP02' : 'AP01',
      description: llp
        ? `appoint-${corporate ? 'corporate' : 'person'}-member-limited-liability-partnership-with-appointment-date`
        : `appoint-${corporate ? 'corporate' : 'person'}-${kind}-company-with-name-date`,
      description_values: { officer_name: a.filingName, appointment_date: isoDay(a.appointed) },
      pages: rng.between(2, 3),
    });
    updateDays.push(a.appointed);
  }
  if (a.resigned !== null && a.resigned >= start) {
    events.push({
      on: a.resigned,
      filed: lag(rng, a.resigned, plan.ref),
      category: 'officers',
      subcategory: 'termination',
      type: llp ? 'LLTM01' : secretary ? 'TM02' : 'TM01',
      description: llp
        ? 'termination-member-limited-liability-partnership-with-name-termination-date'
        : `termination-${kind}-company-with-name-termination-date`,
      description_values: { officer_name: a.filingName, termination_date: isoDay(a.resigned) },
      pages: 1,
    });
    updateDays.push(a.resigned);
  }
  // Changes of details (address, name, nationality): a few per decade, more for suggested companies.
  const end = a.resigned ?? stop;
  const from = Math.max(a.appointed + 60, start);
  if (end > from && !corporate) {
    const changes =
      plan.suggested && secretary && a.resigned === null
        ? 1
        : Math.floor(rng.next() * 0.9 + ((end - from) / 365) * (plan.suggested ? 0.25 : 0.04));
    for (let c = 0; c < changes; c++) {
      const on = from + rng.int(end - from);
      events.push({
        on,
        filed: lag(rng, on, plan.ref),
        category: 'officers',
        subcategory: 'change',
        type: llp ? 'LLCH01' : secretary ? 'CH03' : 'CH01',
        description: llp
          ? 'change-person-member-limited-liability-partnership-with-name-change-date'
          : `change-person-${kind}-company-with-change-date`,
        description_values: { officer_name: a.filingName, change_date: isoDay(on) },
        pages: rng.between(1, 2),
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Persons with significant control: the register exists from 6 April 2016, so companies older
// than that notified theirs on that day; PSC filings are separate from 30 June 2016.

const PSC_REGIME = dayOf('2016-04-06');
const PSC_FILINGS = dayOf('2016-06-30');
const SLP_REGIME = dayOf('2017-06-26');

const KIND = {
  individual: 'individual-person-with-significant-control',
  corporate: 'corporate-entity-person-with-significant-control',
  legal: 'legal-person-person-with-significant-control',
  statement: 'persons-with-significant-control-statement',
} as const;

const PERSON_TYPE = { individual: 'individual', corporate: 'relevant legal entity', legal: 'other registrable person' } as const;
const NOTIFY_TYPE = { individual: 'PSC01', corporate: 'PSC02', legal: 'PSC03' } as const;
const CHANGE_TYPE = { individual: 'PSC04', corporate: 'PSC05', legal: 'PSC06' } as const;

const STATEMENTS = Weighted.of(PEOPLE.STATEMENTS as [string, number][]);

const LEGAL_PERSONS = PEOPLE.LEGAL_PERSONS;

type PscKind = keyof typeof KIND;

interface PscPlan {
  kind: PscKind;
  key: string;
  name: string | null;
  filingName: string | null;
  notified: Day;
  ceased: Day | null;
  natures: string[];
  person: Person | null;
  statement: string | null;
  identification: Record<string, string> | null;
  /** A scripted change of details (PSC04-06) on this day. */
  changeOn?: Day;
}

function natures(rng: Rng, plan: CompanyPlan, share: 'sole' | 'majority' | 'joint'): string[] {
  if (plan.form === 'llp') {
    const band = share === 'sole' ? '75-to-100-percent' : share === 'majority' ? '50-to-75-percent' : '25-to-50-percent';
    return [
      `right-to-share-surplus-assets-${band}-limited-liability-partnership`,
      `voting-rights-${band}-limited-liability-partnership`,
      ...(share !== 'joint' ? ['right-to-appoint-and-remove-members-limited-liability-partnership'] : []),
    ];
  }
  if (plan.form === 'guarantee' || plan.form === 'lp')
    return rng.chance(0.6)
      ? ['significant-influence-or-control']
      : ['right-to-appoint-and-remove-directors', 'significant-influence-or-control'];
  const band = share === 'sole' ? '75-to-100-percent' : share === 'majority' ? '50-to-75-percent' : '25-to-50-percent';
  return [`ownership-of-shares-${band}`, `voting-rights-${band}`, ...(share !== 'joint' ? ['right-to-appoint-and-remove-directors'] : [])];
}

export interface PscResult {
  rows: PscRow[];
  events: FilingEvent[];
  updateDays: number[];
}

export function pscsFor(plan: CompanyPlan, rng: Rng, officers: OfficerResult): PscResult {
  if (plan.form === 'society' || (plan.form === 'lp' && plan.jurisdiction !== 'scotland')) return { rows: [], events: [], updateDays: [] };
  const regime = plan.form === 'lp' ? SLP_REGIME : PSC_REGIME;
  const stop = plan.dissolved ?? plan.ref;
  const first = Math.max(plan.incorporated, regime);
  if (first >= stop) return { rows: [], events: [], updateDays: [] };
  const pscs: PscPlan[] = [];

  const individual = (on: Day, share: 'sole' | 'majority' | 'joint', from?: Person): PscPlan => {
    const p = from ?? person(rng, plan, on);
    return {
      kind: 'individual',
      key: rng.base64url(27),
      name: fullName(p.name),
      filingName: fullName(p.name),
      notified: on,
      ceased: null,
      natures: natures(rng, plan, share),
      person: p,
      statement: null,
      identification: null,
    };
  };
  const corporate = (on: Day): PscPlan => {
    const name = holdingName(rng);
    const registered =
      plan.jurisdiction === 'scotland' ? 'Scotland' : plan.jurisdiction === 'northern-ireland' ? 'Northern Ireland' : 'England';
    return {
      kind: 'corporate',
      key: rng.base64url(27),
      name,
      filingName: name,
      notified: on,
      ceased: null,
      natures: natures(rng, plan, 'sole'),
      person: null,
      statement: null,
      identification: {
        legal_authority: 'Companies Act 2006',
        legal_form: 'Private Limited Company',
        place_registered: 'Companies House',
        registration_number: String(rng.between(1_000_000, 15_999_999)).padStart(8, '0'),
        country_registered: registered,
      },
    };
  };
  const legal = (on: Day): PscPlan => {
    const lp = rng.pick(LEGAL_PERSONS);
    return {
      kind: 'legal',
      key: rng.base64url(27),
      name: lp.name,
      filingName: lp.name,
      notified: on,
      ceased: null,
      natures: ['significant-influence-or-control'],
      person: null,
      statement: null,
      identification: { legal_authority: lp.legal_authority, legal_form: lp.legal_form },
    };
  };
  const statement = (on: Day): PscPlan => ({
    kind: 'statement',
    key: rng.base64url(27),
    name: null,
    filingName: null,
    notified: on,
    ceased: null,
    natures: [],
    person: null,
    statement: STATEMENTS.pick(rng),
    identification: null,
  });

  const owners = officers.people.filter((o) => o.appointed <= first + 30 && (o.resigned === null || o.resigned > first));
  const roll = rng.next();
  if (plan.listed) {
    pscs.push(statement(first));
  } else if (plan.suggested?.sectorId === 'food' || (!plan.suggested && roll < 0.14)) {
    pscs.push(corporate(first));
  } else if (!plan.suggested && roll < 0.155) {
    pscs.push(legal(first));
  } else if (!plan.suggested && roll < 0.22) {
    pscs.push(statement(first));
  } else {
    const count = plan.suggested ? 2 : rng.chance(0.62) ? 1 : rng.chance(0.8) ? 2 : 3;
    for (let k = 0; k < count; k++) {
      const share = count === 1 ? 'sole' : k === 0 && count === 3 ? 'majority' : 'joint';
      pscs.push(individual(first, share, owners[k]?.person));
    }
  }

  if (plan.pscShowcase) showcase(plan, pscs, { individual, corporate, legal, statement }, first, stop);

  // Changes of control over the years: a sale, a new holding company, a statement withdrawn once
  // the person is identified; and changes of details. Some of them recent.
  const span = plan.pscShowcase ? 0 : stop - first;
  const changeRate = plan.suggested ? 1 : 0.14 + (span / 3650) * 0.1;
  if (span > 120 && rng.chance(changeRate)) {
    const on = plan.suggested
      ? plan.ref - rng.between(40, 300)
      : rng.chance(0.3)
        ? Math.max(first + 30, stop - rng.between(10, 360))
        : first + 30 + rng.int(span - 60);
    if (on < stop) {
      const outgoing = pscs.filter((p) => p.ceased === null);
      const into = plan.suggested ? 'individual' : rng.chance(0.6) ? 'individual' : rng.chance(0.75) ? 'corporate' : 'legal';
      if (plan.suggested) {
        // A new investor alongside the founders: one of them ceases, a new individual is notified.
        outgoing[outgoing.length - 1].ceased = on;
        pscs.push(individual(on, 'joint'));
      } else {
        for (const p of outgoing) p.ceased = on;
        pscs.push(into === 'individual' ? individual(on, 'sole') : into === 'corporate' ? corporate(on) : legal(on));
      }
    }
  }

  const rows: PscRow[] = [];
  const events: FilingEvent[] = [];
  const updateDays: number[] = [];
  for (const p of pscs) {
    rows.push(pscRow(plan, p));
    pscEvents(plan, rng, p, events, updateDays);
  }
  return { rows, events, updateDays };
}

/**
 * A scripted ownership history within the filing window with every PSC filing: a statement
 * (PSC08) withdrawn (PSC09) when a holding company is notified (PSC02), its details changed
 * (PSC05), an other registrable person notified (PSC03) and changed (PSC06), the holding
 * company ceasing (PSC07) for an individual (PSC01) whose details then change (PSC04).
 */
function showcase(
  plan: CompanyPlan,
  pscs: PscPlan[],
  make: {
    individual: (on: Day, share: 'sole' | 'majority' | 'joint') => PscPlan;
    corporate: (on: Day) => PscPlan;
    legal: (on: Day) => PscPlan;
    statement: (on: Day) => PscPlan;
  },
  first: Day,
  stop: Day,
): void {
  const from = Math.max(plan.windowStart, PSC_FILINGS, first) + 20;
  const span = stop - 20 - from;
  if (span < 160) return;
  const at = (share: number) => from + Math.round(span * share);
  for (const p of pscs) p.ceased = at(0.1);
  const statement = make.statement(at(0.1));
  statement.ceased = at(0.25);
  const holding = make.corporate(at(0.25));
  holding.changeOn = at(0.4);
  holding.ceased = at(0.75);
  const other = make.legal(at(0.5));
  other.changeOn = at(0.6);
  const owner = make.individual(at(0.75), 'majority');
  owner.changeOn = at(0.9);
  pscs.push(statement, holding, other, owner);
}

function pscRow(plan: CompanyPlan, p: PscPlan): PscRow {
  const self = `/company/${plan.number}/persons-with-significant-control${p.kind === 'statement' ? '-statements' : `/${p.kind === 'individual' ? 'individual' : p.kind === 'corporate' ? 'corporate-entity' : 'legal-person'}`}/${p.key}`;
  // The record as the API publishes it, less what the row's own columns already hold.
  const data: Record<string, unknown> = { kind: KIND[p.kind], links: { self } };
  if (p.person) {
    const n = p.person.name;
    const [forename, ...middle] = n.forenames.split(' ');
    data.name_elements = { title: n.title, forename, ...(middle.length ? { middle_name: middle.join(' ') } : {}), surname: n.surname };
    data.date_of_birth = { month: p.person.birthMonth, year: p.person.birthYear };
  }
  if (p.identification) data.identification = p.identification;
  // Individual PSCs verify as directors do (ECCTA): the register keeps it in the PSC's record.
  const idv = p.kind === 'individual' && p.ceased === null ? sampleVerification(p.key, p.notified, plan.ref) : null;
  if (idv) data.identity_verification_details = idv;
  return {
    company_number: plan.number,
    psc_key: p.key,
    kind: KIND[p.kind],
    name: p.name,
    notified_on: isoDay(p.notified),
    ceased_on: p.ceased === null ? null : isoDay(p.ceased),
    natures_of_control: p.natures,
    nationality: p.person?.nationality ?? null,
    country_of_residence: p.person?.residence ?? null,
    statement: p.statement,
    data,
  };
}

function pscEvents(plan: CompanyPlan, rng: Rng, p: PscPlan, events: FilingEvent[], updateDays: number[]): void {
  const start = Math.max(plan.windowStart, PSC_FILINGS);
  const stop = plan.dissolved ?? plan.ref;
  // The first PSCs of a company are on its incorporation documents (or its first confirmation statement).
  const notifiedByFiling = p.notified > plan.incorporated + 14 && p.notified > PSC_FILINGS;
  if (p.kind === 'statement') {
    if (notifiedByFiling && p.notified >= start) {
      events.push({
        on: p.notified,
        filed: lag(rng, p.notified, stop),
        category: 'persons-with-significant-control',
        subcategory: 'statements',
        type: 'PSC08',
        description: 'notification-of-a-person-with-significant-control-statement',
        description_values: { notification_date: isoDay(p.notified), statement: p.statement },
        pages: 1,
      });
    }
    if (p.ceased !== null && p.ceased >= start) {
      events.push({
        on: p.ceased,
        filed: lag(rng, p.ceased, plan.ref),
        category: 'persons-with-significant-control',
        subcategory: 'statements',
        type: 'PSC09',
        description: 'withdrawal-of-a-person-with-significant-control-statement',
        description_values: { withdrawal_date: isoDay(p.ceased) },
        pages: 1,
      });
    }
    return;
  }
  const personType = PERSON_TYPE[p.kind];
  if (notifiedByFiling && p.notified >= start) {
    events.push({
      on: p.notified,
      filed: lag(rng, p.notified, stop),
      category: 'persons-with-significant-control',
      subcategory: 'notifications',
      type: NOTIFY_TYPE[p.kind],
      description: 'notification-of-a-person-with-significant-control',
      description_values: { psc_name: p.filingName, notification_date: isoDay(p.notified), person_type: personType },
      pages: 2,
    });
    updateDays.push(p.notified);
  }
  if (p.ceased !== null && p.ceased >= start) {
    events.push({
      on: p.ceased,
      filed: lag(rng, p.ceased, plan.ref),
      category: 'persons-with-significant-control',
      subcategory: 'termination',
      type: 'PSC07',
      description: 'cessation-of-a-person-with-significant-control',
      description_values: { psc_name: p.filingName, cessation_date: isoDay(p.ceased), person_type: personType },
      pages: 1,
    });
    updateDays.push(p.ceased);
  }
  const end = p.ceased ?? stop;
  const from = Math.max(p.notified + 30, start);
  if (p.changeOn !== undefined || (end > from && !plan.pscShowcase && rng.chance(plan.suggested ? 0.8 : 0.07))) {
    const on = p.changeOn ?? (plan.suggested && end === plan.ref ? plan.ref - rng.between(20, 200) : from + rng.int(end - from));
    if (on > from || p.changeOn !== undefined) {
      events.push({
        on,
        filed: lag(rng, on, plan.ref),
        category: 'persons-with-significant-control',
        subcategory: 'change',
        type: CHANGE_TYPE[p.kind],
        description: 'change-to-a-person-with-significant-control',
        description_values: { psc_name: p.filingName, change_date: isoDay(on), person_type: personType },
        pages: 2,
      });
    }
  }
}
