/**
 * `credence watch add|rm|ls` and `credence alerts` (issue 29 sections 3 to 5) added to the program,
 * with help that teaches by example. Only commander is loaded here: each handler is imported when it runs.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from '../runtime/session.js';

type Handler = (options: Record<string, unknown> & GlobalOptions, args: string[]) => Promise<void>;
type Lazy = (load: () => Promise<Handler>) => (...params: unknown[]) => Promise<void>;

const examples = (lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

const WATCH_HELP = `${examples([
  'credence watch add 00445790 SC123456',
  'credence watch add 00445790 --list "Borrowers"',
  'credence watch add --csv companies.csv --list "Portfolio"',
  'credence watch add --lender "Barclays Bank PLC" --list "Barclays book"',
  'credence watch add --person /officers/x2tXhH8Hm0oFUnkJDm4pqZRXYIU/appointments',
  'credence watch ls',
  'credence watch ls --list Borrowers',
  'credence watch rm 00445790 --list Borrowers',
  'credence watch rm --list Borrowers --delete-list',
  'credence watch mail daily --list Borrowers',
])}
A watchlist is a named list, yours alone, of companies, lenders and people.
A lender (--lender, its name as charges file it: "BARCLAYS BANK PLC" and
"Barclays Bank plc as Security Agent" are one lender) watches every company
whose charges name it, for new and satisfied charges. A person (--person, the
register's officer id, or their /officers/{id}/appointments link: see
\`credence company <number> --section officers --json\`) watches their
appointments, resignations and PSC entries at any company. Its companies raise
alerts when Companies House publishes a change: a new or satisfied charge, a
status change or insolvency case, an officer appointed or resigned, a PSC
change, accounts filed, accounts or confirmation statement overdue, a
director's or PSC's identity verification due or overdue. Read them with
\`credence alerts\`, or by e-mail with \`credence watch mail immediate|daily|off\`
(each mail has a one-click unsubscribe link). Without --list the list is "Watchlist" (made on first use).
A list holds at most 10,000 companies, 200 lenders and 1,000 people; at most
1,000 companies and 100 lenders or people are added a command.
Exit codes: 0 done; 1 failed (e.g. no such list, or nothing added because
Credence holds no such company, lender or person); 2 bad company number,
lender name, officer id or flag; 4 not signed in (credence login).
`;

const ALERTS_HELP = `${examples([
  'credence alerts',
  'credence alerts --since 1d',
  'credence alerts --since 2026-11-01 --json | jq -r ".[] | .source_url"',
  'credence alerts --since 1h --unread && echo "new alerts"     # from cron',
])}
Each alert: its kind, the company number, what changed, when Companies House
published it and the link to the record or filing it came from (the register's
page), and why it reached you when the company is not on your list itself
("via lender Barclays Bank PLC", "via person REID, Fiona"). --json prints a
JSON array of {kind, company_number, company_name, summary, published_at,
source_url, resource_uri, watchlist, via, created_at, read}.
--since takes a span back from now (30m, 12h, 1d, 2w) or a date; default 7d.
Exit codes: 0 alerts printed; 3 ran fine, none in the period (so a cron line
can act only when there are some, and tell "nothing new" from a failure);
1 a failure (said on stderr); 2 bad flag; 4 not signed in (credence login).
`;

const collect = (value: string, previous: string[]) => [...previous, value];

export function addWatchCommands(program: Command, lazy: Lazy): void {
  const watch = program
    .command('watch')
    .description('your watchlists: companies, lenders and people whose register changes raise alerts')
    .addHelpText('after', WATCH_HELP);
  watch
    .command('add')
    .description('watch companies, lenders or people (made the list if it is new)')
    .argument('[company-numbers...]', 'company numbers, e.g. 00445790 SC123456')
    .option('-l, --list <name>', 'the watchlist (default "Watchlist")')
    .option('--csv <file>', 'a CSV file whose company_number column (or first column) holds the numbers')
    .option('--lender <name>', 'a lender as charges name it: every company charging to it (repeat for more)', collect, [])
    .option('--person <officer-id>', "a person's officer id or /officers/{id}/appointments link (repeat for more)", collect, [])
    .addHelpText(
      'after',
      examples([
        'credence watch add 00445790 SC123456 --list Borrowers',
        'credence watch add --csv book.csv',
        'credence watch add --lender "HSBC UK Bank PLC" --lender "Lloyds Bank PLC" --list Lenders',
        'credence watch add --person x2tXhH8Hm0oFUnkJDm4pqZRXYIU --list People',
      ]),
    )
    .action(lazy(async () => (await import('./watch.js')).watchAdd as Handler));
  watch
    .command('ls')
    .description('your watchlists, or one list with its companies, lenders and people (--list)')
    .option('-l, --list <name>', 'show this list with its companies, lenders and people')
    .action(lazy(async () => (await import('./watch.js')).watchList as Handler));
  watch
    .command('rm')
    .description('stop watching companies, lenders or people, or delete a whole list (--delete-list)')
    .argument('[company-numbers...]', 'company numbers to take off the list')
    .option('-l, --list <name>', 'the watchlist (default "Watchlist")')
    .option('--lender <name>', 'a lender to take off (repeat for more)', collect, [])
    .option('--person <officer-id>', 'a person to take off (repeat for more)', collect, [])
    .option('--delete-list', 'delete the list itself (its alerts stay)')
    .action(lazy(async () => (await import('./watch.js')).watchRemove as Handler));
  watch
    .command('mail')
    .description("e-mail the list's alerts: immediate, a daily digest, or off")
    .argument('<mode>', 'immediate, daily or off')
    .option('-l, --list <name>', 'the watchlist (default "Watchlist")')
    .action(lazy(async () => (await import('./watch-mail.js')).watchMail as Handler));

  program
    .command('alerts')
    .description('alerts on your watched companies: what changed, when it was published, its source')
    .option('--since <when>', 'a span back from now (30m, 12h, 1d, 2w) or a date (2026-11-01); default 7d')
    .option('--unread', 'only alerts not yet read')
    .option('--limit <n>', 'at most this many, newest first (1 to 500; default 100)')
    .option('--mark-read', 'mark the alerts shown as read')
    .addHelpText('after', ALERTS_HELP)
    .action(lazy(async () => (await import('./watch.js')).alerts as Handler));
}
