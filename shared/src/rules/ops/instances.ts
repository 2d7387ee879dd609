/**
 * Which instance `--instance <id|name>` means (the cli and the full-screen UI alike), and how the
 * instance table presents an instance's facts.
 */
import type { OpsInstance } from '../../contracts/ops.js';

/** An EC2 instance id, or `local` (the local backend's one instance). */
export const INSTANCE_ID_PATTERN = /^(local|i-[0-9a-f]{8,17})$/;

export type InstanceChoice = { id: string } | { error: string };

const named = (i: OpsInstance) => `${i.name} (${i.id})`;

/**
 * An id is taken as given (the API says when it is not one of the region's instances); a name
 * picks the instance with exactly that name, else the one whose name contains it (any case).
 * None or several: an error that lists the instances (or the matches) to choose from.
 */
export function chooseInstance(given: string, instances: readonly OpsInstance[], region: string): InstanceChoice {
  const wanted = given.trim();
  if (INSTANCE_ID_PATTERN.test(wanted)) return { id: wanted };
  const exact = instances.filter((i) => i.name === wanted);
  const matches = exact.length > 0 ? exact : instances.filter((i) => i.name.toLowerCase().includes(wanted.toLowerCase()));
  if (matches.length === 1) return { id: matches[0].id };
  if (matches.length > 1)
    return {
      error: `"${wanted}" matches ${matches.length} instances in ${region}: ${matches.map(named).join(', ')}. Give the id or the whole name.`,
    };
  const choices = instances.length ? `the instances there: ${instances.map(named).join(', ')}` : 'it has none';
  return { error: `No instance named "${wanted}" in ${region} (${choices}).` };
}

/** When an instance last started, as "2026-01-05 09:30" (UTC), or "-". */
export function launchTimeText(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '-';
}

/** The SSM column: what SSM says of the instance's agent, "-" when not known (the local backend). */
export function ssmStatusText(instance: Pick<OpsInstance, 'ssm'>): string {
  return instance.ssm ?? '-';
}
