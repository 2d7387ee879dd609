/**
 * The US equity commands (`credence us search|kpis|source`) added to the program, with help that
 * teaches by example. Only commander is loaded here: each handler is imported when it runs.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from '../runtime/session.js';

type Handler = (options: Record<string, unknown> & GlobalOptions, args: string[]) => Promise<void>;
type Lazy = (load: () => Promise<Handler>) => (...params: unknown[]) => Promise<void>;

const examples = (lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

export function addUsCommands(program: Command, lazy: Lazy): void {
  const us = program
    .command('us')
    .description('US companies from SEC filings: search, KPI tables, the source of a figure')
    .addHelpText(
      'after',
      examples(['credence us search apple', 'credence us kpis AAPL --quarterly', 'credence us source AAPL revenue FY2023']),
    );
  us.command('search')
    .description('US companies by name, ticker or CIK (fuzzy: a typo still finds it)')
    .argument('<text...>', 'part of the name, the ticker or the CIK')
    .option('--limit <n>', 'companies to show (1-100; default 20)')
    .addHelpText('after', examples(['credence us search micro soft', 'credence us search 320193 --json']))
    .action(lazy(async () => (await import('./us.js')).usSearch as Handler));
  us.command('kpis')
    .description("a company's KPI table: a row per KPI, a column per fiscal year (or quarter)")
    .argument('<company>', 'ticker or CIK')
    .option(
      '--table <name>',
      'Income Statement (default), Balance Sheet, Cash Flow, Per Share, Margins and Returns, Growth (a prefix will do)',
    )
    .option('--quarterly', 'discrete fiscal quarters instead of fiscal years')
    .option('--periods <n>', 'the newest n periods (default: as many as fit)')
    .option('-o, --output <file.xlsx>', 'write every table, annual and quarterly, to an Excel workbook')
    .addHelpText(
      'after',
      `${examples([
        'credence us kpis AAPL',
        'credence us kpis AAPL --table cash --quarterly',
        'credence us kpis 320193 --json | jq .table_data[0]',
        'credence us kpis AAPL --output aapl-kpis.xlsx',
      ])}
Money in millions; a value marked * is derived (a quarter from year-to-date
figures, Q4 = FY − 9M, or a margin or growth rate): credence us source shows
how. Exit 1 when the company has no SEC data yet (request it in the web app).`,
    )
    .action(lazy(async () => (await import('./us.js')).usKpis as Handler));
  us.command('source')
    .description('where a figure comes from: its tag, filing, address and the sentence it is shown in')
    .argument('<company>', 'ticker or CIK')
    .argument('<kpi>', 'the KPI name, e.g. revenue, net_income (names in `credence us kpis --json`)')
    .argument('<period>', 'FY2023, Q4 2023 or 2023Q4')
    .addHelpText(
      'after',
      examples([
        'credence us source AAPL revenue FY2023',
        'credence us source AAPL revenue "Q4 2023"',
        'credence us source AAPL net_income 2023Q2 --json',
      ]),
    )
    .action(lazy(async () => (await import('./us.js')).usSource as Handler));
}
