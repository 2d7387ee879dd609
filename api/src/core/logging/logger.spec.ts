import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { teeToLogFile } from './logger.js';

const dir = mkdtempSync(join(tmpdir(), 'credence-logger-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function contentOf(path: string, expected: string): Promise<void> {
  for (let i = 0; i < 200 && !(existsSync(path) && readFileSync(path, 'utf8') === expected); i++)
    await new Promise((r) => setTimeout(r, 10));
  expect(readFileSync(path, 'utf8')).toBe(expected);
}

describe('the request log file (api.log in the first ops log root)', () => {
  it('appends each line to the file, and never writes through a symlink planted at its name', async () => {
    mkdirSync(join(dir, 'logs'));
    writeFileSync(join(dir, 'secret'), 'untouched\n');
    symlinkSync(join(dir, 'secret'), join(dir, 'logs', 'api.log'));
    teeToLogFile(join(dir, 'logs', 'api.log')).write('{"msg":"a request line for the planted link"}\n');
    const real = teeToLogFile(join(dir, 'logs', 'real.log'));
    real.write('{"msg":"first"}\n');
    real.write('{"msg":"second"}\n');
    await contentOf(join(dir, 'logs', 'real.log'), '{"msg":"first"}\n{"msg":"second"}\n');
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe('untouched\n');
  });
});
