import { describe, it } from 'node:test';
import { expect } from 'expect';
import { classifyOfficerFiling, cleanOfficerName, currentDirectors, officerActivityEvents, pscCessationKind } from './officers.js';

const now = new Date('2024-03-15T09:00:00Z');

describe('cleanOfficerName (spec 2 section 2.6)', () => {
  it('removes each title at the start, any case, with or without a dot', () => {
    for (const title of ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Professor', 'MR', 'mrs.', 'Dr.', 'PROFESSOR']) {
      expect(cleanOfficerName(`${title} Jane Smith`)).toBe('Jane Smith');
    }
    expect(cleanOfficerName('Professor Dr Jane Smith')).toBe('Jane Smith');
  });

  it('keeps titles inside a name and names that merely start with the letters', () => {
    expect(cleanOfficerName('Drew Mrsa')).toBe('Drew Mrsa');
    expect(cleanOfficerName('Missy Elliott')).toBe('Missy Elliott');
    expect(cleanOfficerName('Jane Dr Smith')).toBe('Jane Dr Smith');
    expect(cleanOfficerName('SMITH, Jane, Mr')).toBe('SMITH, Jane, Mr');
  });

  it('collapses whitespace and reads officer_name, psc_name or name', () => {
    expect(cleanOfficerName('  Mr   John \n Smith ')).toBe('John Smith');
    expect(cleanOfficerName({ officer_name: 'Mr John Smith' })).toBe('John Smith');
    expect(cleanOfficerName({ officer_name: ' ', psc_name: 'Ms Ann Lee', name: 'x' })).toBe('Ann Lee');
    expect(cleanOfficerName({ name: 'Acme Holdings Ltd' })).toBe('Acme Holdings Ltd');
    expect(cleanOfficerName(null)).toBe('');
  });
});

describe('classifyOfficerFiling (spec 2 section 4)', () => {
  it('maps director, secretary and PSC types to their kinds', () => {
    const kinds = [
      'AP01',
      'TM01',
      'CH01',
      'AP03',
      'TM02',
      'CH03',
      'PSC01',
      'PSC04',
      'PSC02',
      'PSC05',
      'PSC03',
      'PSC06',
      'PSC08',
      'PSC09',
    ].map((type) => classifyOfficerFiling(type).kind);
    expect(kinds).toEqual([
      'director_appointed',
      'director_terminated',
      'director_changed',
      'secretary_appointed',
      'secretary_terminated',
      'secretary_changed',
      'psc_individual_notified',
      'psc_individual_changed',
      'psc_legal_entity_notified',
      'psc_legal_entity_changed',
      'psc_other_notified',
      'psc_other_changed',
      'psc_statement_filed',
      'psc_statement_withdrawn',
    ]);
    expect(classifyOfficerFiling('ap01')).toMatchObject({ role: 'director', action: 'appointed', label: 'Director appointed' });
    expect(classifyOfficerFiling('TM02')).toMatchObject({ role: 'secretary', action: 'terminated' });
  });

  it('reads the kind of a PSC07 cessation from its description, unknown if unclear', () => {
    expect(classifyOfficerFiling('PSC07', 'cessation-of-an-individual-with-significant-control')).toMatchObject({
      kind: 'psc_ceased',
      pscKind: 'individual',
      label: 'Individual PSC ceased',
    });
    expect(classifyOfficerFiling('PSC07', 'Cessation of a relevant legal entity').pscKind).toBe('legal_entity');
    expect(classifyOfficerFiling('PSC07', 'cessation of other registrable person').pscKind).toBe('other');
    expect(classifyOfficerFiling('PSC07', 'cessation-of-a-person-with-significant-control')).toMatchObject({
      pscKind: 'unknown',
      label: 'PSC ceased',
    });
    expect(pscCessationKind('individual or corporate')).toBe('unknown');
    expect(pscCessationKind(undefined)).toBe('unknown');
  });

  it('makes other types generic officer or PSC events by category', () => {
    expect(classifyOfficerFiling('AP02', null, 'officers')).toMatchObject({ kind: 'officer_event', role: 'officer' });
    expect(classifyOfficerFiling('XYZ', null, 'persons-with-significant-control')).toMatchObject({ kind: 'psc_event', role: 'psc' });
    expect(classifyOfficerFiling('PSC10')).toMatchObject({ kind: 'psc_event' });
    expect(classifyOfficerFiling(undefined)).toMatchObject({ kind: 'officer_event' });
  });
});

describe('officerActivityEvents', () => {
  const filings = [
    {
      type: 'AP01',
      category: 'officers',
      date: '2024-01-20',
      transaction_id: 't1',
      description_values: { officer_name: 'Mr John Smith', appointment_date: '2024-01-10' },
    },
    {
      type: 'TM01',
      category: 'officers',
      date: '2023-03-20',
      transaction_id: 't2',
      description_values: { officer_name: 'Ann Lee', termination_date: '2023-03-14' },
    },
    {
      type: 'TM01',
      category: 'officers',
      date: '2023-03-20',
      transaction_id: 't3',
      description_values: { officer_name: 'Bo Chan', termination_date: '2023-03-15' },
    },
    {
      type: 'PSC07',
      category: 'persons-with-significant-control',
      date: '2024-02-01',
      description: 'cessation-of-a-person-with-significant-control',
      description_values: { psc_name: 'Dr Eve Adams', cessation_date: '2024-02-01', person_type: 'individual' },
    },
    { type: 'AA', category: 'accounts', date: '2024-02-01' },
    { type: 'CH01', category: 'officers', date: 'bad', description_values: { officer_name: 'No Date' } },
  ];
  const events = officerActivityEvents(filings, now);

  it('keeps officer and PSC filings of the last 12 months, newest first', () => {
    expect(events.map((event) => event.transactionId)).toEqual([null, 't1', 't3']);
  });

  it('dates events by their effective date and cleans names', () => {
    expect(events[1]).toEqual({
      type: 'director_appointed',
      role: 'director',
      action: 'appointed',
      label: 'Director appointed',
      name: 'John Smith',
      dateMs: Date.UTC(2024, 0, 10),
      filingType: 'AP01',
      transactionId: 't1',
      icon: 'user-plus',
      color: 'green',
    });
    expect(events[2]).toMatchObject({ type: 'director_terminated', name: 'Bo Chan', icon: 'user-minus', color: 'red' });
  });

  it('reads the PSC07 kind from description and person_type', () => {
    expect(events[0]).toMatchObject({ type: 'psc_ceased', pscKind: 'individual', name: 'Eve Adams' });
  });

  it('uses the type code when a filing has no category', () => {
    expect(
      officerActivityEvents(
        [
          { type: 'AP03', date: '2024-03-01' },
          { type: 'SH01', date: '2024-03-01' },
        ],
        now,
      ).map((e) => e.type),
    ).toEqual(['secretary_appointed']);
  });
});

describe('currentDirectors', () => {
  it('keeps roles containing "director" without resigned_on', () => {
    const officers = [
      { name: 'A', officer_role: 'director' },
      { name: 'B', officer_role: 'Corporate-Director', resigned_on: null },
      { name: 'C', officer_role: 'director', resigned_on: '2020-01-01' },
      { name: 'D', officer_role: 'secretary' },
      { name: 'E', officer_role: null },
      { name: 'F', officer_role: 'nominee-director', resigned_on: '' },
    ];
    expect(currentDirectors(officers).map((o) => o.name)).toEqual(['A', 'B', 'F']);
  });
});
