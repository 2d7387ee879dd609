import { SetMetadata } from '@nestjs/common';
import type { Role } from '@credence/shared';

export const IS_PUBLIC = 'credence:public';
export const ROLES_KEY = 'credence:roles';

/** Routes are signed-in only unless marked public. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts a route to some roles; anyone else signed in gets 403. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
