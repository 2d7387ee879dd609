/** The --help text of every command at a given width (for dist/help-cache.json and its test). */
import type { Command } from 'commander';
import { buildProgram } from './program.js';

/** "" → the program's help, "screener" → `credence screener --help`, "creditors lenders" → ... */
export function helpTexts(version: string, width: number): Record<string, string> {
  const texts: Record<string, string> = {};
  const visit = (command: Command, path: string[]) => {
    let text = '';
    command.configureOutput({ writeOut: (s) => (text += s), getOutHelpWidth: () => width });
    command.outputHelp();
    texts[path.join(' ')] = text;
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(buildProgram(version), []);
  return texts;
}
