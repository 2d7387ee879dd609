/**
 * Drives a program in a real terminal: tmux on its own server socket (never the user's), one
 * session per run, keys sent as a person types them, the screen read with capture-pane.
 */
import { execFileSync } from 'node:child_process';

export class Tmux {
  private readonly socket = `credence-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  readonly session = 'tui';

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** Starts `command` (argv) in a detached session of the given size, with exactly `env` (plus TERM). */
  start(command: string[], env: Record<string, string>, columns: number, rows: number): void {
    const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const assignments = Object.entries({ TERM: 'xterm-256color', ...env }).map(([k, v]) => `${k}=${quoted(v)}`);
    // `env -i`: nothing of this process leaks in (CI above all: the UI refuses to run under CI);
    // after the program exits the shell prints its status and waits, so the screen can be read
    const script = `env -i ${assignments.join(' ')} ${command.map(quoted).join(' ')}; echo "EXIT=$?"; sleep 600`;
    this.tmux(['-f', '/dev/null', 'new-session', '-d', '-s', this.session, '-x', String(columns), '-y', String(rows), script]);
  }

  /** The screen as text, one line per row. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-t', this.session]);
  }

  /** The screen with the rows a too-long line wrapped onto joined back (capture-pane -J): a line wider than the terminal shows. */
  joinedScreen(): string {
    return this.tmux(['capture-pane', '-p', '-J', '-t', this.session]);
  }

  /** The screen with its colours as escape sequences (capture-pane -e). */
  styledScreen(): string {
    return this.tmux(['capture-pane', '-p', '-e', '-t', this.session]);
  }

  lines(): string[] {
    return this.screen().replace(/\n$/, '').split('\n');
  }

  /** Named keys (Enter, Escape, Tab, Down, C-u, ...), each sent on its own. */
  keys(...names: string[]): void {
    for (const name of names) this.tmux(['send-keys', '-t', this.session, name]);
  }

  /** Text typed as is. */
  type(text: string): void {
    this.tmux(['send-keys', '-t', this.session, '-l', text]);
  }

  /** The pane's title (what an OSC 0/2 sequence written to the terminal would set). */
  title(): string {
    return this.tmux(['display-message', '-p', '-t', this.session, '#{pane_title}']).trim();
  }

  /** The pid of the program the session runs (the child of the pane's shell). */
  programPid(): number {
    const shell = this.tmux(['display-message', '-p', '-t', this.session, '#{pane_pid}']).trim();
    const child = execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim().split('\n')[0];
    return Number(child);
  }

  resize(columns: number, rows: number): void {
    this.tmux(['resize-window', '-t', this.session, '-x', String(columns), '-y', String(rows)]);
  }

  /**
   * Polls the screen until `test` passes on two captures in a row, 30 ms apart, and returns the
   * second; fails with what the screen showed. One capture can land while the program is still
   * writing a frame (a loaded machine reads the pty in pieces): the rows the test looked at are
   * new, the rows the caller checks next may still be blank or old.
   */
  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
    const started = Date.now();
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let screen = this.screen();
    for (;;) {
      if (test(screen)) {
        await pause(30);
        const again = this.screen();
        if (test(again)) return again;
        screen = again;
        continue;
      }
      if (Date.now() - started > timeoutMs)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the screen was:\n${screen}`);
      await pause(40);
      screen = this.screen();
    }
  }

  /**
   * Waits for the screen to differ from `previous` and then hold still (two captures in a row
   * alike), and returns it: after a key whose effect the caller cannot name in advance (a
   * selection moving one step), so the next key is sent only once this one has been drawn.
   */
  async waitForChange(previous: string, what: string, timeoutMs = 10_000): Promise<string> {
    let last = previous;
    return this.waitFor(
      (s) => {
        const settled = s !== previous && s === last;
        last = s;
        return settled;
      },
      what,
      timeoutMs,
    );
  }

  stop(): void {
    try {
      this.tmux(['kill-server']);
    } catch {
      // already gone
    }
  }
}
