/**
 * Pricing and free-trial (contact sales) forms, spec 1 section 5: every field is checked at once
 * and each failing field carries its own message. Help requests: spec 2 section 5.
 */
import { isValidEmail } from './accounts.js';

export const SALES_MESSAGES = {
  fullNameRequired: 'Full Name is required',
  emailRequired: 'Business Email is required',
  emailInvalid: 'Please enter a valid business email',
  companyNameRequired: 'Company Name is required',
  jobRoleRequired: 'Job Role is required',
  salesDuplicate: 'A request with this email has already been submitted.',
  pricingDuplicate: 'A request with this e-mail might already exist',
  salesSubmitted: 'Thank you! Your free trial request has been submitted.',
  pricingSubmitted: 'Thank you! Your pricing request has been submitted. A team member will reach out soon.',
} as const;

export interface SalesFormInput {
  full_name?: unknown;
  email?: unknown;
  company_name?: unknown;
  job_role?: unknown;
}

export type SalesFormErrors = Partial<Record<'full_name' | 'email' | 'company_name' | 'job_role', string>>;

function blank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

export function salesFormErrors(input: SalesFormInput): SalesFormErrors {
  const errors: SalesFormErrors = {};
  if (blank(input.full_name)) errors.full_name = SALES_MESSAGES.fullNameRequired;
  if (blank(input.email)) errors.email = SALES_MESSAGES.emailRequired;
  else if (!isValidEmail(input.email)) errors.email = SALES_MESSAGES.emailInvalid;
  if (blank(input.company_name)) errors.company_name = SALES_MESSAGES.companyNameRequired;
  if (blank(input.job_role)) errors.job_role = SALES_MESSAGES.jobRoleRequired;
  return errors;
}

export const HELP_REQUEST_TYPES = ['companies', 'feature', 'feedback'] as const;
export type HelpRequestType = (typeof HELP_REQUEST_TYPES)[number];

/** Most companies one help request may ask for (a request with 12,000 rows was once stored). */
export const HELP_MAX_COMPANIES = 500;

export const HELP_MESSAGES = {
  tooManyCompanies: `companies: at most ${HELP_MAX_COMPANIES} companies in one request; send the rest in another`,
  companyNumberRequired: 'Company number is required for every company',
  companyNameRequired: 'Company name is required for every company',
  companiesRequired: 'Add at least one company to request',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  typeInvalid: `type must be one of ${HELP_REQUEST_TYPES.join(', ')}`,
  nothingToSend: 'Fill in the companies, the feature request or the feedback before sending',
  submitted: 'Thank you! Your request has been submitted.',
} as const;

export interface HelpRequestInput {
  type?: unknown;
  companies?: { number?: unknown; name?: unknown }[];
  feature?: { subject?: unknown; message?: unknown };
  feedback?: { subject?: unknown; message?: unknown };
}

/** The first problem of a help request, or null. Only the parts present are checked. */
export function helpRequestError(input: HelpRequestInput): string | null {
  if (input.type !== undefined && !HELP_REQUEST_TYPES.includes(input.type as HelpRequestType)) return HELP_MESSAGES.typeInvalid;
  if (!input.companies && !input.feature && !input.feedback) return HELP_MESSAGES.nothingToSend;
  if (input.companies) {
    if (input.companies.length === 0) return HELP_MESSAGES.companiesRequired;
    if (input.companies.length > HELP_MAX_COMPANIES) return HELP_MESSAGES.tooManyCompanies;
    for (const company of input.companies) {
      if (blank(company.number)) return HELP_MESSAGES.companyNumberRequired;
      if (blank(company.name)) return HELP_MESSAGES.companyNameRequired;
    }
  }
  for (const part of [input.feature, input.feedback]) {
    if (!part) continue;
    if (blank(part.subject)) return HELP_MESSAGES.subjectRequired;
    if (blank(part.message)) return HELP_MESSAGES.messageRequired;
  }
  return null;
}

/** The type sent is the first of companies, feature, feedback present; companies by default. */
export function helpRequestType(input: HelpRequestInput): HelpRequestType {
  if (input.companies) return 'companies';
  if (input.feature) return 'feature';
  if (input.feedback) return 'feedback';
  return 'companies';
}
