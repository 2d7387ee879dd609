import { HttpException, HttpStatus } from '@nestjs/common';

const DENIED = new Set(['UnauthorizedOperation', 'AccessDeniedException', 'AccessDenied', 'AuthFailure']);
const THROTTLED = new Set(['ThrottlingException', 'TooManyRequestsException', 'RequestLimitExceeded']);
const NOT_FOUND = new Set(['InvalidInstanceID.NotFound', 'InvalidInstanceID.Malformed']);

const plain = (status: number, error: string) => new HttpException({ status: 'error', error }, status);

/**
 * An EC2 or SSM failure as a plain state with a 4xx answer the client can act on, never a 500:
 * a missing IAM permission is "no permission: ec2:StartInstances" (424: the API's AWS role lacks
 * it), an instance in the wrong state 409, an unknown id 404, throttling 503, and anything else
 * AWS answered 502 with its code. `action` is the IAM action of the call (`ec2:StartInstances`).
 */
export function awsFailure(error: unknown, action: string, instance?: string): HttpException {
  if (error instanceof HttpException) return error;
  const name = (error as { name?: string })?.name ?? 'Error';
  const message = String((error as { message?: string })?.message ?? '').slice(0, 300);
  const which = instance ? ` ${instance}` : '';
  if (DENIED.has(name))
    return plain(
      HttpStatus.FAILED_DEPENDENCY,
      `no permission: ${action}. The API's AWS role may not do this${which ? ` on${which}` : ''}: add ${action} to its IAM policy (README, ops on AWS).`,
    );
  if (name === 'IncorrectInstanceState')
    return plain(HttpStatus.CONFLICT, `The instance${which} cannot do this in its current state: ${message}`);
  if (NOT_FOUND.has(name)) return plain(HttpStatus.NOT_FOUND, `No such instance${which}: ${message}`);
  if (THROTTLED.has(name)) return plain(HttpStatus.SERVICE_UNAVAILABLE, `AWS is throttling ${action} calls: try again in a few seconds.`);
  const answered = (error as { $metadata?: unknown })?.$metadata !== undefined;
  return plain(
    HttpStatus.BAD_GATEWAY,
    answered ? `AWS refused ${action}${which}: ${name}: ${message}` : `AWS could not be reached for ${action}: ${message || name}`,
  );
}
