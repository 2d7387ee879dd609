// `npm run build`: shared first (every other package compiles against it), then the API beside the
// web app and the terminal client: none of the three reads another's output, and one after another
// they left a core idle (a fresh clone: 47 s one after another, docs/benchmarks.md).
// Each package's output is printed as one block when it ends, under its name; the exit status is
// the first failure's.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one workspace's build; resolves with its exit status once its output is printed. */
function build(name) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(npm, ['run', 'build', '--silent', '-w', `@credence/${name}`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (status) => {
      const text = Buffer.concat(output).toString().trimEnd();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stderr.write(
        `build: ${name} ${status === 0 ? 'built' : `FAILED (exit ${status})`} in ${seconds} s${text ? `\n${text}` : ''}\n`,
      );
      resolve(status);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const first = await build('shared');
if (first !== 0) process.exit(first);
// Two lanes for two cores: the API's compile (the longest) in one, the web app's and the terminal client's in the other.
const lane = async (names) => {
  let status = 0;
  for (const name of names) status ||= await build(name);
  return status;
};
const rest = await Promise.all([lane(['api']), lane(['web', 'cli'])]);
process.exit(rest.find((status) => status !== 0) ?? 0);
