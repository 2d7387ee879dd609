import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('the saved session', () => {
  // the specs share a process: the next file sees the config home it started with
  const configHome = process.env.XDG_CONFIG_HOME;
  after(() => {
    if (configHome === undefined) delete process.env.XDG_CONFIG_HOME;
    else process.env.XDG_CONFIG_HOME = configHome;
  });

  it('keeps one token per API address in $XDG_CONFIG_HOME/credence/config.json, mode 0600', async () => {
    const home = mkdtempSync(join(tmpdir(), 'credence-conf-'));
    process.env.XDG_CONFIG_HOME = home;
    const { forgetToken, readToken, saveToken } = await import('../src/runtime/token-store.js');
    const path = await saveToken('http://127.0.0.1:3000/', 'tok.en.one', 'ada@example.com');
    await saveToken('https://credence.example.com', 'tok.en.two');
    expect(path).toBe(join(home, 'credence', 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await readToken('http://127.0.0.1:3000')).toBe('tok.en.one');
    expect(await readToken('https://credence.example.com')).toBe('tok.en.two');
    expect(await readToken('http://elsewhere:3000')).toBeNull();
    expect(Object.keys((JSON.parse(readFileSync(path, 'utf8')) as { sessions: object }).sessions)).toEqual([
      'http://127.0.0.1:3000',
      'https://credence.example.com',
    ]);
    expect(await forgetToken('http://127.0.0.1:3000')).toBe(true);
    expect(await forgetToken('http://127.0.0.1:3000')).toBe(false);
    expect(await readToken('http://127.0.0.1:3000')).toBeNull();
    expect(await readToken('https://credence.example.com')).toBe('tok.en.two');
  });
});
