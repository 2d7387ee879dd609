/**
 * What a feature adds to the readiness answer without being a dependency (the Companies House
 * stream's lag and throughput): shown under `checks`, never a reason for 503, since a stream
 * that lags does not stop the process serving.
 */
export interface ReadinessReport {
  readonly name: string;
  /** Null: nothing to report (the feature is off), and the answer stays as it was. */
  report(): Promise<({ status: string } & Record<string, unknown>) | null>;
}

export const READINESS_REPORT = Symbol('READINESS_REPORT');
