/** A command used wrongly: credence-admin prints the message and exits with 2. */
export class UsageError extends Error {}
