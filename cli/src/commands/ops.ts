/**
 * `credence ops instances|status|start|stop|wait`: the instance manager of spec 1 from a shell.
 * `--instance <id|name>` picks any instance of the region; without it the server acts on the one
 * its configuration names. Start and stop ask to confirm at a terminal; scripts pass --yes
 * (without it, and no terminal, exit 2).
 */
import { actionOutcomeText, launchTimeText, OPS_TEXTS, isOpsRegion, OPS_REGIONS, ssmStatusText } from '@credence/shared';
import { CliFailure, UsageError } from '../runtime/exit-codes.js';
import { createContext, type GlobalOptions } from '../runtime/session.js';
import { labelled, styleFor, textTable } from '../output/text.js';
import { checkText, stateText } from './ops-view.js';
import { ask } from './prompt.js';
import { chosenInstance, givenInstance } from './instance-option.js';

export interface OpsOptions extends GlobalOptions {
  region?: string;
  instance?: string;
  yes?: boolean;
  timeout?: string;
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
  // EC2's facts (type, launch time, SSM) only where the backend knows them (not the local host).
  const aws = instances.some((i) => i.ssm !== undefined || i.type);
  const rows = instances.map((i) => [
    i.id,
    i.name,
    i.state ? stateText(style, i.state) : '',
    ...(aws ? [i.type ?? '-', launchTimeText(i.launch_time), ssmStatusText(i)] : []),
  ]);
  // A name is what one types after --instance: kept whole; the launch time and SSM status give way first.
  const columns = [
    { header: 'ID' },
    { header: 'NAME', flexible: !aws },
    { header: 'STATE' },
    ...(aws ? [{ header: 'TYPE' }, { header: 'LAUNCHED (UTC)', flexible: true }, { header: 'SSM', flexible: true }] : []),
  ];
  ctx.out.result(textTable(columns, rows, ctx.mode.width, style, 0).join('\n'));
}

/** The instance status, start, stop and wait act on: --instance, else the server's configured one. */
async function target(options: OpsOptions) {
  const region = regionOf(options);
  givenInstance(options);
  const ctx = createContext(options);
  const client = await ctx.authedClient();
  return { ctx, client, region, where: { region, instance_id: await chosenInstance(client, options, region) } };
}

export async function opsStatus(options: OpsOptions): Promise<void> {
  const { ctx, client, where } = await target(options);
  const status = await client.opsStatus(where);
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
  if (!options.yes && !createContext(options).mode.interactive)
    throw new UsageError(`credence ops ${action} ${action}s the instance: add --yes to confirm when not at a terminal`);
  const { ctx, client, where } = await target(options);
  if (!options.yes) {
    const status = await client.opsStatus(where);
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
    result = action === 'start' ? await client.opsStart(where) : await client.opsStop(where);
  } catch (error) {
    const message = (error as { error?: string }).error;
    if ((error as { status?: number }).status === 409 && message) throw new CliFailure(`${verb}: ${message}`);
    throw error;
  }
  if (ctx.mode.json) return ctx.out.result(JSON.stringify(result, null, 2));
  if (result.status !== 'success') throw new CliFailure(`${verb}: ${result.error ?? 'unknown error'}`);
  // "large-pipeline-prod (i-...) is already running: nothing to start." when nothing was done.
  if (result.message) return ctx.out.result(result.message);
  const outcome = actionOutcomeText(action, result.state, result.instance_name);
  const id = result.instance_id ? ` --instance ${result.instance_id}` : '';
  ctx.out.result(
    outcome.includes('already')
      ? outcome
      : `${outcome} Wait for it with credence ops wait ${action === 'start' ? 'running' : 'stopped'}${id}.`,
  );
}

export const opsStart = (options: OpsOptions) => act('start', options);
export const opsStop = (options: OpsOptions) => act('stop', options);

const WAIT_POLL_MS = 1_000;

function timeoutOf(raw: string | undefined): number {
  if (raw === undefined) return 600;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || seconds < 1 || seconds > 3600)
    throw new UsageError(`--timeout takes whole seconds from 1 to 3600, not "${raw}"`);
  return seconds;
}

/**
 * `credence ops wait running|stopped`: polls the instance's state until it is the asked one
 * (exit 0), or the timeout passes (exit 1, its state named). Each change of state is said on stderr.
 */
export async function opsWait(options: OpsOptions, args: string[]): Promise<void> {
  const [wanted] = args;
  if (wanted !== 'running' && wanted !== 'stopped') throw new UsageError(`wait for running or stopped, not "${wanted ?? ''}"`);
  const seconds = timeoutOf(options.timeout);
  const { ctx, client, where } = await target(options);
  const deadline = Date.now() + seconds * 1000;
  let last = '';
  for (;;) {
    const status = await client.opsStatus(where);
    const name = `${status.instance_name} (${status.instance_id})`;
    if (status.state === wanted) {
      if (ctx.mode.json) return ctx.out.result(JSON.stringify(status, null, 2));
      return ctx.out.result(`${name} is ${wanted}.`);
    }
    if (status.state !== last) ctx.out.info(`${name} is ${status.state}: waiting until it is ${wanted}...`);
    last = status.state;
    if (Date.now() + WAIT_POLL_MS > deadline)
      throw new CliFailure(`${name} is still ${status.state} after ${seconds} s (waited for ${wanted}).`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}
