import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ACCOUNT_MESSAGES, loginError, passwordLengthError, resetPasswordError, signupError } from './accounts.js';

const valid = { email: 'ada@example.com', full_name: 'Ada', company_name: 'AE', password: 'engine notes' };

describe('signupError (spec 1 section 5, first error shown)', () => {
  it('accepts a complete form', () => {
    expect(signupError(valid)).toBeNull();
  });

  it('checks e-mail, then full name, then company, then password, then confirmation', () => {
    const allWrong = { email: 'nope', full_name: '', company_name: '', password: 'short', confirm_password: 'x' };
    expect(signupError(allWrong)).toBe('Please enter a valid email');
    expect(signupError({ ...allWrong, email: valid.email })).toBe('Please enter your full name');
    expect(signupError({ ...allWrong, email: valid.email, full_name: 'Ada' })).toBe('Please enter your company name');
    expect(signupError({ ...valid, password: 'short', confirm_password: 'x' })).toBe('Please enter a password atleast 8 characters long!');
    expect(signupError({ ...valid, confirm_password: 'different' })).toBe("Passwords don't match!");
    expect(signupError({ ...valid, confirm_password: valid.password })).toBeNull();
  });

  it('treats blank text as missing and requires an address with a domain', () => {
    expect(signupError({ ...valid, full_name: '   ' })).toBe(ACCOUNT_MESSAGES.fullNameRequired);
    expect(signupError({ ...valid, email: 'ada@localhost' })).toBe(ACCOUNT_MESSAGES.invalidEmail);
    expect(signupError({ ...valid, email: 'ada @example.com' })).toBe(ACCOUNT_MESSAGES.invalidEmail);
    expect(signupError({ ...valid, email: undefined })).toBe(ACCOUNT_MESSAGES.invalidEmail);
  });
});

describe('passwordLengthError', () => {
  it('needs 8 to 128 characters, counting characters rather than UTF-16 units', () => {
    expect(passwordLengthError('1234567')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(passwordLengthError('12345678')).toBeNull();
    expect(passwordLengthError('x'.repeat(128))).toBeNull();
    expect(passwordLengthError('x'.repeat(129))).toBe(ACCOUNT_MESSAGES.passwordTooLong);
    expect(passwordLengthError('😀'.repeat(8))).toBeNull();
    expect(passwordLengthError('😀'.repeat(7))).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(passwordLengthError(undefined)).toBe(ACCOUNT_MESSAGES.passwordTooShort);
  });
});

describe('loginError and resetPasswordError', () => {
  it('asks for a valid e-mail and a password at sign-in', () => {
    expect(loginError({ email: 'x', password: 'p' })).toBe('Please enter a valid email');
    expect(loginError({ email: 'a@b.co', password: '' })).toBe('Please enter the password');
    expect(loginError({ email: 'a@b.co', password: 'p' })).toBeNull();
  });

  it('uses the reset form texts', () => {
    expect(resetPasswordError({ email: '', password: 'long enough' })).toBe('Email is required');
    expect(resetPasswordError({ email: 'a@b.co', password: 'long enough', confirm_password: 'other' })).toBe('Passwords do not match');
    expect(resetPasswordError({ email: 'a@b.co', password: 'short' })).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(resetPasswordError({ email: 'a@b.co', password: 'long enough', confirm_password: 'long enough' })).toBeNull();
  });
});
