/**
 * `--instance <id|name>` (or CREDENCE_OPS_INSTANCE) of every ops, logs and screens command: an
 * id is sent as given; a name is looked up among the region's instances (shared chooseInstance:
 * exact name, else the only name containing it), and none or several is a usage error (exit 2)
 * listing the instances to choose from.
 */
import { chooseInstance, OPS_CONSTANTS, type OpsApi } from '@credence/shared';
import { UsageError } from '../runtime/exit-codes.js';

export interface InstanceOptions {
  instance?: string;
  region?: string;
}

export function givenInstance(options: InstanceOptions): string | undefined {
  const raw = options.instance ?? process.env.CREDENCE_OPS_INSTANCE;
  if (raw === undefined) return undefined;
  if (raw.trim() === '' || raw.length > 255 || /[\u0000-\u001f\u007f]/.test(raw))
    throw new UsageError(`--instance takes an instance id (i-0123456789abcdef0, or local) or an instance name (got "${raw}")`);
  return raw.trim();
}

/** The instance id the options name, or undefined when none was given (the server's configured one). */
export async function chosenInstance(
  client: Pick<OpsApi, 'opsInstances'>,
  options: InstanceOptions,
  region?: string,
): Promise<string | undefined> {
  const given = givenInstance(options);
  if (given === undefined) return undefined;
  const choice = chooseInstance(given, [], region ?? OPS_CONSTANTS.defaultRegion);
  if ('id' in choice) return choice.id;
  const { instances } = await client.opsInstances(region);
  const found = chooseInstance(given, instances, region ?? OPS_CONSTANTS.defaultRegion);
  if ('error' in found) throw new UsageError(found.error);
  return found.id;
}

/** The instance logs and screens read: the chosen one, else `local` (the API host). */
export async function readInstance(client: Pick<OpsApi, 'opsInstances'>, options: InstanceOptions, region?: string): Promise<string> {
  return (await chosenInstance(client, options, region)) ?? 'local';
}
