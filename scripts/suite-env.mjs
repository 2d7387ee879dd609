// What each test runner's suites, and the processes they start, take from the environment.
// Imported by every test runner after memory-scratch.mjs (the root's, for the browser files it runs
// itself, and each workspace's): a runner started by another sets its own.
//
// - A GNU screen socket folder of their own (SCREENDIR), removed when the runner exits. Screen
//   sessions are per user and the API lists every session of its user, so when suites ran side by
//   side (as `npm test` and CI run them) a suite's list, and the session a terminal test opened
//   first, held other suites' sessions.
// - No extra CA bundle (NODE_EXTRA_CA_CERTS): every node process parses it at start (40 ms of CPU
//   each on this machine, against 56 ms for `node -e 0` without it), a run starts several hundred,
//   and the suites speak only to servers of their own over plain HTTP.
// - V8's baseline WebAssembly compiler only (--liftoff-only) for the test processes and the node
//   processes they start (CREDENCE_TEST_NODE_FLAGS, read by @credence/shared/api-process): each
//   process that opens the embedded database compiles PGlite's 9 MB of WebAssembly, and the
//   optimising tier's work (about 0.7 s of CPU a process here) never paid back in processes that
//   live seconds (docs/decisions.md, "CI and npm test"). Set it empty to run as the product ships.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const screens = mkdtempSync(join(tmpdir(), 'screens-'));
process.env.SCREENDIR = screens;
process.on('exit', () => rmSync(screens, { recursive: true, force: true }));
delete process.env.NODE_EXTRA_CA_CERTS;
process.env.CREDENCE_TEST_NODE_FLAGS ??= '--liftoff-only';
