import { Accounts1763769600000 } from './1763769600000-accounts.js';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Accounts1763769600000];
