/**
 * `credence ops instances|status|start|stop`: the instance manager of spec 1 from a shell. Start
 * and stop ask to confirm at a terminal; scripts pass --yes (without it, and no terminal, exit 2).
 */
import { actionOutcomeText, OPS_TEXTS, isOpsRegion, OPS_REGIONS } from '@credence/shared';
import { CliFailure, UsageError } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { labelled, styleFor, textTable } from '../output/text.js';
import { checkText, stateText } from './ops-view.js';
import { ask } from './prompt.js';

export interface OpsOptions extends GlobalOptions {
  region?: string;
  yes?: boolean;
}

export function regionOf(options: { region?: string }): string | undefined {
  const region = options.region ?? process.env.CREDENCE_OPS_REGION;
  if (region === undefined) return undefined;
  if (!isOpsRegion(region)) throw new UsageError(`--region must be one of ${OPS_REGIONS.join(', ')} (got "${region}")`);
  return region;
}

export async function opsInstances(options: OpsOptions): Promise<void> {
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const { instances } = await client.opsInstances(regionOf(options));
  if (ctx.mode.json) return ctx.out.result(JSON.stringify({ instances }, null, 2));
  if (instances.length === 0) return ctx.out.info('No instances in this region.');
  const style = styleFor(ctx.mode.color);
  const rows = instances.map((i) => [i.id, i.name, i.state ? stateText(style, i.state) : '']);
  ctx.out.result(
    textTable([{ header: 'ID' }, { header: 'NAME', flexible: true }, { header: 'STATE' }], rows, ctx.mode.width, style, 0).join('\n'),
  );
}

export async function opsStatus(options: OpsOptions): Promise<void> {
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  const status = await client.opsStatus(regionOf(options));
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(status, null, 2));
  if (status.status !== 'success') throw new CliFailure(`${OPS_TEXTS.statusFailed}: ${status.error ?? 'unknown error'}`);
  const style = styleFor(ctx.mode.color);
  ctx.out.result(
    labelled(
      [
        ['Instance', `${status.instance_name} (${status.instance_id})`],
        ['State', stateText(style, status.state)],
        ['Instance status', checkText(style, status.instance_status)],
        ['System status', checkText(style, status.system_status)],
        ['Backend', status.backend],
      ],
      ctx.mode.width,
      style,
      0,
    ).join('\n'),
  );
}

async function act(action: 'start' | 'stop', options: OpsOptions): Promise<void> {
  const ctx = createContext(options);
  const region = regionOf(options);
  const client = await ctx.authedClient();
  if (!options.yes) {
    if (!ctx.mode.interactive)
      throw new UsageError(`credence ops ${action} ${action}s the instance: add --yes to confirm when not at a terminal`);
    const status = await client.opsStatus(region);
    const answer = await ask(
      `${action === 'start' ? 'Start' : 'Stop'} ${status.instance_name} (${status.instance_id}), now ${status.state}? [y/N] `,
    );
    if (!/^y(es)?$/i.test(answer)) {
      ctx.out.info('Nothing done.');
      return;
    }
  }
  const verb = action === 'start' ? OPS_TEXTS.startFailed : OPS_TEXTS.stopFailed;
  let result;
  try {
    result = action === 'start' ? await client.opsStart(region) : await client.opsStop(region);
  } catch (error) {
    const message = (error as { error?: string }).error;
    if ((error as { status?: number }).status === 409 && message) throw new CliFailure(`${verb}: ${message}`);
    throw error;
  }
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(result, null, 2));
  if (result.status !== 'success') throw new CliFailure(`${verb}: ${result.error ?? 'unknown error'}`);
  const outcome = actionOutcomeText(action, result.state);
  ctx.out.result(outcome.includes('already') ? outcome : `${outcome} Check with credence ops status.`);
}

export const opsStart = (options: OpsOptions) => act('start', options);
export const opsStop = (options: OpsOptions) => act('stop', options);
