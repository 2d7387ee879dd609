import { execFile } from 'node:child_process';
import { BadRequestException } from '@nestjs/common';
import { HOST_SCRIPT } from './host-script.js';

/** Runs the host script with its arguments (already base64) and answers its standard output. */
export interface ScriptRunner {
  run(args: string[]): Promise<string>;
}

const BASE64 = /^[A-Za-z0-9+/=]*$/;
/** Control characters (newline, NUL, escape...) never reach a host: a path or a pattern is one line. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Each value as base64 (refused when it holds a control character): the only form in which a value reaches the script. */
export function encodeArgs(values: string[]): string[] {
  return values.map((value) => {
    if (CONTROL.test(value)) throw new BadRequestException('values must be one line of text: no newlines, NUL or other control characters');
    return Buffer.from(value, 'utf8').toString('base64');
  });
}

/**
 * The SSM AWS-RunShellScript `commands`: one fixed line that sets the positional arguments to the
 * base64 values (checked again here: nothing but the base64 alphabet between single quotes, so no
 * quote, `$`, backtick, newline or `{{` can appear), then the fixed script's lines.
 */
export function ssmCommands(args: string[]): string[] {
  for (const arg of args) if (!BASE64.test(arg)) throw new Error('ops host script: an argument is not base64');
  return [`set -- ${args.map((arg) => `'${arg}'`).join(' ')}`, ...HOST_SCRIPT.split('\n')];
}

/** This host: the script under `sh -c` with the values as its arguments (no shell ever parses a value). */
export class LocalScriptRunner implements ScriptRunner {
  constructor(private readonly shell = 'sh') {}

  run(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        this.shell,
        ['-c', HOST_SCRIPT, 'credence-ops', ...args],
        { timeout: 30_000, maxBuffer: 1024 * 1024, encoding: 'utf8' },
        (error, stdout, stderr) => (error ? reject(new Error(`ops host script failed: ${stderr || error.message}`)) : resolve(stdout)),
      );
    });
  }
}
