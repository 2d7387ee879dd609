import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { fileNameProblem, isValidEmail } from '@credence/shared';
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
