import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it('opens a file for reading and says which (inode, size); refuses a FIFO at once, and a hard link of a secret file', async () => {
    const file = await roots.open('pipeline/run.log');
    try {
      expect(file).toMatchObject({ path: join(root, 'pipeline', 'run.log'), size: 4, inode: expect.stringMatching(/^\d+$/) });
      expect((await file.handle.readFile()).toString()).toBe('run\n');
    } finally {
      await file.handle.close();
    }
    execFileSync('mkfifo', [join(root, 'pipe.log')]);
    await expect(roots.open('pipe.log')).rejects.toMatchObject({ status: 400 });
    writeFileSync(join(outside, 'jwt-secret'), 'signing key\n');
    linkSync(join(outside, 'jwt-secret'), join(root, 'innocent.log'));
    const guarded = new LogRoots([root], [join(outside, 'jwt-secret'), join(outside, 'missing-admin-password')]);
    await expect(guarded.open('innocent.log')).rejects.toMatchObject({ status: 400 });
    await expect(guarded.open('api.log').then((f) => f.handle.close())).resolves.toBeUndefined();
  });

  it('never reads a file a directory swap sent it to between the check and the open', async () => {
    mkdirSync(join(root, 'race'));
    writeFileSync(join(root, 'race', 'app.log'), 'inside\n');
    mkdirSync(join(outside, 'race'));
    writeFileSync(join(outside, 'race', 'app.log'), 'outside secret\n');
    class Racing extends LogRoots {
      override async resolve(path: string): Promise<string> {
        const real = await super.resolve(path);
        // The attacker swaps the checked directory for a link out of the roots, just after the check.
        renameSync(join(root, 'race'), join(root, 'race.old'));
        symlinkSync(join(outside, 'race'), join(root, 'race'));
        return real;
      }
    }
    await expect(new Racing([root]).open('race/app.log')).rejects.toMatchObject({ status: 400 });
  });
});
