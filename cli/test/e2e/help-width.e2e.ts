/**
 * `credence --help` in a real terminal (tmux) wraps at the terminal's width: commander's lists and
 * the examples and notes written by hand alike, at 80 columns (the cached help) and at 60 and 120
 * (commander's, at the terminal's columns).
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { BIN, isolatedHome } from '../support/processes.js';
import { Tmux } from './tmux.js';

describe('credence --help at the terminal width', () => {
  for (const [command, columns] of [
    [[], 80],
    [[], 60],
    [['screener'], 80],
    [['screener'], 60],
    [[], 120],
  ] as const) {
    it(`${['credence', ...command, '--help'].join(' ')} at ${columns} columns`, async () => {
      const term = new Tmux();
      const home = isolatedHome();
      try {
        // Tall enough for the whole help; the program prints it and exits.
        term.start([process.execPath, BIN, ...command, '--help'], { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' }, columns, 200);
        await term.waitFor((s) => /EXIT=\d+/.test(s), 'the help');
        const screen = term.joinedScreen();
        expect(screen).toContain('EXIT=0');
        const lines = screen.split('\n').filter((l) => l.trim() !== '' && !l.includes('EXIT='));
        expect(lines.join('\n')).toContain(command.length ? 'Usage: credence screener' : 'Usage: credence [options] [command]');
        expect(lines.join('\n')).toContain('Examples:');
        // Read with wrapped rows joined: a line the program wrote too long shows whole.
        for (const line of lines) expect({ line, fits: Array.from(line.trimEnd()).length <= columns }).toEqual({ line, fits: true });
        // Descriptions wrap under their column, or, with no room beside the terms, under each term.
        if (command.length === 0) expect(screen).toMatch(columns >= 80 ? /\n {46}\S/ : /\n {2}--api-url <url>\n {6}API address/);
        if (columns === 120) expect(lines.some((line) => Array.from(line).length > 80)).toBe(true);
      } finally {
        term.stop();
      }
    });
  }
});
