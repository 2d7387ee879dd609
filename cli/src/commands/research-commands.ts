/**
 * The research commands (`ask`, `chats list|show|delete`) added to the program, with help that
 * teaches by example. Only commander is loaded here: each handler is imported when it runs.
 */
import { Option, type Command } from 'commander';
import type { GlobalOptions } from '../runtime/session.js';

type Handler = (options: Record<string, unknown> & GlobalOptions, args: string[]) => Promise<void>;
type Lazy = (load: () => Promise<Handler>) => (...params: unknown[]) => Promise<void>;

const collect = (value: string, previous: string[] = []) => [...previous, value];
const examples = (lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

const ASK_HELP = `${examples([
  'credence ask "Create a summary sheet" --company 00445790',
  'credence ask "Who lends to it, against what security?" --company SC123456',
  'credence ask "How did the margins change?" --chat <id>',
  'credence ask "Capital structure analysis" -c 00445790 --json | jq .chat_id',
  'credence ask "Covenant summary" -c 00445790 --stream | jq -c .type',
  'credence ask --pdf 10k-2019.pdf --pdf 10k-2018.pdf "What was EBITDA in 2019?"',
])}
Output: the plan's steps tick on stderr as they run (a spinner only in a
terminal). The answer prints to stdout as it is written: headings, tables,
and each figure's source as a numbered footnote, listed at the end:
  [1] Full accounts made up to 31/12/2024, page 7
--json: one document at the end, {chat_id, answer} (the stored answer: text,
citations, tables, related questions). --stream: each event as a line of
JSON, {id, type, data}; types plan, step, text, table, citation, related,
done, error. --chat <id> asks a follow-up in the same chat.
Answers come from Credence's own data: a figure the data cannot back is
marked unverified or left out; a question it cannot answer is declined.
Exit codes: 0 answered; 1 failed (the answer's error, or "You have
exceeded your quota!"); 2 usage (bad flag, empty question); 4 not signed
in or session expired; 130 cancelled with Ctrl-C (the server stops too).`;

const RESTRUCTURE_HELP = `${examples([
  'credence restructure --pdf facilities-agreement.pdf --pdf notes-offering.pdf',
  'credence restructure --pdf sfa.pdf --columns "Facility, Margin, Governing law"',
  'credence restructure --pdf sfa.pdf --pdf om.pdf -o capital-structure.xlsx',
  'credence restructure --chat <key> --json | jq .table_data.rows',
  'credence restructure --pdf loan.pdf --category private_credit',
])}
Reads credit documents (credit agreements, bond prospectuses, indentures)
into a table: a row per instrument or facility, a column per field.
Default columns: Instrument / Facility, Borrower / Issuer, Lenders / Agent,
Amount, Margin / Coupon, Maturity, Security, Financial Covenants, Ranking.
--columns replaces them (comma-separated; names are trimmed, an empty or
repeated one is refused). Each cell is the documents' words and its page:
  Margin / Coupon: 4.25 per cent. per annum  [sfa.pdf p. 3]
A term the documents do not state reads "Not found in the documents".
The PDFs go to a new workspace (upload progress on stderr); --chat <key>
reads one uploaded before (keys in \`credence docs list\`). Each run is saved
in your chat history, as /us/restructuring in the browser saves it.
Output: a block per instrument on stdout; --json the result {chat_key,
thought_process, observations, table_data}; --output FILE.xlsx writes the
workbook (sheets "Table" and "Observations", each cell's page as a note)
atomically and leaves stdout empty.
Exit codes: 0 done; 1 failed (names the step: "Query processing failed:
..."); 2 usage (no documents, a bad --columns or --output); 4 not signed in.`;

export function addResearchCommands(program: Command, lazy: Lazy): void {
  program
    .command('ask')
    .description('ask the AI analyst about a company: a plan, then an answer with cited figures')
    .argument('<question...>', 'the question (several words need no quotes)')
    .option('-c, --company <number>', 'the UK company to ask about, e.g. 00445790')
    .option('--cik <cik>', 'the US company (SEC CIK) to ask about')
    .addOption(new Option('-m, --model <model>', 'the model (default: flash)').choices(['flash', 'pro']))
    .option('--chat <id>', 'continue a chat (ids in `credence chats list`)')
    .option('--stream', 'print the events as JSON Lines as they arrive')
    .option('--pdf <file>', 'ask about a PDF: uploaded (with progress), indexed, then asked; repeat for several', collect)
    .addHelpText('after', ASK_HELP)
    .action(lazy(async () => (await import('./ask.js')).ask as Handler));

  program
    .command('restructure')
    .description('read credit documents into a table: a row per facility or bond, each cell cited to its page; Excel export')
    .argument('[query...]', 'what to look for (default: the capital structure)')
    .option('--pdf <file>', 'a PDF to read (uploaded with progress); repeat for several', collect)
    .option('--chat <key>', 'read the PDFs already uploaded to this workspace')
    .option('--columns <list>', 'the columns, comma-separated (default: the nine a credit analyst expects)')
    .addOption(new Option('--category <workflow>', 'the workflow (default: restructuring)').choices(['restructuring', 'private_credit']))
    .option('-o, --output <file.xlsx>', 'write the table and observations as an Excel workbook')
    .addHelpText('after', RESTRUCTURE_HELP)
    .action(lazy(async () => (await import('./restructure.js')).restructure as Handler));

  const docs = program
    .command('docs')
    .description('your uploaded PDFs: list them, delete one')
    .addHelpText('after', examples(['credence docs list', 'credence docs list --chat <key> --json', 'credence docs delete report.pdf']));
  docs
    .command('list')
    .description('your PDFs, newest first: file, chat, pages, size, uploaded')
    .option('--chat <key>', "only this chat's PDFs")
    .action(lazy(async () => (await import('./docs.js')).docsList));
  docs
    .command('delete')
    .description('delete one of your PDFs (its pages and index with it)')
    .argument('<file>', 'the file name, from `credence docs list`')
    .option('--chat <key>', 'the chat it is in (needed when the name is in several)')
    .action(lazy(async () => (await import('./docs.js')).docsDelete));

  const chats = program
    .command('chats')
    .description("your research chats: list them, show one, export a restructuring run's table, delete one")
    .addHelpText(
      'after',
      examples([
        'credence chats list',
        'credence chats show <id>',
        'credence chats export <id> --run <run> -o table.xlsx',
        'credence chats delete <id>',
        "credence chats list --json | jq -r '.[].chat_id'",
      ]),
    );
  chats
    .command('list')
    .description('your chats, newest first: id, title (the first question), company, updated')
    .addHelpText(
      'after',
      `${examples(['credence chats list', 'credence chats list --json'])}\n"No chats found." (on stderr, exit 0) when you have none.`,
    )
    .action(lazy(async () => (await import('./chats.js')).chatsList));
  chats
    .command('show')
    .description("one chat's questions and answers, printed as `credence ask` prints them")
    .argument('<id>', 'the chat id, from `credence chats list`')
    .addHelpText('after', examples(['credence chats show <id>', 'credence chats show <id> --json | jq .details[0].observations.text']))
    .action(lazy(async () => (await import('./chats.js')).chatsShow));
  chats
    .command('export')
    .description("a restructuring chat's table as an Excel workbook (sheets Table and Observations), as the web's Export writes it")
    .argument('<id>', 'the chat id, from `credence chats list`')
    .option('--run <run>', 'the run to export, from `credence chats show <id>` (default: the latest run with a table)')
    .requiredOption('-o, --output <file.xlsx>', 'the workbook to write (atomically)')
    .addHelpText(
      'after',
      `${examples(['credence chats export <id> -o capital-structure.xlsx', 'credence chats export <id> --run <run> -o before-amendment.xlsx'])}
Each run of \`credence restructure\` (or of /us/restructuring) is kept in the chat:
\`credence chats show <id>\` lists them with their ids. Exit codes: 0 written; 1 no such
chat or run, or no table in it (the server's words); 2 usage; 4 not signed in.`,
    )
    .action(lazy(async () => (await import('./chats.js')).chatsExport as Handler));
  chats
    .command('delete')
    .description('delete one of your chats')
    .argument('<id>', 'the chat id, from `credence chats list`')
    .addHelpText('after', examples(['credence chats delete <id>']))
    .action(lazy(async () => (await import('./chats.js')).chatsDelete));
}
