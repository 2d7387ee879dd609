/**
 * The commander program (docs/architecture.md 5). Only commander is loaded here: each command's code,
 * the shared package and conf are imported when that command runs, so --help stays fast.
 */
import { Command, CommanderError, Option } from 'commander';
import { describeFailure, EXIT } from './runtime/exit-codes.js';
import type { GlobalOptions } from './runtime/session.js';
import { addExplorerCommands } from './commands/explorer.js';
import { addResearchCommands } from './commands/research-commands.js';
import { addUsCommands } from './commands/us-commands.js';
import { addOpsCommands } from './commands/ops-commands.js';
import { addWatchCommands } from './commands/watch-commands.js';
import { formatHelpItem, WrappingCommand } from './help-wrap.js';

type Handler = (options: Record<string, unknown> & GlobalOptions, args: string[]) => Promise<void>;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** An action that imports its handler on first use and maps any failure to a message and exit code. */
function lazy(load: () => Promise<Handler>) {
  return async (...params: unknown[]) => {
    const command = params.at(-1) as Command;
    const options = command.optsWithGlobals() as Record<string, unknown> & GlobalOptions;
    const args = params
      .slice(0, -2)
      .flat()
      .filter((p): p is string => typeof p === 'string');
    try {
      const handler = await load();
      await handler(options, args);
    } catch (error) {
      const failure = describeFailure(error, options.apiUrl ?? process.env.CREDENCE_API_URL);
      const colour = process.stderr.isTTY && options.color !== false && !process.env.NO_COLOR && !process.env.CI;
      process.stderr.write(`${colour ? '\u001b[31mcredence:\u001b[39m' : 'credence:'} ${failure.message}\n`);
      process.exitCode = failure.code;
    }
  };
}

const LIST_HELP = (command: string, examples: string[]) =>
  `
Filters (--filter, repeatable; run \`${command} columns\` for columns and operators):
  col~text  col^text  col$text     contains, starts with, ends with
  col=value  col>n  col<n          equals, greater / less than (dates: after, before)
  col=a..b                         between (dates: range), inclusive
  col=a,b,c  col!=a,b              is one of, is not one of
  col:empty  col:notEmpty          no value, any value
  Numbers take k, m, bn (turnover>10m); dates are YYYY-MM-DD.

Output: a table on a terminal; --json or --format json|csv for scripts (csv headed by column
ids; with --all, json is JSON Lines: one row per line). --output FILE writes every matching row
(format from .xlsx, .csv, .json or .jsonl) atomically: the file appears complete or not at all,
stdout stays empty and "rows → file in seconds" goes to stderr. Made for cron: no prompts.

Examples:
${examples.map((e) => `  $ ${e}`).join('\n')}

Exit codes: 0 ok, 1 failure, 2 bad flag, filter, column or sort, 4 not signed in, 5 refused (role).`;

function addListOptions(command: Command, options: { pageSizes: string }): Command {
  return command
    .option('-f, --filter <expr>', 'filter expression, e.g. turnover>10m (repeatable)', collect)
    .option('-s, --search <text>', 'text search over the names and numbers (global filter)')
    .option('--sort <col[:asc|desc]>', 'sort column and order, e.g. turnover:desc')
    .option('-p, --page <n>', 'page number, from 1')
    .option('--page-size <n>', `rows per page (${options.pageSizes})`)
    .option('-a, --all', 'every matching row, not one page')
    .option('-c, --columns <a,b,c>', 'columns to show, in order')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv', 'xlsx']))
    .option('-o, --output <file>', 'write every matching row to FILE (.xlsx, .csv, .json, .jsonl)');
}

export function buildProgram(version: string): Command {
  const program = new WrappingCommand('credence')
    .description('Credence terminal client: UK company screeners and creditor analytics from your shell')
    .version(version, '-V, --version', 'print the version')
    .addOption(new Option('--api-url <url>', 'API address').env('CREDENCE_API_URL').default(undefined, 'http://localhost:3000'))
    .addOption(new Option('--token <token>', 'session token (default: the one saved by `credence login`)').env('CREDENCE_TOKEN'))
    .option('--json', 'machine output: JSON on stdout, no colours or prompts')
    .option('--no-color', 'no colours (also NO_COLOR)')
    .showHelpAfterError('(run with --help for usage)')
    // Commander wraps its lists at the terminal's width only with this much room for the descriptions.
    .configureHelp({ showGlobalOptions: true, minWidthToWrap: 24, formatItem: formatHelpItem })
    .exitOverride((error: CommanderError) => {
      process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
    })
    .addHelpText(
      'after',
      `
Examples:
  $ credence login --email ada@example.com           sign in (prompts for the password)
  $ credence search britannia engineering
  $ credence company 00123456 --section financials
  $ credence screener --filter 'turnover>10m' --sort turnover:desc
  $ credence screener --filter 'industry_sector=Manufacturing' --all --output manufacturers.xlsx
  $ credence creditors lenders --search hsbc --json
  $ credence ask "Create a summary sheet" --company 00123456

Environment: CREDENCE_API_URL, CREDENCE_TOKEN, NO_COLOR, CI.
Exit codes: 0 ok, 1 failure, 2 usage (bad flag or filter), 4 not signed in or session expired, 5 refused (signed in, but
the account or its role may not do this).`,
    );

  program
    .command('login')
    .description('sign in and save the session token (mode 0600, in your config directory)')
    .option('-e, --email <email>', 'account e-mail address')
    .option('--password-stdin', 'read the password from stdin (for scripts)')
    .addHelpText(
      'after',
      `
Examples:
  $ credence login --email ada@example.com
  $ printf '%s' "$PASSWORD" | credence login --email ada@example.com --password-stdin`,
    )
    .action(lazy(async () => (await import('./commands/auth.js')).login));

  program
    .command('logout')
    .description('end the session and forget the saved token')
    .addHelpText('after', '\nExample:\n  $ credence logout')
    .action(lazy(async () => (await import('./commands/auth.js')).logout));

  program
    .command('whoami')
    .description('show who the session token belongs to')
    .addHelpText('after', '\nExamples:\n  $ credence whoami\n  $ credence whoami --json')
    .action(lazy(async () => (await import('./commands/auth.js')).whoami));

  program
    .command('mcp')
    .description('serve Credence to an AI agent over stdio (Model Context Protocol)')
    .addHelpText(
      'after',
      `
Runs an MCP server on stdin/stdout for a desktop agent (Claude Desktop or
Code, Cursor, VS Code...). It signs in with the session of credence login
(or --token / CREDENCE_TOKEN) and relays every message to the API's
/api/mcp, so the agent gets the API's tools, citations and checks: company
search, profile, statements, ratios, filings and their pages, charges,
leadership, share capital, compliance, peers, lender books, US KPIs, the
companies and creditors screeners, and your uploaded documents.
Only MCP messages go to stdout; notes go to stderr.

Agent configuration (claude_desktop_config.json, .cursor/mcp.json...):
  {"mcpServers": {"credence": {"command": "npx",
    "args": ["credence", "mcp"],
    "env": {"CREDENCE_API_URL": "http://localhost:3000"}}}}

Examples:
  $ credence login --email you@example.com && credence mcp
  $ CREDENCE_TOKEN=... credence mcp --api-url https://credence.example.com

Exit codes: 0 stdin closed, 1 failure, 4 not signed in (credence login).`,
    )
    .action(lazy(async () => (await import('./commands/mcp.js')).mcp));

  addExplorerCommands(program, lazy);

  addResearchCommands(program, lazy);
  addUsCommands(program, lazy);
  addOpsCommands(program, lazy);
  addWatchCommands(program, lazy);

  program
    .command('tui')
    .description('the full-screen terminal UI (also `credence` alone in a terminal)')
    .addHelpText(
      'after',
      `
Search companies, read their overview and filings, and work the screeners, full screen.
Keys: / search, arrows or j/k move, Enter open, Esc back, Tab next pane, ? every key, q quit.
Needs a terminal (stdin and stdout a TTY, CI unset); works from 80x24 up.

Examples:
  $ credence
  $ credence tui --api-url https://credence.example.com`,
    )
    .action(lazy(async () => (await import('./ui/command.js')).tui));

  const screener = addListOptions(program.command('screener').description('the companies screener: filter, sort and export UK companies'), {
    pageSizes: '10, 25, 50 or 100; default 100',
  })
    .option('-q, --query <text>', 'plain-English query turned into filters, e.g. "manufacturers over £10m turnover"')
    .addHelpText(
      'after',
      LIST_HELP('credence screener', [
        "credence screener --filter 'turnover>10m' --sort turnover:desc",
        "credence screener --filter 'industry_sector=Manufacturing' --filter 'filing_year=2023,2024' --columns company_name,turnover",
        'credence screener --query "companies with turnover over 50m" --json',
        "credence screener --filter 'turnover>10m' --all --output big.xlsx",
      ]),
    )
    .action(lazy(async () => (await import('./commands/screener.js')).screener));

  screener
    .command('columns')
    .description('the columns you can show, sort and filter on, with their operators')
    .addHelpText('after', '\nExamples:\n  $ credence screener columns\n  $ credence screener columns --json')
    .action(lazy(async () => (await import('./commands/columns.js')).columnsFor('companies')));

  const creditors = program
    .command('creditors')
    .description('the creditors screener: lenders, charges and charge-holding companies')
    .addHelpText(
      'after',
      `
Examples:
  $ credence creditors lenders --sort total_charges:desc
  $ credence creditors charges --filter 'status=outstanding' --filter 'delivered_on>2024-01-01'
  $ credence creditors companies --all --output charge-companies.csv
  $ credence creditors lender "HSBC UK BANK PLC"`,
    );

  const tabs = [
    [
      'lenders',
      'lenders',
      'lender statistics (Creditor Overview)',
      "creditors lenders --filter 'companies_count>10' --sort total_charges:desc",
    ],
    [
      'charges',
      'charges',
      'every registered charge (Charges Screener)',
      "creditors charges --filter 'status=outstanding' --search barclays",
    ],
    [
      'companies',
      'chargeCompanies',
      'charges per company (Company Aggregation)',
      "creditors companies --filter 'outstanding_charges>5' --all --output out.csv",
    ],
  ] as const;
  for (const [name, table, description, example] of tabs) {
    const tab = addListOptions(creditors.command(name).description(description), { pageSizes: '1 to 1000; default 50' })
      .addHelpText(
        'after',
        LIST_HELP(`credence creditors ${name}`, [`credence ${example}`, `credence creditors ${name} --json --page-size 200`]),
      )
      .action(lazy(async () => (await import('./commands/creditors.js')).creditorsList(table)));
    tab
      .command('columns')
      .description(`the columns of creditors ${name}, with their operators`)
      .addHelpText('after', `\nExample:\n  $ credence creditors ${name} columns`)
      .action(lazy(async () => (await import('./commands/columns.js')).columnsFor(table)));
  }

  creditors
    .command('lender <name>')
    .description("one lender's detail: totals, statuses, charge types, years, top companies, recent charges")
    .addHelpText(
      'after',
      '\nExamples:\n  $ credence creditors lender "HSBC UK BANK PLC"\n  $ credence creditors lender "Barclays Bank PLC" --json',
    )
    .action(lazy(async () => (await import('./commands/creditors.js')).lenderDetail));

  return program;
}
