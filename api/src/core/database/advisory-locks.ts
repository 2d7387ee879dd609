/**
 * Every PostgreSQL advisory lock the API takes, in one place: the ids are cluster-wide numbers, so
 * two features that picked the same one would block each other (the US sample generation and the
 * derived-table refresh once shared 7_364_023).
 */
export const ADVISORY_LOCKS = {
  migrations: 7_364_021,
  firstStart: 7_364_022,
  derivedTablesRefresh: 7_364_023,
  usSample: 7_364_024,
  /** Held from an alerts insert to its commit: alert ids become visible in increasing order (alerts.service.ts follows by id). */
  alertsOrder: 7_364_025,
} as const;
