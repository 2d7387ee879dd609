import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { ScreenSession } from '@credence/shared';

/** One session line of `screen -ls`, with or without Debian's date column (reference/ops-ssm-screen.md). */
const SESSION_LINE = /^\t(\d+)\.(\S+)\t(?:\([^)]*\)\t)?\(([^)]+)\)$/;
const HARDCOPY_WAIT_MS = 3_000;
const HARDCOPY_POLL_MS = 25;

export const SCREEN_MISSING =
  'GNU screen is not installed on this host: install it (apt-get install screen on Debian and Ubuntu, dnf install screen on Fedora) to list and watch screen sessions.';

/** Parses `screen -ls`: one entry per session line, the rest (headers, socket folder) ignored. */
export function parseScreenList(output: string): ScreenSession[] {
  const screens: ScreenSession[] = [];
  for (const line of output.split('\n')) {
    const match = SESSION_LINE.exec(line.replace(/\r$/, ''));
    if (!match) continue;
    const status = match[3];
    screens.push({ pid: Number(match[1]), name: match[2], status, attached: /^(Multi )?attached$/i.test(status) });
  }
  return screens;
}

interface Run {
  stdout: string;
  code: number | null;
}

/**
 * GNU screen for the server's own user, always run with an argument array (never a shell): the
 * session list and a session's content (its `hardcopy -h`, scrollback included, written to a
 * private temporary folder, read, then removed).
 */
export class ScreenCli {
  constructor(private readonly bin = 'screen') {}

  private run(args: string[]): Promise<Run> {
    return new Promise((resolve, reject) => {
      execFile(this.bin, args, { timeout: 5_000, maxBuffer: 1024 * 1024, encoding: 'utf8' }, (error, stdout) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code === 'ENOENT') return reject(new ServiceUnavailableException(SCREEN_MISSING));
        // `screen -ls` exits 1 when it lists sessions on several versions: its output is what counts.
        resolve({ stdout: String(stdout ?? ''), code: typeof code === 'number' ? code : error ? 1 : 0 });
      });
    });
  }

  async list(): Promise<ScreenSession[]> {
    return parseScreenList((await this.run(['-ls'])).stdout);
  }

  async session(pid: number): Promise<ScreenSession> {
    const session = (await this.list()).find((s) => s.pid === pid);
    if (!session) throw new NotFoundException(`No screen session with pid ${pid} on this host`);
    return session;
  }

  /** The session's window as text (scrollback and screen), trailing blanks trimmed. */
  async content(pid: number): Promise<string> {
    const session = await this.session(pid);
    const dir = await mkdtemp(join(tmpdir(), 'credence-screen-'));
    const file = join(dir, 'hardcopy.txt');
    try {
      await this.run(['-S', `${session.pid}.${session.name}`, '-X', 'hardcopy', '-h', file]);
      const deadline = Date.now() + HARDCOPY_WAIT_MS;
      for (;;) {
        const text = await readFile(file).catch(() => null);
        if (text) return tidy(new TextDecoder('utf-8', { fatal: false }).decode(text));
        if (Date.now() > deadline) throw new ServiceUnavailableException(`screen session ${pid} did not write its content in time`);
        await new Promise((r) => setTimeout(r, HARDCOPY_POLL_MS));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

export function tidy(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/\s+$/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
