import 'reflect-metadata';
import { Command, CommanderError, Option } from 'commander';
import { ROLES } from '@credence/shared';
import { UsageError } from './usage-error.js';
import { STREAM_NAMES } from '../platform/register/stream-event.js';
import { IMPORTERS } from './importers.js';

// Each command's code is loaded when it runs, not at every start: a process runs one command, and
// reading and compiling the others' modules (the streams' consumer, the Nest services) took a
// second of CPU of every `credence-admin` run. The account commands run the Nest services; the
// data commands do without.
type AdminOptions = Parameters<(typeof import('./admin-commands.js'))['runAdmin']>[1];
const runAdmin = async (command: string, options: AdminOptions) => (await import('./admin-commands.js')).runAdmin(command, options);
const data = () => import('./data-commands.js');
const streams = () => import('./stream-commands.js');

const program = new Command('credence-admin')
  .description(
    'Administer a Credence installation: accounts and the database.\n' +
      'Talks to the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR, shared safely with a running server).',
  )
  .version('0.1.0')
  .showHelpAfterError('(add --help for usage)')
  .exitOverride();

const user = program.command('user').description('Create, approve, list, disable and enable accounts; set research credits');

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

user
  .command('role <email> <role>')
  .description(
    `Give an account another role (${ROLES.join(', ')}; ops may use the ops tools); its sessions end so the role applies at once`,
  )
  .option('--json', 'print the account as JSON')
  .addHelpText('after', '\nExample:\n  credence-admin user role olu@acme.com ops')
  .action((email, role, options) => {
    if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`role must be one of ${ROLES.join(', ')} (got "${role}")`);
    return runAdmin('user role', { ...options, email, role });
  });

user
  .command('credits <email> <credits>')
  .description("Set an account's monthly AI research allowance (answered questions per month; the default is RESEARCH_CREDITS_PER_MONTH)")
  .option('--json', 'print the credits as JSON')
  .addHelpText('after', '\nExample:\n  credence-admin user credits analyst@acme.com 500')
  .action((email, credits, options) => runAdmin('user credits', { ...options, email, credits }));

program
  .command('migrate')
  .description('Bring the database schema up to date (the server also does this at start)')
  .option('--json', 'print the applied migrations as JSON')
  .action(async (options) => (await data()).runMigrate(options));

const kinds = Object.values(IMPORTERS)
  .map((importer) => `  ${importer.kind.padEnd(18)}${importer.description}`)
  .join('\n');

program
  .command('import <kind> <paths...>')
  .description(
    'Import UK company data or SEC data from files: each batch in one transaction, bad rows reported and skipped, safe to stop and re-run',
  )
  .option('--batch-size <rows>', 'rows per transaction', '50000')
  .option('--max-bad <n>', 'bad rows tolerated before the exit code turns to 1 (the good rows are always kept)', '0')
  .option('--wait', 'after a bulk load, build the search indexes and refresh the screener views before exiting, not in the background')
  .option('--quiet', 'no progress on stderr (bad rows and the summary still print)')
  .option('--json', 'print the summary as JSON')
  .addHelpText(
    'after',
    `\nKinds:\n${kinds}\n\nA directory stands for every file of the kind in it. Progress (rows/s, ETA) goes to stderr,\n` +
      'bad rows as FILE:LINE: REASON, the summary to stdout. Exit 0 when all rows imported, 1 when rows\n' +
      'were skipped (beyond --max-bad) or the import stopped early, 2 on bad usage.\n\n' +
      'After each import the search words, statistics and screener views are refreshed before the command\n' +
      'exits. A first companies-csv load of a big file (16 MB or more) into an empty table is the exception:\n' +
      'it builds the search indexes after the rows instead of row by row, and hands that and the refresh to\n' +
      '`credence-admin refresh` in the background (log in DATA_DIR/refresh.log), so the rows are usable at\n' +
      'once; `credence-admin refresh` waits for it, and --wait does it all before exiting.\n\nExamples:\n' +
      '  credence-admin import companies-csv BasicCompanyDataAsOneFile-2026-11-01.csv\n' +
      '  credence-admin import companies-csv ./BasicCompanyData-2026-11-01-part*.csv --max-bad 100\n' +
      '  credence-admin import ch-api ./api-dumps/ --json\n' +
      '  credence-admin import psc-snapshot persons-with-significant-control-snapshot-2026-11-01.txt\n' +
      '  credence-admin import accounts ./Accounts_Bulk_Data-2026-11-01/\n' +
      '  credence-admin import sec-tickers company_tickers_exchange.json\n' +
      '  credence-admin import sec-submissions submissions.zip\n' +
      '  credence-admin import sec-companyfacts companyfacts.zip\n' +
      '  credence-admin import sec-filing 320193 0000320193-23-000106 aapl-20230930.htm\n\n' +
      'The SEC kinds touch no UK data: nothing is refreshed after them. A companyfacts file replaces the\n' +
      "company's stored facts (it is its whole history); submissions and tickers update by CIK.",
  )
  .action(async (kind, paths, options) => (await data()).runImport(kind, paths, options));

const sync = program
  .command('sync <company-numbers...>')
  .description('Fetch companies live from the Companies House API (CH_API_KEY): profile, officers, PSCs, charges, filing history')
  .option('--quiet', 'no progress on stderr')
  .option('--json', 'print the summary as JSON')
  .addHelpText(
    'after',
    '\nHonours the published limit (600 requests per 5 minutes), the X-Ratelimit-* headers and 429 answers,\n' +
      'waiting when it must and saying so on stderr.\n\nExamples:\n  CH_API_KEY=... credence-admin sync 00445790 SC005336',
  )
  .action(async (numbers, options) => (await data()).runSync(numbers, options));

sync
  .command('stream [streams...]')
  .description(
    `Consume the Companies House streams (CH_STREAM_KEY) into the database until stopped: ${STREAM_NAMES.join(', ')} (all unless named)`,
  )
  .option('--quiet', 'no progress on stderr')
  .addHelpText(
    'after',
    "\nEach stream's position is stored with the changes it applied, so the next run resumes exactly there.\n" +
      'Reconnects with backoff after a cut, a 429 or a 5xx; after a 416 (the position is older than the\n' +
      'stream keeps) it carries on from the newest events and re-fetches the held companies through the\n' +
      'REST API (CH_API_KEY) within its rate limit. The server runs the same consumer when CH_STREAM_KEY\n' +
      'is set (the worker does when REDIS_URL is). Exit 0 when stopped with Ctrl-C, 1 when the key is refused.\n\n' +
      'Examples:\n  CH_STREAM_KEY=... credence-admin sync stream\n  CH_STREAM_KEY=... credence-admin sync stream charges insolvency-cases',
  )
  .action(async (names, options) => (await streams()).runSyncStream(names, options));

program
  .command('status')
  .description("The Companies House streams' positions, lag behind the register, throughput and last errors")
  .option('--json', 'print JSON')
  .action(async (options) => (await streams()).runStatus(options));

program
  .command('sync-sec [tickers-or-ciks...]')
  .description('Fetch US companies live from the SEC (SEC_USER_AGENT): submissions and XBRL company facts, or --bulk the nightly archive')
  .option(
    '--bulk',
    "the SEC's company_tickers_exchange.json and nightly companyfacts.zip (about 1 GB), streamed to DATA_DIR/sec and imported",
  )
  .option('--max-bad <n>', 'bad companies tolerated before the exit code turns to 1', '0')
  .option('--quiet', 'no progress on stderr')
  .option('--json', 'print the summary as JSON')
  .addHelpText(
    'after',
    '\nThe SEC asks every tool to name itself: SEC_USER_AGENT must hold a name and a contact e-mail address.\n' +
      'At most 10 requests a second (a token bucket); 429 and 503 answers are waited out (Retry-After\n' +
      "honoured), saying so on stderr. Re-runs update: a company's facts replace the stored ones.\n\n" +
      'Examples:\n  SEC_USER_AGENT="Acme Research admin@acme.com" credence-admin sync-sec AAPL 789019 NVDA\n' +
      '  SEC_USER_AGENT="Acme Research admin@acme.com" credence-admin sync-sec --bulk',
  )
  .action(async (args, options) => (await data()).runSecSync(args, options));

program
  .command('refresh')
  .description(
    'Bring what is derived from the register up to date: search indexes a bulk import set aside, search words, statistics, screener views',
  )
  .option('--force', 'refresh even when nothing is owed')
  .option('--quiet', 'no progress on stderr')
  .option('--json', 'print the outcome as JSON')
  .addHelpText(
    'after',
    '\nWaits for a refresh under way (a bulk import finishing in the background) and then does whatever is\n' +
      'still owed; with nothing owed it says so and exits 0. Exit 1 when the refresh fails.\n\n' +
      'Examples:\n  credence-admin import companies-csv BasicCompanyDataAsOneFile-2026-11-01.csv && credence-admin refresh\n  credence-admin refresh --force --json',
  )
  .action(async (options) => (await data()).runRefresh(options));

program
  .command('seed')
  .description('Generate a deterministic, realistic sample dataset (labelled as sample data wherever shown)')
  .option('--companies <n>', 'how many companies', '2000')
  .option('--seed <s>', 'random seed: the same seed and size give the same data', '1')
  .option('--quiet', 'no progress on stderr')
  .option('--json', 'print the summary as JSON')
  .addHelpText(
    'after',
    '\nReplaces any earlier sample data; imported data is never touched.\n\nExamples:\n  credence-admin seed\n  credence-admin seed --companies 1000000 --seed 7',
  )
  .action(async (options) => (await data()).runSeed(options));

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
