import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { MAX_CIK, fileNameProblem, isValidEmail, parseCik } from '@credence/shared';
import { newPasswordError } from '../security/passwords.js';

/** The shared e-mail rule (the same one the web app and the terminal check). */
export function IsEmailAddress(message: string, options: ValidationOptions = {}) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isEmailAddress',
      target: target.constructor,
      propertyName: property,
      options: { ...options, message },
      validator: { validate: (value: unknown) => isValidEmail(value) },
    });
}

/** A non-blank string. */
export function IsFilled(message: string, options: ValidationOptions = {}) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isFilled',
      target: target.constructor,
      propertyName: property,
      options: { ...options, message },
      validator: { validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0 },
    });
}

const emailOf = (args?: ValidationArguments): string | undefined => {
  const email = (args?.object as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

/** A new password: the shared length rule, then not a common password nor the e-mail itself. */
export function IsNewPassword(options: ValidationOptions = {}) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isNewPassword',
      target: target.constructor,
      propertyName: property,
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => newPasswordError(value, emailOf(args)) === null,
        defaultMessage: (args?: ValidationArguments) => newPasswordError(args?.value, emailOf(args)) ?? '',
      },
    });
}

/** A file's name (the shared rule: no path, no control, invisible or text-direction character), the message naming `field`. */
export function IsFileName(field: string, options: ValidationOptions = {}) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isFileName',
      target: target.constructor,
      propertyName: property,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && fileNameProblem(field, value) === null,
        defaultMessage: (args?: ValidationArguments) =>
          typeof args?.value === 'string' ? (fileNameProblem(field, args.value) ?? '') : `${field} must be a file name`,
      },
    });
}

/**
 * An SEC CIK as a query or body field: digits (zero-padded or not) from 1 to MAX_CIK, the largest
 * our integer columns hold (the shared parseCik rule). `alsoTicker`: a ticker is accepted too.
 */
export function IsCik(field: string, options: { alsoTicker?: boolean } = {}) {
  const message = options.alsoTicker
    ? `${field} must be a CIK (digits, from 1 to ${MAX_CIK}) or a ticker such as AAPL or BRK-B`
    : `${field} must be an SEC CIK: digits from 1 to ${MAX_CIK} (up to 10 with leading zeros), such as 320193`;
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isCik',
      target: target.constructor,
      propertyName: property,
      options: { message },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          const text = value.trim();
          if (/^\d+$/.test(text)) return text.length <= 10 && parseCik(text) !== null;
          return options.alsoTicker === true && /^[A-Za-z0-9.-]{1,12}$/.test(text);
        },
      },
    });
}
