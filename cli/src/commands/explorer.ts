/**
 * The company explorer's commands (search, company, filings, filing) added to the program. Only
 * commander and the section names are loaded here: each handler is imported when it runs.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from '../runtime/session.js';
import { COMPANY_SECTION_HELP } from './company-sections.js';

/** As program.ts: a handler gets the options (with the global ones) and the arguments. */
type Handler = (options: Record<string, unknown> & GlobalOptions, args: string[]) => Promise<void>;
type Lazy = (load: () => Promise<Handler>) => (...params: unknown[]) => Promise<void>;

/** The output and exit-code rules of docs/architecture.md 5, after each command's own words. */
const RULES = (output: string, failures: string) => `
Output: ${output}
Hints, notes and errors go to stderr. No colours or prompts when stdout is not
a terminal, with --json, or when CI is set; NO_COLOR or --no-color: no colours.
Exit codes: 0 ok; 1 failure: ${failures};
2 usage (bad argument or flag); 4 not signed in or session expired.`;

const examples = (lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

export function addExplorerCommands(program: Command, lazy: Lazy): void {
  program
    .command('search')
    .description('find UK companies by name, company number or registered postcode')
    .argument('<text...>', 'name, number or postcode (several words need no quotes)')
    .option('-l, --limit <n>', 'results to show, 1 to 100 (default 20)')
    .addHelpText(
      'after',
      examples([
        'credence search britannia engineering',
        'credence search SC234567',
        'credence search "LS1 4AB" --limit 50',
        "credence search thames --json | jq -r '.[].CompanyNumber'",
      ]) +
        RULES(
          `a table of name, number, status, Exchange:Ticker and SIC. --json prints
the API's answer: an array of results, [] when nothing matches (exit 0).`,
          'the API could not be reached or failed',
        ),
    )
    .action(lazy(async () => (await import('./search.js')).search));

  const sections = Object.entries(COMPANY_SECTION_HELP)
    .map(([id, text]) => `  ${id.padEnd(11)} ${text}`)
    .join('\n');
  program
    .command('company')
    .description("a company's overview: key figures, profile, leadership, charges, capital, compliance, risk")
    .argument('<number>', 'company number, 8 characters such as 00445790 or SC123456')
    .option('-s, --section <name>', 'one section of the overview (see Sections)')
    .addHelpText(
      'after',
      `
Sections:
${sections}
${examples(['credence company 00123456', 'credence company SC234567 --section charges', 'credence company 00123456 --section financials | less -R', "credence company 00123456 --json | jq '.insights.key_figures'"])}` +
        RULES(
          `readable sections: amounts in millions with 2 decimals,
dates DD/MM/YYYY, N/A where a value or a change on the year is not available.
--json prints the API's answer the section is drawn from: get_overview, or
get_aggregated_financials_data (financials), officers (officers, pscs),
get_filings_list (filings).`,
          '"Company with number … not found.", or the API\ncould not be reached or failed',
        ),
    )
    .action(lazy(async () => (await import('./company.js')).company));

  program
    .command('filings')
    .description("a company's filing history by category, newest first, with transaction ids")
    .argument('<number>', 'company number, such as 00445790 or SC123456')
    .option('-c, --category <name>', 'only one category, e.g. accounts, officers, capital, mortgage')
    .addHelpText(
      'after',
      examples([
        'credence filings 00123456',
        'credence filings 00123456 --category accounts',
        "credence filings 00123456 --json | jq -r '.accounts[].transaction_id'",
      ]) +
        RULES(
          `one table, a line per category; Doc shows PDF when \`credence filing\`
can download the filing's document. --json prints the API's answer (filings
grouped by category).`,
          'unknown company, or the API could not be reached\nor failed',
        ),
    )
    .action(lazy(async () => (await import('./filings.js')).filings));

  program
    .command('filing')
    .description("download a filing's document (the accounts PDF) by its transaction id")
    .argument('<number>', 'company number, such as 00445790 or SC123456')
    .argument('<transaction-id>', 'from `credence filings <number>`')
    .option('-o, --output <file>', 'write the document to FILE, atomically (- for stdout)')
    .addHelpText(
      'after',
      examples([
        'credence filing 00123456 MzAwMDAwMDA3MHNtcGxjcmVk --output accounts-2025.pdf',
        'credence filing 00123456 MzAwMDAwMDA3MHNtcGxjcmVk > accounts.pdf',
      ]) +
        RULES(
          `--output writes the file atomically: it appears complete or not at all,
and "bytes → file" goes to stderr (with --json, a JSON summary to stdout).
Without --output the document goes to stdout when that is a pipe, else to
NUMBER-TRANSACTION.pdf in the current directory.`,
          'unknown company or transaction id,\na filing without a document, a failed download',
        ),
    )
    .action(lazy(async () => (await import('./filings.js')).filing));
}
