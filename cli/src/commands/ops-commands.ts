/**
 * The ops commands (`credence ops`, `credence logs`, `credence screens`; docs/architecture.md 11),
 * made for ops staff over SSH. Only commander is loaded here: each handler is imported when it runs.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from '../runtime/session.js';

type Handler = (options: Record<string, unknown> & GlobalOptions, args: string[]) => Promise<void>;
type Lazy = (load: () => Promise<Handler>) => (...params: unknown[]) => Promise<void>;

const examples = (lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
const REGION = ['--region <region>', 'AWS region (default us-east-1; also CREDENCE_OPS_REGION)'] as const;
const INSTANCE = ['--instance <id|name>', 'instance id or name (default local, the API host; also CREDENCE_OPS_INSTANCE)'] as const;
const TARGET = [
  '--instance <id|name>',
  "instance id or name (default: the one the server's configuration names; also CREDENCE_OPS_INSTANCE)",
] as const;
const ROLE_NOTE = '\nFor accounts with the ops or admin role (credence-admin user role <email> ops).\n';

export function addOpsCommands(program: Command, lazy: Lazy): void {
  const ops = program
    .command('ops')
    .description('the instance manager: list instances, status, start and stop (ops and admin roles)')
    .addHelpText(
      'after',
      examples([
        'credence ops status',
        'credence ops instances --region eu-west-1',
        'credence ops start --instance large-pipeline-prod --yes',
        'credence ops wait running --instance large-pipeline-prod --timeout 300',
      ]) + ROLE_NOTE,
    );
  ops
    .command('instances')
    .description('instances of a region with state, type, launch time and SSM status')
    .option(...REGION)
    .action(lazy(async () => (await import('./ops.js')).opsInstances as Handler));
  ops
    .command('status')
    .description("an instance's state and checks")
    .option(...TARGET)
    .option(...REGION)
    .action(lazy(async () => (await import('./ops.js')).opsStatus as Handler));
  for (const action of ['start', 'stop'] as const) {
    ops
      .command(action)
      .description(`${action} an instance (asks to confirm at a terminal; recorded)`)
      .option(...TARGET)
      .option(...REGION)
      .option('-y, --yes', 'do not ask (for scripts; required without a terminal)')
      .action(lazy(async () => (await import('./ops.js'))[action === 'start' ? 'opsStart' : 'opsStop'] as Handler));
  }
  ops
    .command('wait')
    .description('wait until an instance is running or stopped (exit 1 when the timeout passes first)')
    .argument('<state>', 'running or stopped')
    .option(...TARGET)
    .option(...REGION)
    .option('--timeout <seconds>', 'give up after this long (1-3600; default 600)')
    .action(lazy(async () => (await import('./ops.js')).opsWait as Handler));

  const logs = program
    .command('logs')
    .description('log files of an instance: list, tail (and follow, like tail -F), search')
    .addHelpText(
      'after',
      examples([
        'credence logs list',
        'credence logs tail api.log -n 50',
        'credence logs tail pipeline/run.log -f --grep error',
        'credence logs tail api.log worker.log db.log -f --grep error --exclude healthcheck',
        'credence logs tail app.log -f --instance large-pipeline-prod --instance large-pipeline-backfill',
        'credence logs search api.log timeout',
      ]) + ROLE_NOTE,
    );
  logs
    .command('list')
    .description('the log files (under the log directories) with size and time')
    .option(...INSTANCE)
    .option(...REGION)
    .action(lazy(async () => (await import('./logs.js')).logsList as Handler));
  logs
    .command('tail')
    .description(
      'the last lines of files (several: one stream, each line prefixed with its file); -f keeps printing new lines, across rotation and truncation',
    )
    .argument('<file...>', 'the files: their names as `logs list` shows them, or full paths')
    .option('-n, --lines <n>', 'lines to show first (1-1000; default 10)')
    .option(
      '-f, --follow',
      'keep printing new lines until Ctrl-C (resumes after a dropped connection, for up to 15 minutes or CREDENCE_RECONNECT_FOR seconds)',
    )
    .option('--grep <text>', 'only lines that contain the text, or match /regex/ (RE2; any case, filtered on the server), highlighted')
    .option('--exclude <text>', 'no lines that contain the text, or match /regex/ (RE2; any case, filtered on the server)')
    .option('--highlight <text>', 'highlight the text in every line')
    .option(
      '--instance <id|name>',
      'instance id or name; give it again to follow the files on several instances in one stream (default local; also CREDENCE_OPS_INSTANCE)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(...REGION)
    .action(lazy(async () => (await import('./logs.js')).logsTail as Handler));
  logs
    .command('search')
    .description('lines of a file that contain a text (literal, any case), with line numbers')
    .argument('<file>', 'the file: its name as `logs list` shows it, or its full path')
    .argument('<text...>', 'the text to find')
    .option(...INSTANCE)
    .option(...REGION)
    .action(lazy(async () => (await import('./logs.js')).logsSearch as Handler));

  const screens = program
    .command('screens')
    .description('GNU screen sessions of an instance: list, show, watch')
    .addHelpText('after', examples(['credence screens list', 'credence screens show 12345', 'credence screens watch 12345']) + ROLE_NOTE);
  screens
    .command('list')
    .description('the sessions with pid, name and Attached/Detached')
    .option(...INSTANCE)
    .option(...REGION)
    .action(lazy(async () => (await import('./screens.js')).screensList as Handler));
  screens
    .command('show')
    .description("a session's window and scrollback")
    .argument('<pid>', 'the session pid (from screens list)')
    .option(...INSTANCE)
    .option(...REGION)
    .action(lazy(async () => (await import('./screens.js')).screensShow as Handler));
  screens
    .command('watch')
    .description('a session, redrawn each time it changes, until it ends or Ctrl-C')
    .argument('<pid>', 'the session pid (from screens list)')
    .option(...INSTANCE)
    .option(...REGION)
    .action(lazy(async () => (await import('./screens.js')).screensWatch as Handler));
}
