#!/usr/bin/env node
import 'reflect-metadata';
import { Command, CommanderError, Option } from 'commander';
import { ROLES } from '@credence/shared';
import { runAdmin, UsageError } from './admin-commands.js';

const program = new Command('credence-admin')
  .description(
    'Administer a Credence installation: accounts and the database.\n' +
      'Talks to the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR, shared safely with a running server).',
  )
  .version('0.1.0')
  .showHelpAfterError('(add --help for usage)')
  .exitOverride();

const user = program.command('user').description('Create, approve, list, disable and enable accounts');

user
  .command('create')
  .description('Create an account, optionally already verified and approved')
  .requiredOption('--email <email>', 'e-mail address (the sign-in name)')
  .option('--password <password>', 'password (8-128 characters, not a common one)')
  .option('--password-stdin', 'read the password from standard input instead (keeps it out of the process list)')
  .requiredOption('--name <full name>', 'full name')
  .requiredOption('--company <company>', 'company name')
  .addOption(new Option('--role <role>', 'role').choices([...ROLES]).default('analyst'))
  .option('--verified', 'mark the e-mail address as verified')
  .option('--approved', 'mark the account as approved')
  .option('--json', 'print the account as JSON')
  .addHelpText(
    'after',
    '\nExamples:\n  credence-admin user create --email ops@acme.com --password "long and unusual" --name "Olu Ops" --company Acme --role ops --verified --approved\n  printf %s "$PW" | credence-admin user create --email a@acme.com --password-stdin --name Ann --company Acme',
  )
  .action((options) => runAdmin('user create', options));

user
  .command('approve <email>')
  .description('Approve an account (and mail its owner), as the approval link does')
  .option('--json', 'print the account as JSON')
  .action((email, options) => runAdmin('user approve', { ...options, email }));

user
  .command('list')
  .description('List every account with its role and state')
  .option('--json', 'print JSON instead of a table')
  .action((options) => runAdmin('user list', options));

user
  .command('disable <email>')
  .description('Disable an account: it can no longer sign in and every session ends at once')
  .option('--json', 'print the account as JSON')
  .action((email, options) => runAdmin('user disable', { ...options, email }));

user
  .command('enable <email>')
  .description('Enable a disabled account again')
  .option('--json', 'print the account as JSON')
  .action((email, options) => runAdmin('user enable', { ...options, email }));

program
  .command('migrate')
  .description('Bring the database schema up to date (the server also does this at start)')
  .option('--json', 'print the applied migrations as JSON')
  .action((options) => runAdmin('migrate', options));

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof CommanderError) {
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  if (error instanceof UsageError) {
    process.stderr.write(`credence-admin: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`credence-admin: ${(error as Error)?.message ?? error}\n`);
  process.exit(1);
}
