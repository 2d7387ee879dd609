// Writes dist/help-cache.json: the --help text of every command (80 columns), so that
// `credence [command] --help` prints it without loading commander (see bin/credence.js).
// Run by `npm run build`; test/help-cache.spec.ts checks it matches the live program.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { helpTexts } = await import(join(root, 'dist', 'src', 'help-texts.js'));
writeFileSync(join(root, 'dist', 'help-cache.json'), `${JSON.stringify({ version, width: 80, help: helpTexts(version, 80) })}\n`);
