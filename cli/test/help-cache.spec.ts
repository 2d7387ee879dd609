import { describe, it } from 'node:test';
import { expect } from 'expect';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, credence, runNode } from './support/processes.js';

const cache = JSON.parse(readFileSync(join(REPO, 'cli', 'dist', 'help-cache.json'), 'utf8')) as { help: Record<string, string> };
const main = pathToFileURL(join(REPO, 'cli', 'dist', 'src', 'main.js')).href;

describe('the help printed without loading commander', () => {
  it('covers every command and is exactly what commander prints', async () => {
    expect(Object.keys(cache.help)).toEqual(
      expect.arrayContaining(['', 'screener', 'screener columns', 'creditors lenders', 'creditors lender', 'login']),
    );
    for (const path of Object.keys(cache.help)) {
      const words = path === '' ? [] : path.split(' ');
      const fast = await credence([...words, '--help']);
      // Straight through commander, skipping the bin's fast path.
      const script = `import(${JSON.stringify(main)}).then((m) => m.run(['node', 'credence', ...${JSON.stringify(words)}, '--help']))`;
      const viaCommander = await runNode('--input-type=module', ['-e', script], {});
      expect({ path, code: fast.code, text: fast.stdout }).toEqual({ path, code: 0, text: viaCommander.stdout });
    }
  });
});
