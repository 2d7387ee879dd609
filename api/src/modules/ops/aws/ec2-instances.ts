import { ConflictException, NotFoundException } from '@nestjs/common';
import {
  DescribeInstancesCommand,
  DescribeInstanceStatusCommand,
  StartInstancesCommand,
  StopInstancesCommand,
  type EC2Client,
  type Instance,
} from '@aws-sdk/client-ec2';
import type { InstanceActionResponse, InstanceStatusResponse, OpsInstance } from '@credence/shared';

/** The EC2 name filter takes `*`, `?` and `\` as wildcards: a prefix is matched as written. */
export function nameFilter(prefix: string): string {
  return `${prefix.replace(/[\\*?]/g, '\\$&')}*`;
}

const nameOf = (instance: Instance) => instance.Tags?.find((tag) => tag.Key === 'Name')?.Value ?? '';

/**
 * The instances named with the prefix (large-pipeline- by default) in a region, the managed one
 * (OPS_AWS_INSTANCE_ID, else the first by name), its state with the instance and system checks,
 * and start and stop. An instance without the prefix is never answered nor acted on.
 */
export class Ec2Instances {
  constructor(
    private readonly clientFor: (region: string) => EC2Client,
    private readonly prefix: string,
    private readonly managedId: string | null,
  ) {}

  private async describe(region: string, ids?: string[]): Promise<Instance[]> {
    const found: Instance[] = [];
    let token: string | undefined;
    do {
      const page = await this.clientFor(region).send(
        new DescribeInstancesCommand({
          InstanceIds: ids,
          Filters: [{ Name: 'tag:Name', Values: [nameFilter(this.prefix)] }],
          NextToken: token,
        }),
      );
      for (const reservation of page.Reservations ?? []) found.push(...(reservation.Instances ?? []));
      token = page.NextToken;
    } while (token);
    return found.filter((instance) => nameOf(instance).startsWith(this.prefix) && instance.State?.Name !== 'terminated');
  }

  async list(region: string): Promise<OpsInstance[]> {
    return (await this.describe(region))
      .map((instance) => ({ id: instance.InstanceId!, name: nameOf(instance), state: instance.State?.Name ?? 'unknown' }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** One named instance of the region, else 404 (an id of another name, another region or none). */
  async find(region: string, id: string): Promise<OpsInstance> {
    const instances = await this.describe(region, [id]).catch((error: Error) => {
      if (/InvalidInstanceID/.test(error.name)) return [];
      throw error;
    });
    const instance = instances.find((i) => i.InstanceId === id);
    if (!instance) throw new NotFoundException(`No instance ${id} named ${this.prefix}* in ${region}`);
    return { id, name: nameOf(instance), state: instance.State?.Name ?? 'unknown' };
  }

  async managed(region: string): Promise<OpsInstance> {
    if (this.managedId) return this.find(region, this.managedId);
    const [first] = await this.list(region);
    if (!first) throw new NotFoundException(`No instance named ${this.prefix}* in ${region}`);
    return first;
  }

  async status(region: string): Promise<InstanceStatusResponse> {
    const instance = await this.managed(region);
    const answer = await this.clientFor(region).send(
      new DescribeInstanceStatusCommand({ InstanceIds: [instance.id], IncludeAllInstances: true }),
    );
    const checks = answer.InstanceStatuses?.find((s) => s.InstanceId === instance.id);
    return {
      status: 'success',
      state: checks?.InstanceState?.Name ?? instance.state ?? 'unknown',
      instance_status: checks?.InstanceStatus?.Status ?? 'not-applicable',
      system_status: checks?.SystemStatus?.Status ?? 'not-applicable',
      instance_id: instance.id,
      instance_name: instance.name,
      error: null,
      backend: 'aws',
    };
  }

  async act(action: 'start' | 'stop', region: string): Promise<InstanceActionResponse & { instance_id: string }> {
    const instance = await this.managed(region);
    const client = this.clientFor(region);
    try {
      const changes =
        action === 'start'
          ? (await client.send(new StartInstancesCommand({ InstanceIds: [instance.id] }))).StartingInstances
          : (await client.send(new StopInstancesCommand({ InstanceIds: [instance.id] }))).StoppingInstances;
      const state = changes?.find((c) => c.InstanceId === instance.id)?.CurrentState?.Name;
      return { status: 'success', error: null, state, instance_id: instance.id };
    } catch (error) {
      if ((error as Error).name === 'IncorrectInstanceState') {
        throw new ConflictException({ status: 'error', error: `${instance.name} cannot ${action} now: ${(error as Error).message}` });
      }
      throw error;
    }
  }
}
