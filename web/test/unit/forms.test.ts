import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCOUNT_MESSAGES, loginError, resetPasswordError, signupError } from '@credence/shared';
import { fieldOfMessage, formReducer, initialFormState, type AccountField } from '../../src/features/accounts/form-state.ts';

type F = 'email' | 'password';
const start = () => initialFormState<F>({ email: 'ada@example.com', password: 'secret' });

describe('fieldOfMessage', () => {
  it('places every message of the shared account rules beside its field', () => {
    const cases: [Record<string, string>, AccountField][] = [
      [{ email: 'nope' }, 'email'],
      [{ email: 'a@b.co', full_name: ' ' }, 'full_name'],
      [{ email: 'a@b.co', full_name: 'A', company_name: '' }, 'company_name'],
      [{ email: 'a@b.co', full_name: 'A', company_name: 'C', password: 'short' }, 'password'],
      [{ email: 'a@b.co', full_name: 'A', company_name: 'C', password: 'long enough', confirm_password: 'other one' }, 'confirm_password'],
    ];
    for (const [input, field] of cases) assert.equal(fieldOfMessage(signupError(input)!), field, JSON.stringify(input));
    assert.equal(fieldOfMessage(loginError({ email: 'a@b.co', password: '' })!), 'password');
    assert.equal(fieldOfMessage(resetPasswordError({ email: '' })!), 'email');
    assert.equal(
      fieldOfMessage(resetPasswordError({ email: 'a@b.co', password: 'long enough', confirm_password: 'x' })!),
      'confirm_password',
    );
    assert.equal(fieldOfMessage(ACCOUNT_MESSAGES.passwordTooCommon), 'password', 'a server-side password check');
    assert.equal(fieldOfMessage(ACCOUNT_MESSAGES.emailTaken), 'email');
  });

  it('leaves messages about the whole form general', () => {
    assert.equal(fieldOfMessage(ACCOUNT_MESSAGES.invalidCredentials), null);
    assert.equal(fieldOfMessage(ACCOUNT_MESSAGES.underReview), null);
    assert.equal(fieldOfMessage('Something else'), null);
  });
});

describe('formReducer', () => {
  it('shows a failed check beside its field and stops submitting', () => {
    const state = formReducer(formReducer(start(), { type: 'submit' }), { type: 'fail', message: ACCOUNT_MESSAGES.passwordRequired });
    assert.deepEqual(state.fieldErrors, { password: ACCOUNT_MESSAGES.passwordRequired });
    assert.equal(state.generalError, null);
    assert.equal(state.submitting, false);
  });

  it('shows a message about no field of this form as a general error', () => {
    const state = formReducer(start(), { type: 'fail', message: ACCOUNT_MESSAGES.fullNameRequired });
    assert.deepEqual(state.fieldErrors, {});
    assert.equal(state.generalError, ACCOUNT_MESSAGES.fullNameRequired);
  });

  it('clears the given fields on failure (a failed sign-in clears the password)', () => {
    const state = formReducer(start(), { type: 'fail', message: ACCOUNT_MESSAGES.invalidCredentials, field: null, clear: ['password'] });
    assert.deepEqual(state.values, { email: 'ada@example.com', password: '' });
    assert.equal(state.generalError, ACCOUNT_MESSAGES.invalidCredentials);
  });

  it("editing a field clears its error and the general error, not another field's", () => {
    let state = formReducer(start(), { type: 'fail', message: ACCOUNT_MESSAGES.invalidEmail });
    state = { ...state, generalError: 'Server said no' };
    const other = formReducer(state, { type: 'edit', field: 'password', value: 'x' });
    assert.deepEqual(other.fieldErrors, { email: ACCOUNT_MESSAGES.invalidEmail });
    assert.equal(other.generalError, null);
    const same = formReducer(state, { type: 'edit', field: 'email', value: 'ada@example.org' });
    assert.deepEqual(same.fieldErrors, {});
    assert.equal(same.values.email, 'ada@example.org');
  });

  it('submitting clears earlier errors', () => {
    const failed = formReducer(start(), { type: 'fail', message: 'Nope', field: null });
    const state = formReducer(failed, { type: 'submit' });
    assert.equal(state.submitting, true);
    assert.equal(state.generalError, null);
  });
});
