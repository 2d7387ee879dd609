import { describe, it } from 'node:test';
import { expect } from 'expect';
import {
  identityVerificationFindingText,
  identityVerificationState,
  identityVerificationSummary,
  identityVerificationSummaryText,
} from './identity-verification.js';

const today = '2026-11-29';
const VERIFIED = {
  appointment_verification_start_on: '2025-12-03',
  identity_verified_on: '2025-12-01',
  authorised_corporate_service_provider_name: 'Rapid Formations Ltd',
};

describe('identity verification in words', () => {
  it('says when a verified person verified and through which provider', () => {
    expect(identityVerificationState(VERIFIED, today)).toMatchObject({
      state: 'verified',
      label: 'Identity verified',
      text: 'Verified 1 December 2025 via Rapid Formations Ltd',
      tone: 'good',
    });
    expect(identityVerificationState({ appointment_verification_start_on: '2025-12-03' }, today).text).toBe('Verified 3 December 2025');
  });

  it('gives the deadline while due and the date it passed when overdue', () => {
    expect(identityVerificationState({ appointment_verification_statement_due_on: '2026-12-14' }, today)).toMatchObject({
      state: 'due',
      text: 'Due by 14 December 2026',
      tone: 'warning',
    });
    expect(identityVerificationState({ appointment_verification_statement_due_on: '2026-11-14' }, today)).toMatchObject({
      state: 'overdue',
      label: 'Verification overdue',
      text: 'Overdue since 14 November 2026',
      tone: 'bad',
    });
    // The deadline day itself is still in time.
    expect(identityVerificationState({ appointment_verification_statement_due_on: today }, today).state).toBe('due');
  });

  it('names a removed statement, and says nothing is required when the register has no dates', () => {
    const ended = { appointment_verification_start_on: '2025-12-01', appointment_verification_end_on: '2026-02-01' };
    expect(identityVerificationState(ended, today)).toMatchObject({ state: 'ended', text: 'Verification statement removed', tone: 'bad' });
    expect(identityVerificationState({}, today)).toMatchObject({ state: 'unknown', text: 'Not yet required', tone: 'neutral' });
    expect(identityVerificationState(null, today)).toMatchObject({
      state: 'unknown',
      label: 'Not yet required',
      text: 'Not required or not on record',
    });
    // Dates that are not dates are not believed.
    expect(identityVerificationState({ appointment_verification_statement_due_on: '14/11/2026' }, today).state).toBe('unknown');
  });

  it('counts overdue people as a compliance finding with the record that says it', () => {
    const summary = identityVerificationSummary(
      [
        { name: 'Ann ONE', role: 'director', details: VERIFIED, source: '/company/01234567/officers' },
        { name: 'Bob TWO', role: 'director', details: { appointment_verification_statement_due_on: '2026-12-14' }, source: 'x' },
        {
          name: 'Cy THREE',
          role: 'individual-person-with-significant-control',
          details: { appointment_verification_statement_due_on: '2026-03-01' },
          source: '/company/01234567/persons-with-significant-control/individual/abc',
        },
        { name: 'Di FOUR', role: 'director', details: null, source: 'y' },
      ],
      today,
    );
    expect(summary.counts).toEqual({ verified: 1, due: 1, overdue: 1, ended: 0, unknown: 1 });
    expect(summary.overdue).toEqual([
      {
        name: 'Cy THREE',
        role: 'individual-person-with-significant-control',
        dueOn: '2026-03-01',
        text: 'Overdue since 1 March 2026',
        source: '/company/01234567/persons-with-significant-control/individual/abc',
      },
    ]);
    expect(identityVerificationSummaryText(summary)).toBe('1 verification overdue (1 due, 1 verified)');
    expect(identityVerificationFindingText(summary.overdue[0])).toBe('Cy THREE, individual PSC: Overdue since 1 March 2026');
    expect(identityVerificationSummaryText(identityVerificationSummary([], today))).toBe('No director or PSC verification on record');
    expect(identityVerificationSummaryText(null)).toBe('No director or PSC verification on record');
  });
});
