/**
 * Directors' and PSCs' identity verification (issue 29): the web's leadership line and compliance
 * card say what the terminal says for sample people in each state, from shared's one wording
 * (identityVerificationState); the overdue ones are a compliance finding with their record.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import {
  createCompanyOverviewViewModel,
  identityVerificationSummary,
  type IdentityVerificationDetails,
  type IdentityVerificationSummary,
} from '@credence/shared';
import { insights, overview, profile } from '@credence/shared/testing';
import { CompliancePanel } from '../../src/pages/uk/compliance-panel.tsx';
import { IdentityVerificationLine } from '../../src/pages/uk/leadership-panel.tsx';
import { cliModule, type Style } from '../support/cli-modules.ts';

interface IdvViewModule {
  identityVerificationCell(details: IdentityVerificationDetails | null | undefined, view: { now: Date; style: Style }): string;
  identityVerificationLines(summary: IdentityVerificationSummary | null | undefined, view: { width: number; style: Style }): string[];
}
const { identityVerificationCell, identityVerificationLines } = await cliModule<IdvViewModule>('commands/identity-verification-view.js');
const { PLAIN } = await cliModule<{ PLAIN: Style }>('output/text.js');

const render = (element: ReactElement) => renderToStaticMarkup(createElement(MemoryRouter, null, element));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const today = new Date().toISOString().slice(0, 10);
const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Sample people, one in each state. */
const PEOPLE: [string, IdentityVerificationDetails | null, RegExp][] = [
  [
    'VERIFIED, Vera',
    {
      appointment_verification_start_on: '2025-12-03',
      identity_verified_on: '2025-12-01',
      authorised_corporate_service_provider_name: 'Rapid Formations Ltd',
    },
    /^Verified 1 December 2025 via Rapid Formations Ltd$/,
  ],
  ['DUE, Dan', { appointment_verification_statement_due_on: shift(40) }, /^Due by \d+ \w+ \d{4}$/],
  ['OVERDUE, Olive', { appointment_verification_statement_due_on: shift(-40) }, /^Overdue since \d+ \w+ \d{4}$/],
  ['UNKNOWN, Una', null, /^Not required or not on record$/],
];

describe('identity verification in the web, as in the terminal', () => {
  it("words each sample person's state as the terminal does, in the tone of the state", () => {
    for (const [name, details, wording] of PEOPLE) {
      const html = render(createElement(IdentityVerificationLine, { details }));
      const web = text(html).replace(/^Identity verification: /, '');
      assert.match(web, wording, name);
      assert.equal(web, identityVerificationCell(details, { now: new Date(), style: PLAIN }), name);
    }
    assert.match(render(createElement(IdentityVerificationLine, { details: PEOPLE[2][1] })), /people__idv--bad/);
    assert.match(render(createElement(IdentityVerificationLine, { details: PEOPLE[0][1] })), /people__idv--good/);
  });

  it('shows overdue verifications in the compliance tracker with a link to each record, as the terminal lists them', () => {
    const summary = identityVerificationSummary(
      PEOPLE.map(([name, details]) => ({ name, role: 'director', details, source: `/company/01234567/officers` })),
      today,
    );
    const o = overview({
      company_profile: profile({ company_number: '01234567', company_name: 'ACME LTD' }),
      insights: { ...insights({}, new Date()), identity_verification: summary },
    });
    const model = createCompanyOverviewViewModel({ client: {} as never });
    const html = render(createElement(CompliancePanel, { model, overview: o }));
    assert.match(html, /data-testid="idv-finding"/);
    const card = text(html.slice(html.indexOf('data-testid="idv-finding"')));
    assert.match(card, /^[^]*?Identity Verification1 verification overdue \(1 due, 1 verified\)/);
    assert.match(card, /OVERDUE, Olive, director: Overdue since/);
    assert.match(html, /href="https:\/\/find-and-update\.company-information\.service\.gov\.uk\/company\/01234567\/officers"/);
    const terminal = identityVerificationLines(summary, { width: 100, style: PLAIN }).join('\n');
    assert.match(terminal, /1 verification overdue \(1 due, 1 verified\)/);
    assert.match(terminal, /• OVERDUE, Olive, director: Overdue since/);
  });
});
