import { ConflictException, NotFoundException } from '@nestjs/common';
import {
  DescribeInstancesCommand,
  DescribeInstanceStatusCommand,
  StartInstancesCommand,
  StopInstancesCommand,
  type EC2Client,
  type Instance,
} from '@aws-sdk/client-ec2';
import { instanceState, type InstanceActionResponse, type InstanceStatusResponse, type OpsInstance } from '@credence/shared';
import { awsFailure } from './aws-errors.js';

/** The EC2 name filter takes `*`, `?` and `\` as wildcards: a prefix is matched as written. */
export function nameFilter(prefix: string): string {
  return `${prefix.replace(/[\\*?]/g, '\\$&')}*`;
}

const nameOf = (instance: Instance) => instance.Tags?.find((tag) => tag.Key === 'Name')?.Value ?? '';

function described(instance: Instance): OpsInstance {
  return {
    id: instance.InstanceId!,
    name: nameOf(instance),
    state: instance.State?.Name ?? 'unknown',
    type: instance.InstanceType ?? null,
    launch_time: instance.LaunchTime ? instance.LaunchTime.toISOString() : null,
  };
}

export type InstanceAction = InstanceActionResponse & { instance_id: string };

/**
 * The instances named with the prefix (large-pipeline- by default) in a region, the one status,
 * start and stop act on (the asked instance_id; else OPS_AWS_INSTANCE_ID; else the region's only
 * such instance; with several and none named, a 409 listing them: never the first by name), its
 * state with the instance and system checks, and start and stop. An instance without the prefix
 * is never answered nor acted on.
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
      const page = await this.clientFor(region)
        .send(
          new DescribeInstancesCommand({
            InstanceIds: ids,
            Filters: [{ Name: 'tag:Name', Values: [nameFilter(this.prefix)] }],
            NextToken: token,
          }),
        )
        .catch((error: Error) => {
          if (ids && /InvalidInstanceID/.test(error.name)) return { Reservations: [], NextToken: undefined };
          throw awsFailure(error, 'ec2:DescribeInstances');
        });
      for (const reservation of page.Reservations ?? []) found.push(...(reservation.Instances ?? []));
      token = page.NextToken;
    } while (token);
    return found.filter((instance) => nameOf(instance).startsWith(this.prefix) && instance.State?.Name !== 'terminated');
  }

  async list(region: string): Promise<OpsInstance[]> {
    return (await this.describe(region)).map(described).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** One named instance of the region, else 404 (an id of another name, another region or none). */
  async find(region: string, id: string): Promise<OpsInstance> {
    const instance = (await this.describe(region, [id])).find((i) => i.InstanceId === id);
    if (!instance) throw new NotFoundException(`No instance ${id} named ${this.prefix}* in ${region}`);
    return described(instance);
  }

  /**
   * The instance status, start and stop act on: the asked one; else the configured one when it
   * is in this region; else the region's only one (several: 409 listing them).
   */
  async target(region: string, id?: string): Promise<OpsInstance> {
    if (id) return this.find(region, id);
    const all = await this.list(region);
    const configured = all.find((i) => i.id === this.managedId);
    if (configured) return configured;
    if (all.length === 0) throw new NotFoundException(`No instance named ${this.prefix}* in ${region}`);
    if (all.length > 1)
      throw new ConflictException({
        status: 'error',
        error:
          `${all.length} instances named ${this.prefix}* in ${region} (${all.map((i) => `${i.name} ${i.id}`).join(', ')}): ` +
          `name one with instance_id (credence ops ... --instance <id|name>)${this.managedId ? '' : ', or set OPS_AWS_INSTANCE_ID on the server'}.`,
      });
    return all[0];
  }

  async status(region: string, id?: string): Promise<InstanceStatusResponse> {
    const instance = await this.target(region, id);
    const answer = await this.clientFor(region)
      .send(new DescribeInstanceStatusCommand({ InstanceIds: [instance.id], IncludeAllInstances: true }))
      .catch((error: Error) => {
        throw awsFailure(error, 'ec2:DescribeInstanceStatus', instance.name);
      });
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

  /**
   * Starts or stops one instance. One already in the asked state (or moving to it) answers so,
   * without a call; one moving the other way is 409 with what to do.
   */
  async act(action: 'start' | 'stop', region: string, id?: string): Promise<InstanceAction> {
    const instance = await this.target(region, id);
    const state = instanceState(instance.state);
    const done = { status: 'success' as const, error: null, state, instance_id: instance.id, instance_name: instance.name };
    if (action === 'start' && (state === 'running' || state === 'pending'))
      return { ...done, message: `${instance.name} (${instance.id}) is already ${state}: nothing to start.` };
    if (action === 'stop' && (state === 'stopped' || state === 'stopping'))
      return { ...done, message: `${instance.name} (${instance.id}) is already ${state}: nothing to stop.` };
    const busy = action === 'start' ? state === 'stopping' : state === 'pending';
    if (busy)
      throw new ConflictException({
        status: 'error',
        error:
          `${instance.name} cannot ${action} now: it is ${state}. ` +
          `Wait for it (credence ops wait ${action === 'start' ? 'stopped' : 'running'} --instance ${instance.id}) and try again.`,
      });
    const client = this.clientFor(region);
    const iam = action === 'start' ? 'ec2:StartInstances' : 'ec2:StopInstances';
    try {
      const changes =
        action === 'start'
          ? (await client.send(new StartInstancesCommand({ InstanceIds: [instance.id] }))).StartingInstances
          : (await client.send(new StopInstancesCommand({ InstanceIds: [instance.id] }))).StoppingInstances;
      const now = changes?.find((c) => c.InstanceId === instance.id)?.CurrentState?.Name;
      return { ...done, state: now, message: null };
    } catch (error) {
      if ((error as Error).name === 'IncorrectInstanceState') {
        throw new ConflictException({ status: 'error', error: `${instance.name} cannot ${action} now: ${(error as Error).message}` });
      }
      throw awsFailure(error, iam, instance.name);
    }
  }
}
