/**
 * How the client talks (docs/architecture.md 5): when stdout is not a TTY, or --json is given, or CI
 * is set, there are no colours, spinners or prompts; NO_COLOR / --no-color turn colours off.
 */
export interface Mode {
  /** Prompts allowed (a person at a terminal). */
  interactive: boolean;
  /** Machine output: JSON on stdout. */
  json: boolean;
  /** ANSI colours on stderr / stdout. */
  color: boolean;
  stdoutIsTTY: boolean;
  /** Columns of the terminal for tables (80 when unknown). */
  width: number;
}

export interface ModeInput {
  json?: boolean;
  /** commander's `--no-color` gives color: false. */
  color?: boolean;
  env: Record<string, string | undefined>;
  stdoutIsTTY: boolean;
  stdinIsTTY: boolean;
  columns?: number;
}

function set(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function detectMode(input: ModeInput): Mode {
  const ci = set(input.env.CI);
  const json = input.json === true;
  const headless = !input.stdoutIsTTY || json || ci;
  const noColor = input.color === false || (input.env.NO_COLOR !== undefined && input.env.NO_COLOR !== '');
  const envColumns = Number(input.env.COLUMNS);
  const width = input.columns && input.columns > 0 ? input.columns : Number.isInteger(envColumns) && envColumns > 0 ? envColumns : 80;
  return {
    interactive: !headless && input.stdinIsTTY,
    json,
    color: !headless && !noColor,
    stdoutIsTTY: input.stdoutIsTTY,
    width,
  };
}

export function currentMode(options: { json?: boolean; color?: boolean }): Mode {
  return detectMode({
    json: options.json,
    color: options.color,
    env: process.env,
    stdoutIsTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    columns: process.stdout.columns,
  });
}
