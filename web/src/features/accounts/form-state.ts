/**
 * State of the account forms (spec 1 sections 4 and 5): values, the error shown (the first failing
 * check, beside its field, or a general one), and the submitting flag. Editing a field clears its
 * error and the general error. Pure, so the rules are tested without a browser.
 */
import { ACCOUNT_MESSAGES } from '@credence/shared';

export type AccountField = 'email' | 'full_name' | 'company_name' | 'password' | 'confirm_password';

const FIELD_OF_MESSAGE: ReadonlyMap<string, AccountField> = new Map<string, AccountField>([
  [ACCOUNT_MESSAGES.invalidEmail, 'email'],
  [ACCOUNT_MESSAGES.emailRequired, 'email'],
  [ACCOUNT_MESSAGES.emailTaken, 'email'],
  [ACCOUNT_MESSAGES.fullNameRequired, 'full_name'],
  [ACCOUNT_MESSAGES.companyNameRequired, 'company_name'],
  [ACCOUNT_MESSAGES.passwordTooShort, 'password'],
  [ACCOUNT_MESSAGES.passwordTooLong, 'password'],
  [ACCOUNT_MESSAGES.passwordTooCommon, 'password'],
  [ACCOUNT_MESSAGES.passwordRequired, 'password'],
  [ACCOUNT_MESSAGES.passwordsDontMatch, 'confirm_password'],
  [ACCOUNT_MESSAGES.resetPasswordsDontMatch, 'confirm_password'],
]);

/** The field a rule's message is about, or null for a message about the whole form. */
export function fieldOfMessage(message: string): AccountField | null {
  return FIELD_OF_MESSAGE.get(message) ?? null;
}

export interface FormState<F extends string> {
  values: Record<F, string>;
  fieldErrors: Partial<Record<F, string>>;
  generalError: string | null;
  submitting: boolean;
}

export type FormAction<F extends string> =
  | { type: 'edit'; field: F; value: string }
  | { type: 'submit' }
  /** A failed check or call: beside its field when it is about one, else general. */
  | { type: 'fail'; message: string; field?: F | null; clear?: F[] }
  | { type: 'done'; clear?: F[] };

export function initialFormState<F extends string>(values: Record<F, string>): FormState<F> {
  return { values, fieldErrors: {}, generalError: null, submitting: false };
}

function cleared<F extends string>(values: Record<F, string>, fields: F[] | undefined): Record<F, string> {
  if (!fields || fields.length === 0) return values;
  const next = { ...values };
  for (const field of fields) next[field] = '';
  return next;
}

export function formReducer<F extends string>(state: FormState<F>, action: FormAction<F>): FormState<F> {
  switch (action.type) {
    case 'edit': {
      const fieldErrors = { ...state.fieldErrors };
      delete fieldErrors[action.field];
      return { ...state, values: { ...state.values, [action.field]: action.value }, fieldErrors, generalError: null };
    }
    case 'submit':
      return { ...state, fieldErrors: {}, generalError: null, submitting: true };
    case 'fail': {
      const field = action.field === undefined ? (fieldOfMessage(action.message) as F | null) : action.field;
      const known = field !== null && field in state.values;
      return {
        ...state,
        values: cleared(state.values, action.clear),
        submitting: false,
        fieldErrors: known ? ({ [field as F]: action.message } as Partial<Record<F, string>>) : {},
        generalError: known ? null : action.message,
      };
    }
    case 'done':
      return { ...state, values: cleared(state.values, action.clear), submitting: false };
  }
}
