/**
 * Filing descriptions in words. Companies House sends a key ("appoint-person-director-company-
 * with-name-date") and values; its own service words them from templates like these (the
 * filing_history_descriptions of its api-enumerations). Unknown keys are worded from the key.
 */
const TEMPLATES: Record<string, string> = {
  'accounts-with-accounts-type-full': 'Full accounts made up to {made_up_date}',
  'accounts-with-accounts-type-small': 'Accounts for a small company made up to {made_up_date}',
  'accounts-with-accounts-type-micro-entity': 'Micro company accounts made up to {made_up_date}',
  'accounts-with-accounts-type-total-exemption-full': 'Total exemption full accounts made up to {made_up_date}',
  'accounts-with-accounts-type-dormant': 'Accounts for a dormant company made up to {made_up_date}',
  'accounts-with-accounts-type-group': "Group of companies' accounts made up to {made_up_date}",
  'accounts-with-accounts-type-medium': 'Accounts for a medium company made up to {made_up_date}',
  'accounts-with-accounts-type-unaudited-abridged': 'Unaudited abridged accounts made up to {made_up_date}',
  'confirmation-statement-with-updates': 'Confirmation statement made on {made_up_date} with updates',
  'confirmation-statement-with-no-updates': 'Confirmation statement made on {made_up_date} with no updates',
  'appoint-person-director-company-with-name-date': 'Appointment of {officer_name} as a director on {appointment_date}',
  'appoint-corporate-director-company-with-name-date': 'Appointment of {officer_name} as a director on {appointment_date}',
  'appoint-person-secretary-company-with-name-date': 'Appointment of {officer_name} as a secretary on {appointment_date}',
  'termination-director-company-with-name-termination-date':
    'Termination of appointment of {officer_name} as a director on {termination_date}',
  'termination-secretary-company-with-name-termination-date':
    'Termination of appointment of {officer_name} as a secretary on {termination_date}',
  'change-person-director-company-with-change-date': "Director's details changed for {officer_name} on {change_date}",
  'change-person-secretary-company-with-change-date': "Secretary's details changed for {officer_name} on {change_date}",
  'notification-of-a-person-with-significant-control':
    'Notification of {psc_name} as a person with significant control on {notification_date}',
  'notification-of-a-corporate-entity-with-significant-control':
    'Notification of {psc_name} as a person with significant control on {notification_date}',
  'notification-of-a-legal-person-with-significant-control':
    'Notification of {psc_name} as a person with significant control on {notification_date}',
  'change-to-a-person-with-significant-control': 'Change of details for {psc_name} as a person with significant control on {change_date}',
  'change-to-a-corporate-entity-with-significant-control':
    'Change of details for {psc_name} as a person with significant control on {change_date}',
  'cessation-of-a-person-with-significant-control': 'Cessation of {psc_name} as a person with significant control on {cessation_date}',
  'notification-of-a-person-with-significant-control-statement': 'Notification of a person with significant control statement',
  'withdrawal-of-a-person-with-significant-control-statement':
    'Withdrawal of a person with significant control statement on {withdrawal_date}',
  'capital-allotment-shares': 'Statement of capital following an allotment of shares on {date}',
  'capital-cancellation-shares': 'Statement of capital on {date}',
  'capital-return-purchase-own-shares': 'Purchase of own shares.',
  'capital-cancellation-treasury-shares-with-date-currency-capital-figure': 'Cancellation of shares held as treasury shares on {date}',
  'capital-consolidation-subdivision-shares': 'Consolidation, sub-division or conversion of shares on {date}',
  'capital-sub-division': 'Sub-division of shares on {date}',
  'capital-redenomination-shares': 'Redenomination of shares on {date}',
  'capital-statement-capital-company-with-date-currency-figure': 'Statement of capital on {date}',
  'mortgage-create-with-deed-with-charge-number-charge-creation-date':
    'Registration of charge {charge_number}, created on {charge_creation_date}',
  'mortgage-create-with-deed-with-charge-number': 'Registration of charge {charge_number}',
  'mortgage-satisfy-charge-full': 'Satisfaction of charge {charge_number} in full',
  'mortgage-satisfy-charge-part': 'Satisfaction of charge {charge_number} in part',
  'change-registered-office-address-company-with-date-old-address-new-address':
    'Registered office address changed from {old_address} to {new_address} on {change_date}',
  'incorporation-company': 'Incorporation',
  'change-of-name-by-resolution': 'Company name changed{new_company_name_suffix}',
  'gazette-notice-compulsory': 'First Gazette notice for compulsory strike-off',
  'gazette-dissolved-compulsory': 'Final Gazette dissolved via compulsory strike-off',
  'gazette-notice-voluntary': 'First Gazette notice for voluntary strike-off',
  'gazette-dissolved-voluntary': 'Final Gazette dissolved via voluntary strike-off',
  resolution: 'Resolutions',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2024-03-01" → "1 March 2024" (Companies House's own wording); anything else unchanged. */
export function longDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month} ${match[1]}` : value;
}

function wordsFromKey(key: string): string {
  const text = key.replace(/-/g, ' ').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

/** The description of a filing in words, from its key and values. */
export function describeFiling(description: string, values: Record<string, unknown> = {}): string {
  if (typeof values.description === 'string' && (description === 'legacy' || !TEMPLATES[description])) return values.description;
  const template = TEMPLATES[description];
  if (!template) return wordsFromKey(description);
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'new_company_name_suffix') return typeof values.new_company_name === 'string' ? ` to ${values.new_company_name}` : '';
    const value = values[name];
    if (value === undefined || value === null || value === '') return '';
    return /date$/.test(name) ? longDate(String(value)) : String(value);
  });
  // A missing value leaves "on " or "of  as": tidy the words around the gap.
  return filled
    .replace(/\s+on\s*$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
