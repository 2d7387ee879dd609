import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { SessionClaims } from '@credence/shared';

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionClaims => context.switchToHttp().getRequest().user,
);
