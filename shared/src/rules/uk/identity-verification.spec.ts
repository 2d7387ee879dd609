import { describe, it } from 'node:test';
import { expect } from 'expect';
import { identityVerification } from './identity-verification.js';

describe('identity verification', () => {
  const today = '2026-11-29';
  it('is verified while a statement is on the register, naming the provider', () => {
    expect(
      identityVerification(
        {
          appointment_verification_start_on: '2025-11-20',
          identity_verified_on: '2025-11-19',
          authorised_corporate_service_provider_name: 'Acme Formations Ltd',
          anti_money_laundering_supervisory_bodies: ['HMRC'],
        },
        today,
      ),
    ).toEqual({ state: 'verified', verifiedOn: '2025-11-19', statementDate: null, dueOn: null, provider: 'Acme Formations Ltd' });
  });

  it('is due until the deadline, overdue after it, ended when the statement was removed, and absent when the register says nothing', () => {
    expect(
      identityVerification(
        { appointment_verification_statement_due_on: '2026-12-14', appointment_verification_statement_date: '2026-12-01' },
        today,
      ),
    ).toMatchObject({
      state: 'due',
      dueOn: '2026-12-14',
      statementDate: '2026-12-01',
      verifiedOn: null,
    });
    expect(identityVerification({ appointment_verification_statement_due_on: '2026-11-14' }, today)?.state).toBe('overdue');
    expect(
      identityVerification({ appointment_verification_start_on: '2025-12-01', appointment_verification_end_on: '2026-02-01' }, today)
        ?.state,
    ).toBe('ended');
    expect(identityVerification(null, today)).toBeNull();
  });
});
