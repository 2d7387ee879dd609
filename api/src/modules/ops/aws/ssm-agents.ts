import { DescribeInstanceInformationCommand, type SSMClient } from '@aws-sdk/client-ssm';
import type { SsmStatus } from '@credence/shared';

const PING: Record<string, SsmStatus> = { Online: 'online', ConnectionLost: 'connection lost', Inactive: 'inactive' };

/**
 * The SSM agent's ping of each instance (DescribeInstanceInformation, 50 ids a call): an id SSM
 * does not know is `not registered`; when SSM cannot be asked (no ssm:DescribeInstanceInformation,
 * throttled) every one is `unknown` and the instance list is still answered.
 */
export async function ssmStatuses(client: SSMClient, ids: string[]): Promise<Map<string, SsmStatus>> {
  const statuses = new Map<string, SsmStatus>(ids.map((id) => [id, 'not registered']));
  try {
    for (let i = 0; i < ids.length; i += 50) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new DescribeInstanceInformationCommand({
            Filters: [{ Key: 'InstanceIds', Values: ids.slice(i, i + 50) }],
            MaxResults: 50,
            NextToken: token,
          }),
        );
        for (const info of page.InstanceInformationList ?? [])
          if (info.InstanceId && statuses.has(info.InstanceId)) statuses.set(info.InstanceId, PING[info.PingStatus ?? ''] ?? 'unknown');
        token = page.NextToken;
      } while (token);
    }
  } catch {
    for (const id of ids) statuses.set(id, 'unknown');
  }
  return statuses;
}
