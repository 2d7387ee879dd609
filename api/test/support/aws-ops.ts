import { startAwsReplay, type AwsReplay, type FakeInstance } from './aws-replay-server.js';
import { startTestApi, type TestApi } from './test-api.js';

/** The managed instance of the aws-backend suites. */
export const PIPELINE = 'i-0a1b2c3d4e5f67890';

/**
 * The API on its aws backend: the real EC2 and SSM clients pointed at the recorded-format stand-in
 * (SendCommand runs the host script with `sh` here), fast polls for the tests.
 */
export async function startAwsOpsApi(
  instances: FakeInstance[],
  logs: string,
  env: Record<string, string> = {},
): Promise<{ t: TestApi; aws: AwsReplay }> {
  // The SDK's own credential chain reads these: static fake keys, signed requests to the local endpoint.
  process.env.AWS_ACCESS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
  process.env.AWS_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
  const aws = await startAwsReplay(instances);
  const t = await startTestApi({
    OPS_BACKEND: 'aws',
    AWS_ENDPOINT_URL: aws.url,
    OPS_LOG_DIRS: logs,
    OPS_SSM_POLL_MS: '20',
    OPS_AWS_WATCH_POLL_MS: '100',
    OPS_WATCH_LINGER_MS: '50',
    ...env,
  });
  return { t, aws };
}
