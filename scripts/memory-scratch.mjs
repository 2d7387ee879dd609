// Suites' scratch folders (the PGlite data directories each suite copies from the run's template,
// first-start copies, uploads) go on tmpfs where the machine has one and TMPDIR names no other
// place: a suite's copy took 4-10 s there against 15 s on the disk, and half the CPU, at load 30
// (docs/benchmarks.md, "CI and npm test"). Each suite removes its folders when it ends.
// One folder a run, removed when the runner exits, so a suite that fails before its clean-up
// leaves nothing in memory. Imported first by every test runner (scripts/test.js and each
// workspace's scripts/test.js).
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';

if (!process.env.TMPDIR) {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const scratch = mkdtempSync('/dev/shm/credence-run-');
    process.env.TMPDIR = scratch;
    process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  } catch {
    // no tmpfs: the system's temporary folder
  }
}
