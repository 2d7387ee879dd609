import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** The first message of the first failing field, in the order the DTO declares its fields. */
export function firstValidationMessage(errors: ValidationError[], path = ''): string {
  for (const error of errors) {
    const field = path ? `${path}.${error.property}` : error.property;
    if (error.constraints) {
      if (error.constraints.whitelistValidation) return `Unknown field "${field}": remove it from the request.`;
      const messages = Object.values(error.constraints);
      return messages[messages.length - 1];
    }
    if (error.children?.length) return firstValidationMessage(error.children, field);
  }
  return 'The request is not valid.';
}

/** Whitelist every DTO, refuse unknown fields, and answer the spec's first message. */
export function createValidationPipe(options: { validateCustomDecorators?: boolean } = {}): ValidationPipe {
  return new ValidationPipe({
    ...options,
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstValidationMessage(errors)),
  });
}
