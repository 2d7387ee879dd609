import { describe, it } from 'node:test';
import { expect } from 'expect';
import { identityVerificationSummary, type OfficersResponse, type OfficerView } from '@credence/shared';
import { complianceLines, officerListLines, pscLines, type View } from '../src/commands/company-view.js';
import { styleFor, textWidth } from '../src/output/text.js';
import { ACME_OFFICERS, ACME_OVERVIEW, NOW } from './support/explorer-fixtures.js';

const view = (width = 80, color = false): View => ({ width, tableWidth: width, style: styleFor(color), now: NOW });
const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');
const today = NOW.toISOString().slice(0, 10);

/** Sample people, one in each state, as the API answers them (the register's identity_verification_details). */
const base = ACME_OFFICERS.officers.data[0];
const person = (name: string, details: OfficerView['identity_verification_details']): OfficerView => ({
  ...base,
  name,
  identity_verification_details: details,
});
const PEOPLE: OfficersResponse = {
  officers: {
    data: [
      person('VERIFIED, Vera', {
        appointment_verification_start_on: '2025-12-03',
        identity_verified_on: '2025-12-01',
        authorised_corporate_service_provider_name: 'Rapid Formations Ltd',
      }),
      person('DUE, Dan', { appointment_verification_statement_due_on: '2099-03-14' }),
      person('OVERDUE, Olive', { appointment_verification_statement_due_on: '2026-01-14' }),
      person('UNKNOWN, Una', null),
    ],
  },
  psc: {
    ...ACME_OFFICERS.psc,
    individuals: [
      {
        ...ACME_OFFICERS.psc.individuals[0],
        name: 'Mr Peter Overdue',
        identity_verification_details: { appointment_verification_statement_due_on: '2026-02-01' },
      },
    ],
  },
};

describe('identity verification in the terminal', () => {
  it('shows each current director in leadership with the shared wording of their state', () => {
    const lines = officerListLines(PEOPLE, view(80)).map(plain);
    // The verification table follows the officers table: the last line naming the person.
    const row = (name: string) => lines.findLast((l) => l.includes(name)) ?? '';
    expect(lines.some((l) => /Identity verification/.test(l))).toBe(true);
    expect(row('VERIFIED, Vera')).toMatch(/Verified 1 December 2025 via Rapid Formations Ltd$/);
    expect(row('DUE, Dan')).toMatch(/Due by 14 March 2099$/);
    expect(row('OVERDUE, Olive')).toMatch(/Overdue since 14 January 2026$/);
    expect(row('UNKNOWN, Una')).toMatch(/Not required or not on record$/);
  });

  it('colours an overdue verification red and a verified one green', () => {
    const lines = officerListLines(PEOPLE, view(160, true));
    expect(lines.findLast((l) => l.includes('OVERDUE, Olive'))).toContain('\u001b[31mOverdue since 14 January 2026');
    expect(lines.findLast((l) => l.includes('VERIFIED, Vera'))).toContain('\u001b[32mVerified 1 December 2025');
  });

  it("shows a PSC's verification beside their control", () => {
    const lines = pscLines(null, PEOPLE, view(160)).map(plain);
    expect(lines.findLast((l) => l.includes('Mr Peter Overdue'))).toMatch(/Overdue since 1 February 2026$/);
  });

  it('counts overdue verifications as a compliance finding, each with its record, within 80 columns', () => {
    const summary = identityVerificationSummary(
      [
        ...PEOPLE.officers.data.map((o) => ({
          name: o.name,
          role: o.officer_role,
          details: o.identity_verification_details,
          source: '/company/01234567/officers',
        })),
        {
          name: 'Mr Peter Overdue',
          role: 'individual-person-with-significant-control',
          details: PEOPLE.psc.individuals[0].identity_verification_details,
          source: '/company/01234567/persons-with-significant-control/individual/abc123',
        },
      ],
      today,
    );
    for (const width of [80, 60]) {
      const lines = complianceLines(ACME_OVERVIEW.insights.confirmation_statement, view(width), { events: 0 }, summary).map(plain);
      for (const line of lines) expect({ line, fits: textWidth(line) <= width }).toEqual({ line, fits: true });
      const text = lines.join('\n').replace(/\n {4,}(?=\S)/g, ' ');
      expect(text).toMatch(/Identity verification\s+2 verifications overdue \(1 due, 1 verified\)/);
      expect(text).toContain('• OVERDUE, Olive, director: Overdue since 14 January 2026');
      expect(text).toContain('• Mr Peter Overdue, individual PSC: Overdue since 1 February 2026');
      // the record's address is wider than the terminal: said in words (the address is in --json)
      expect(text).toContain('  Record  Register: persons with significant control');
      expect(text).toContain('  Record  Register: officer appointments');
    }
    // A terminal wide enough shows the address whole, so that it stays clickable.
    const wide = complianceLines(ACME_OVERVIEW.insights.confirmation_statement, view(140), { events: 0 }, summary).map(plain);
    expect(wide).toContain(
      '  Record  https://find-and-update.company-information.service.gov.uk/company/01234567/persons-with-significant-control/individual/abc123',
    );
    // Without the finding (an older server), the section is as it was.
    expect(complianceLines(ACME_OVERVIEW.insights.confirmation_statement, view(), { events: 0 }).join('\n')).not.toMatch(/Identity/);
  });
});
