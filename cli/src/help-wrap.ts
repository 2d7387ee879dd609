/**
 * The hand-written parts of --help (examples, filters, exit codes) wrapped to the help's width,
 * as commander wraps its own lists: a line too long goes on under its second column ("$ credence
 * screener ...   what it does") or under its own indent. Plain ASCII text, measured in characters;
 * loaded with commander only (no string-width), so --help stays fast.
 */
import { Command, Help, type AddHelpTextContext } from 'commander';

/** Below this many columns of room, a description wraps under its line's indent rather than its column. */
const MIN_HANGING_ROOM = 24;

function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const indent = /^ */.exec(line)![0].length;
  // The second column: after the first run of two spaces or more that follows some text.
  const column = /^( *\S(?:.*?\S)? {2,})(?=\S)/.exec(line);
  const underColumn = column !== null && width - column[1].length >= MIN_HANGING_ROOM;
  const head = underColumn ? column[1] : ' '.repeat(indent);
  const hanging = underColumn ? head.length : indent + 4;
  const out: string[] = [];
  let current = head;
  let empty = true;
  for (const word of line.slice(head.length).split(/ +/).filter(Boolean)) {
    const candidate = empty ? current + word : `${current} ${word}`;
    if (empty || candidate.length <= width) current = candidate;
    else {
      out.push(current);
      current = ' '.repeat(hanging) + word;
    }
    empty = false;
  }
  out.push(current);
  return out.map((part) => part.trimEnd());
}

/** Text wrapped to `width` columns, line by line. */
export function wrapHelp(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, Math.max(40, width)))
    .join('\n');
}

/** The width commander renders this command's help at: the terminal's columns, 80 when there is none. */
function helpWidthOf(command: Command): number {
  const output = command.configureOutput() as { getOutHelpWidth?: () => number | undefined };
  return output.getOutHelpWidth?.() ?? process.stdout.columns ?? 80;
}

/** A Command whose added help texts (examples, notes) wrap at the help's width, as its own lists do. */
export class WrappingCommand extends Command {
  override createCommand(name?: string): Command {
    return new WrappingCommand(name);
  }

  override addHelpText(
    position: 'before' | 'after' | 'beforeAll' | 'afterAll',
    text: string | ((context: AddHelpTextContext) => string),
  ): this {
    if (typeof text !== 'string') return super.addHelpText(position, text);
    return super.addHelpText(position, (context) => wrapHelp(text, helpWidthOf(context.command)));
  }
}

/** Room a description needs beside its term; with less, it goes under the term. */
const MIN_DESCRIPTION_ROOM = 24;

/**
 * Commander's item (an option or a command with its description) at any width: two columns when
 * the description has room beside the term, else the term on its own line and the description
 * wrapped under it (a 60-column terminal), so that no line runs past the width.
 */
export function formatHelpItem(term: string, termWidth: number, description: string, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  if (!description || width - termWidth - 4 >= MIN_DESCRIPTION_ROOM)
    return Help.prototype.formatItem.call(helper, term, termWidth, description, helper);
  const under = helper
    .boxWrap(description, width - 6)
    .split('\n')
    .map((line) => `      ${line}`);
  return [`  ${term}`, ...under].join('\n');
}
