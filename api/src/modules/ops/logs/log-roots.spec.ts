import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { LogRoots } from './log-roots.js';

const base = mkdtempSync(join(tmpdir(), 'credence-roots-'));
after(() => rmSync(base, { recursive: true, force: true }));
const root = join(base, 'logs');
const outside = join(base, 'secret');
mkdirSync(join(root, 'pipeline'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(root, 'api.log'), 'api\n');
writeFileSync(join(root, 'pipeline', 'run.log'), 'run\n');
writeFileSync(join(outside, 'passwd'), 'root:x:0:0\n');
symlinkSync(join(outside, 'passwd'), join(root, 'escape.log'));
symlinkSync(join(root, 'api.log'), join(root, 'alias.log'));
symlinkSync(outside, join(root, 'outdir'));
const roots = new LogRoots([root]);

describe('LogRoots: paths confined to the log directories', () => {
  it('lists the files under the roots, not what a symlink points to outside them', async () => {
    const listed = await roots.list();
    expect(listed.map((f) => f.name).sort()).toEqual(['api.log', 'pipeline/run.log']);
    expect(listed.find((f) => f.name === 'api.log')).toMatchObject({ path: join(root, 'api.log'), size: 4 });
  });

  it('resolves absolute and relative names, and symlinks that stay inside', async () => {
    expect(await roots.resolve(join(root, 'pipeline', 'run.log'))).toBe(join(root, 'pipeline', 'run.log'));
    expect(await roots.resolve('pipeline/run.log')).toBe(join(root, 'pipeline', 'run.log'));
    expect(await roots.resolve('alias.log')).toBe(join(root, 'api.log'));
    expect(await roots.resolve(join(root, 'pipeline', '..', 'api.log'))).toBe(join(root, 'api.log'));
  });

  it('refuses .. out of the roots, symlinks out of them, directories and other absolute paths (400), and answers 404 for a missing file', async () => {
    for (const hostile of [
      '../../etc/passwd',
      '/etc/passwd',
      join(root, '..', 'secret', 'passwd'),
      'escape.log',
      'outdir/passwd',
      join(root, 'escape.log'),
    ]) {
      await expect(roots.resolve(hostile)).rejects.toMatchObject({ status: 400 });
    }
    await expect(roots.resolve('pipeline')).rejects.toMatchObject({ status: 400, message: expect.stringContaining('must name a file') });
    await expect(roots.resolve('nope.log')).rejects.toMatchObject({ status: 404, message: 'No such log file: nope.log' });
    await expect(roots.resolve('; rm -rf /')).rejects.toMatchObject({ status: 404 });
  });
});
