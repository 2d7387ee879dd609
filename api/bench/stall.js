// npm run bench:stall (in api/, after npm run build): issue 24 section 2's budgets with the API in its
// own process, as deployed: /api/health p99 <= 250 ms while one analyst runs every attack of the
// security review at once (api/test/support/stall-attacks.ts, the e2e test's own attacks), and
// another analyst's small upload read within 10 s. Baselines in the same run: health p99 and the
// same small upload with nothing else running. Health is probed from a worker thread, so the
// attackers' client work in this process does not delay the probe's own loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { outboxMails } from '@credence/shared/mail';
import { adminHeaders, percentile, serverEnv, startServer } from './support.js';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { prepareStall, runStallAttacks } = await import(join(dist, 'test/support/stall-attacks.js'));
const { uploadPdfs } = await import(join(dist, 'test/support/documents-client.js'));
const { handMadePdf, textLines } = await import(join(dist, 'test/support/sample-documents.js'));

const BASELINE_MS = Number(process.env.BENCH_STALL_BASELINE_MS ?? 5000);
const ms = (v) => `${Math.round(v)} ms`;

/** Probes GET /api/health one request at a time from its own thread until stopped; answers the latencies. */
function probeHealth(base) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     let stop = false;
     parentPort.on('message', () => (stop = true));
     (async () => {
       const latencies = [];
       while (!stop) {
         const started = performance.now();
         const reply = await fetch(workerData + '/api/health');
         await reply.text();
         if (reply.status !== 200) throw new Error('health answered ' + reply.status);
         latencies.push(performance.now() - started);
       }
       parentPort.postMessage(latencies);
     })();`,
    { eval: true, workerData: base },
  );
  const result = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const latencies = await result;
      await worker.terminate();
      return latencies;
    },
  };
}

/** Signs up, verifies and approves an analyst through the API and its outbox; answers the access token. */
async function analyst(base, dataDir, email) {
  const password = 'a perfectly fine passphrase';
  const post = (path, body, headers = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const link = async (to, subject) => {
    for (let i = 0; i < 400; i++) {
      const mail = (await outboxMails(dataDir, to)).reverse().find((m) => subject.test(m.subject));
      const found = mail && /http:\/\/credence\.test\/\S+/.exec(mail.text)?.[0];
      if (found) return new URL(found).pathname;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail to ${to} matching ${subject}`);
  };
  const signup = await post('/api/signup', { email, password, full_name: 'Bench Analyst', company_name: 'Bench Co' });
  if (signup.status !== 201) throw new Error(`signup ${email}: ${signup.status} ${await signup.text()}`);
  await post(`/api${await link(email, /Verify/)}`);
  const admin = await adminHeaders(base);
  const approved = await post(`/api${await link('admin@credence.local', new RegExp(email.replace(/[.+]/g, '\\$&')))}`, undefined, admin);
  if (approved.status !== 200) throw new Error(`approve ${email}: ${approved.status}`);
  const login = await (await post('/api/login', { email, password })).json();
  return login.access_token;
}

const smallUpload = async (target, token, chat) => {
  const started = performance.now();
  const reply = await uploadPdfs(target, token, chat, [{ name: 'note.pdf', bytes: handMadePdf([textLines(['Revenue was 1,234.'])]) }]);
  if (reply.status !== 200) throw new Error(`small upload answered ${reply.status}`);
  return performance.now() - started;
};

const dataDir = mkdtempSync(join(tmpdir(), 'credence-bench-stall-'));
const limits = Object.fromEntries(
  ['FORM', 'DOCUMENT', 'PAGE_TEXT', 'PDF_FILE', 'CHAT', 'UPLOAD'].map((name) => [`${name}_RATE_LIMIT`, '1000/60s']),
);
const { child, base } = await startServer(
  serverEnv(dataDir, {
    ...limits,
    PUBLIC_URL: 'http://credence.test',
  }),
);
try {
  const target = { url: base };
  const mallory = await analyst(base, dataDir, 'mallory.bench@example.com');
  const alice = await analyst(base, dataDir, 'alice.bench@example.com');
  const setup = await prepareStall(target, mallory);

  const idleProbe = probeHealth(base);
  await new Promise((r) => setTimeout(r, BASELINE_MS));
  const idle = await idleProbe.stop();
  const idleUpload = await smallUpload(target, alice, 'alice-idle');

  const probe = probeHealth(base);
  const started = performance.now();
  // With the API in another process, the parse queue cannot be read: alice uploads once the six hostile uploads are on their way.
  const outcome = await runStallAttacks(target, { mallory, alice }, setup, () => new Promise((r) => setTimeout(r, 500)));
  const attacked = await probe.stop();
  const seconds = (performance.now() - started) / 1000;

  const p = (values, q) => ms(percentile(values, q));
  console.log(
    `load average ${(await import('node:os'))
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  );
  console.log(`/api/health, nothing else running:   p50 ${p(idle, 50)}  p99 ${p(idle, 99)}  (${idle.length} probes)`);
  console.log(
    `/api/health, every attack at once:  p50 ${p(attacked, 50)}  p99 ${p(attacked, 99)}  max ${ms(Math.max(...attacked))}  (${attacked.length} probes over ${seconds.toFixed(1)} s)  budget p99 <= 250 ms`,
  );
  console.log(
    `another analyst's small upload:      ${ms(outcome.smallUploadMs)} under attack, ${ms(idleUpload)} alone  budget <= 10,000 ms`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
