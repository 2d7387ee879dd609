import { describe, it } from 'node:test';
import { expect } from 'expect';
import { HELP_MAX_COMPANIES, HELP_MESSAGES, helpRequestError, helpRequestType, salesFormErrors } from './sales-forms.js';

describe('salesFormErrors (pricing and free-trial forms: every field at once)', () => {
  it('reports each missing field with its own text', () => {
    expect(salesFormErrors({})).toEqual({
      full_name: 'Full Name is required',
      email: 'Business Email is required',
      company_name: 'Company Name is required',
      job_role: 'Job Role is required',
    });
  });

  it('distinguishes a missing from a malformed e-mail and accepts a complete form', () => {
    const form = { full_name: 'Ada', email: 'ada@', company_name: 'AE', job_role: 'CFO' };
    expect(salesFormErrors(form)).toEqual({ email: 'Please enter a valid business email' });
    expect(salesFormErrors({ ...form, email: 'ada@example.com' })).toEqual({});
    expect(salesFormErrors({ ...form, job_role: '  ' })).toEqual({
      email: 'Please enter a valid business email',
      job_role: 'Job Role is required',
    });
  });
});

describe('help requests (spec 2 section 5)', () => {
  it('requires number and name on every company row', () => {
    expect(
      helpRequestError({
        companies: [
          { number: '01234567', name: 'Acme' },
          { number: '', name: 'B' },
        ],
      }),
    ).toBe(HELP_MESSAGES.companyNumberRequired);
    expect(helpRequestError({ companies: [{ number: '01234567', name: ' ' }] })).toBe(HELP_MESSAGES.companyNameRequired);
    expect(helpRequestError({ companies: [] })).toBe(HELP_MESSAGES.companiesRequired);
    expect(helpRequestError({ companies: [{ number: '01234567', name: 'Acme' }] })).toBeNull();
  });

  it('caps the companies of one request at HELP_MAX_COMPANIES', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ number: String(i), name: `Company ${i}` }));
    expect(helpRequestError({ companies: rows(HELP_MAX_COMPANIES) })).toBeNull();
    expect(helpRequestError({ companies: rows(HELP_MAX_COMPANIES + 1) })).toBe(HELP_MESSAGES.tooManyCompanies);
    expect(HELP_MESSAGES.tooManyCompanies).toContain(String(HELP_MAX_COMPANIES));
  });

  it('requires subject and message on feature requests and feedback, and something to send', () => {
    expect(helpRequestError({ feature: { subject: 'Export', message: '' } })).toBe(HELP_MESSAGES.messageRequired);
    expect(helpRequestError({ feedback: { subject: '', message: 'Great' } })).toBe(HELP_MESSAGES.subjectRequired);
    expect(helpRequestError({})).toBe(HELP_MESSAGES.nothingToSend);
    expect(helpRequestError({ type: 'other', feature: { subject: 'a', message: 'b' } })).toBe(HELP_MESSAGES.typeInvalid);
  });

  it('sends the type of the first part present, companies by default', () => {
    expect(helpRequestType({ feedback: { subject: 'a', message: 'b' }, feature: { subject: 'a', message: 'b' } })).toBe('feature');
    expect(helpRequestType({ feedback: { subject: 'a', message: 'b' } })).toBe('feedback');
    expect(helpRequestType({ companies: [{ number: '1', name: 'A' }], feedback: { subject: 'a', message: 'b' } })).toBe('companies');
    expect(helpRequestType({})).toBe('companies');
  });
});
