/**
 * What an API start loads: the libraries only some requests need (spreadsheets, PDFs, the MCP SDK,
 * mail, Bull and ioredis without Redis, the LLM client) load on first use, never at start, where
 * they cost every process about 1.2 s of CPU (`npm run bench:start-import`). A static import of one
 * of them anywhere on the start's path fails this.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { expect } from 'expect';

const ON_FIRST_USE = ['exceljs', 'bull', 'ioredis', 'pdfkit', 'pdfjs-dist', '@modelcontextprotocol/sdk', 'zod', 'nodemailer'];

/** Every package a fresh process resolves while importing `entry`. */
function packagesLoadedBy(entry: string): string[] {
  const hooks = `export async function resolve(specifier, context, next) {
    const found = await next(specifier, context);
    const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(found.url)?.[1];
    if (name) process.stdout.write(name + '\\n');
    return found;
  }`;
  const script = `
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
    await import(${JSON.stringify(pathToFileURL(entry).href)});`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(run.stderr).toBe('');
  return [...new Set(run.stdout.split('\n').filter(Boolean))];
}

describe('an API start', () => {
  it('loads the spreadsheet, PDF, MCP, mail and Redis libraries only when a request needs them', () => {
    const loaded = packagesLoadedBy(join(dirname(fileURLToPath(import.meta.url)), 'app.module.js'));
    expect(loaded).toEqual(expect.arrayContaining(['@nestjs/core', 'typeorm']));
    expect(loaded.filter((name) => ON_FIRST_USE.includes(name))).toEqual([]);
  });
});
