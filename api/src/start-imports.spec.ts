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

/** Every file under node_modules a fresh process resolves while importing `entry` ("typeorm/index.mjs"). */
function modulesLoadedBy(entry: string): string[] {
  const hooks = `export async function resolve(specifier, context, next) {
    const found = await next(specifier, context);
    const path = /node_modules\\/(.+)$/.exec(found.url)?.[1];
    if (path) process.stdout.write(path + '\\n');
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

const packageOf = (path: string) => /^(?:@[^/]+\/)?[^/]+/.exec(path)![0];

describe('an API start', () => {
  it('loads the spreadsheet, PDF, MCP, mail, Redis and LLM client libraries only when a request needs them', () => {
    const loaded = modulesLoadedBy(join(dirname(fileURLToPath(import.meta.url)), 'app.module.js'));
    const packages = new Set(loaded.map(packageOf));
    expect([...packages]).toEqual(expect.arrayContaining(['@nestjs/core', 'typeorm']));
    expect([...packages].filter((name) => ON_FIRST_USE.includes(name))).toEqual([]);
    // of openai, only its error classes (model-round.ts tells a provider's failures apart with them)
    expect(loaded.filter((path) => packageOf(path) === 'openai' && !/(^|\/)(core\/|internal\/)?errors?\.m?js$/.test(path))).toEqual([]);
  });
});
