import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { identityVerification, type IdentityVerificationDetails } from '@credence/shared';
import { upsertRows } from '../../src/modules/companies-house/store/company-store.js';
import { COMPANIES, OFFICERS } from '../../src/modules/companies-house/store/tables.js';
import { refreshScreenerViews } from '../../src/platform/register/views/refresh-views.js';
import { startTestContext, type TestContext } from '../support/test-context.js';

/**
 * The companies screener's identity-verification columns (issue 29 section 2), computed in SQL by
 * the migrated view, count what shared identityVerification() says of each current director:
 * "not verified" is due, overdue or statement removed; "overdue" is overdue. Resigned directors
 * and people the register says nothing of are not counted.
 */
const company = (company_number: string) => ({
  company_number,
  company_name: `IDV ${company_number} LTD`,
  company_status: 'Active',
  source: 'csv',
});
const OVERDUE: IdentityVerificationDetails = { appointment_verification_statement_due_on: '2026-01-15' };
const DUE: IdentityVerificationDetails = { appointment_verification_statement_due_on: '2999-01-01' };
const VERIFIED: IdentityVerificationDetails = {
  appointment_verification_start_on: '2025-12-01',
  identity_verified_on: '2025-11-30',
  authorised_corporate_service_provider_name: 'ACSP LTD',
};
const ENDED: IdentityVerificationDetails = {
  appointment_verification_start_on: '2025-12-01',
  appointment_verification_end_on: '2026-02-01',
};
const people: [string, IdentityVerificationDetails | null, string | null][] = [
  ['10000001', OVERDUE, null],
  ['10000001', OVERDUE, null],
  ['10000001', VERIFIED, null],
  ['10000001', OVERDUE, '2026-03-01'],
  ['10000002', DUE, null],
  ['10000002', ENDED, null],
  ['10000002', null, null],
];

describe("screener: directors' identity verification columns", () => {
  let t: TestContext;
  before(async () => {
    t = await startTestContext();
  });
  after(() => t.close());

  it('counts, per company, the directors not verified and those overdue as the shared rule reads them', async () => {
    await t.dataSource.transaction(async (m) => {
      await upsertRows(m, COMPANIES, ['10000001', '10000002', '10000003'].map(company));
      await upsertRows(
        m,
        OFFICERS,
        people.map(([company_number, details, resigned_on], n) => ({
          company_number,
          officer_key: `k${n}`,
          name: `DIRECTOR ${n}`,
          officer_role: 'director',
          resigned_on,
          identity_verification: details,
        })),
      );
    });
    await refreshScreenerViews(t.dataSource);
    const rows: { company_number: string; directors_unverified: number; directors_idv_overdue: number }[] = await t.dataSource.query(
      `SELECT company_number, directors_unverified, directors_idv_overdue FROM screener_companies WHERE company_number LIKE '1000000%' ORDER BY 1`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const expected = ['10000001', '10000002', '10000003'].map((number) => {
      const states = people
        .filter(([c, , resigned]) => c === number && resigned === null)
        .map(([, details]) => identityVerification(details, today)?.state);
      return {
        company_number: number,
        directors_unverified: states.filter((s) => s === 'due' || s === 'overdue' || s === 'ended').length,
        directors_idv_overdue: states.filter((s) => s === 'overdue').length,
      };
    });
    expect(rows).toEqual(expected);
    expect(rows.map((r) => [r.directors_unverified, r.directors_idv_overdue])).toEqual([
      [2, 2],
      [2, 0],
      [0, 0],
    ]);
  });
});
