// GNU screen sessions are per user: the API lists every session of its user, so a suite's screen
// list (and the session a terminal test opens first) held other suites' sessions whenever suites
// ran side by side, as `npm test` and CI run them. Each test runner gives its suites and the APIs
// they start a screen socket folder of their own (SCREENDIR), removed when the runner exits.
// Imported by every test runner after memory-scratch.mjs; a runner started by another gets its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const screens = mkdtempSync(join(tmpdir(), 'screens-'));
process.env.SCREENDIR = screens;
process.on('exit', () => rmSync(screens, { recursive: true, force: true }));
