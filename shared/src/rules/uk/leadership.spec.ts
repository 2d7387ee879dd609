import { describe, it } from 'node:test';
import { expect } from 'expect';
import { filterLeadershipEvents, leadershipInsights, pscList, sortLeadershipEvents } from './leadership.js';

const now = new Date('2024-03-15T09:00:00Z');

function filing(
  type: string,
  date: string,
  name: string,
  category = type.startsWith('PSC') ? 'persons-with-significant-control' : 'officers',
) {
  const nameKey = category === 'officers' ? 'officer_name' : 'psc_name';
  return { type, category, date, transaction_id: `${type}-${date}`, description_values: { [nameKey]: name } };
}

const filings = [
  filing('AP01', '2024-02-01', 'Mr Carl Young'),
  filing('AP01', '2023-06-01', 'Ann Lee'),
  filing('TM01', '2023-09-01', 'Bo Chan'),
  filing('TM01', '2023-10-01', 'Dr Dee Moss'),
  filing('TM01', '2023-11-01', 'Eve Park'),
  filing('CH01', '2023-12-01', 'Ann Lee'),
  filing('AP03', '2023-05-01', 'Sam Sec'),
  filing('AP02', '2023-07-15', 'Corp Director Ltd'),
  filing('PSC01', '2023-04-01', 'Zed Owner'),
  { ...filing('PSC07', '2024-01-10', 'Holdco Ltd'), description: 'cessation-of-a-relevant-legal-entity-with-significant-control' },
  filing('PSC08', '2023-08-08', ''),
  filing('AP01', '2022-01-01', 'Old Appointment'),
  { type: 'AA', category: 'accounts', date: '2024-01-01' },
];
const officers = [
  { name: 'Carl Young', officer_role: 'director' },
  { name: 'Ann Lee', officer_role: 'director' },
  { name: 'Sam Sec', officer_role: 'secretary' },
  { name: 'Bo Chan', officer_role: 'director', resigned_on: '2023-09-01' },
];
const pscs = {
  individuals: [{ name: 'Zed Owner' }],
  corporate_entities: [{ name: 'Holdco Ltd', ceased_on: '2024-01-10' }],
  statements: [{}],
};

describe('leadershipInsights (spec 2 section 2.6)', () => {
  const insights = leadershipInsights(filings, officers, pscs, now);

  it('counts director and secretary activity of the last 12 months only', () => {
    expect(insights.directorActivity).toMatchObject({
      appointments: 2,
      terminations: 3,
      changes: 1,
      secretaryAppointments: 1,
      secretaryTerminations: 0,
      otherOfficerEvents: 1,
      currentDirectors: 2,
    });
    expect(insights.directorActivity.events.map((event) => event.name)).not.toContain('Old Appointment');
  });

  it('derives the turnover signal from director appointments, terminations and current directors', () => {
    // 5 movements / 2 directors = 2.5 with 4+ movements: high
    expect(insights.turnover).toMatchObject({
      level: 'high',
      movements: 5,
      movementRatio: 2.5,
      netChangeRatio: -0.5,
      terminationRatio: 1.5,
      currentDirectors: 2,
    });
    expect(insights.turnover.helpText).toContain('0.75');
  });

  it('counts PSC activity by action and ceased kind', () => {
    expect(insights.pscActivity).toMatchObject({ notified: 1, changed: 0, ceased: 1, statementsFiled: 1, currentPscs: 1 });
    expect(insights.pscActivity.ceasedByKind).toEqual({ individual: 0, legal_entity: 1, other: 0, unknown: 0 });
  });

  it('spreads events over 12 monthly buckets', () => {
    expect(insights.buckets).toHaveLength(12);
    expect(insights.directorActivity.monthly.reduce((a, b) => a + b, 0)).toBe(8);
    expect(insights.pscActivity.monthly.reduce((a, b) => a + b, 0)).toBe(3);
    // 1 Feb falls in the bucket 15 Jan - 14 Feb; the last bucket (15 Feb - today) is empty
    expect(insights.directorActivity.monthly.slice(10)).toEqual([1, 0]);
  });

  it('gives the timeline newest first and the tab counts', () => {
    expect(insights.timeline).toHaveLength(11);
    expect(insights.timeline[0]).toMatchObject({ type: 'director_appointed', name: 'Carl Young' });
    expect(insights.tabs).toEqual({ active: 3, resigned: 1, pscs: 2 });
    expect(insights.hasFilings).toBe(true);
  });

  it('handles a company without officer data', () => {
    const empty = leadershipInsights([{ type: 'AA', category: 'accounts', date: '2024-01-01' }], null, null, now);
    expect(empty).toMatchObject({ hasFilings: false, timeline: [], tabs: { active: 0, resigned: 0, pscs: 0 } });
    expect(empty.turnover.level).toBe('n/a');
    const old = leadershipInsights([filing('AP01', '2020-01-01', 'X')], [], [], now);
    expect(old).toMatchObject({ hasFilings: true, timeline: [] });
  });
});

describe('pscList', () => {
  it('joins individuals, corporate entities and legal persons, not statements', () => {
    expect(
      pscList({ individuals: [{ name: 'a' }], corporate_entities: [{ name: 'b' }], legal_persons: [{ name: 'c' }], statements: [{}] }),
    ).toHaveLength(3);
    expect(pscList([{ name: 'a' }, { kind: 'persons-with-significant-control-statement' }])).toHaveLength(1);
    expect(pscList(undefined)).toEqual([]);
  });
});

describe('leadership timeline filter and sort', () => {
  const { timeline } = leadershipInsights(filings, officers, pscs, now);
  const names = (events: typeof timeline) => events.map((event) => event.name);

  it('filters All, Directors, Secretaries and PSCs', () => {
    expect(filterLeadershipEvents(timeline, 'all')).toHaveLength(11);
    expect(filterLeadershipEvents(timeline, 'directors')).toHaveLength(6);
    expect(names(filterLeadershipEvents(timeline, 'secretaries'))).toEqual(['Sam Sec']);
    expect(names(filterLeadershipEvents(timeline, 'pscs'))).toEqual(['Holdco Ltd', '', 'Zed Owner']);
  });

  it('sorts by date, newest first by default', () => {
    const sorted = sortLeadershipEvents(timeline);
    expect(sorted[0].name).toBe('Carl Young');
    expect(sorted[sorted.length - 1].name).toBe('Zed Owner');
    expect(sortLeadershipEvents(timeline, 'date', 'asc')[0].name).toBe('Zed Owner');
  });

  it('sorts by name or type either way, ties newest first', () => {
    const byName = names(sortLeadershipEvents(filterLeadershipEvents(timeline, 'directors'), 'name', 'asc'));
    expect(byName).toEqual(['Ann Lee', 'Ann Lee', 'Bo Chan', 'Carl Young', 'Dee Moss', 'Eve Park']);
    const ann = sortLeadershipEvents(timeline, 'name', 'asc').filter((event) => event.name === 'Ann Lee');
    expect(ann.map((event) => event.type)).toEqual(['director_changed', 'director_appointed']);
    expect(sortLeadershipEvents(timeline, 'name', 'desc')[0].name).toBe('Zed Owner');
    const byType = sortLeadershipEvents(timeline, 'type', 'asc').map((event) => event.label);
    expect(byType[0]).toBe('Director appointed');
    expect(byType[byType.length - 1]).toBe('Secretary appointed');
  });
});
